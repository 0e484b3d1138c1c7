import {
  MARKETPLACE_CHANNELS,
  MARKETPLACE_PLATFORMS,
  type MarketplaceChannel,
  type MarketplaceStore,
  type MarketplaceStoresResponse,
  saveMarketplaceStoreRequest,
} from '@kitchaco/domain';
import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../api';
import { type FieldErrors, fieldErrors } from '../../../lib/schema-errors';
import { useSaveMarketplaceStore } from '../api/save-marketplace-store';

const ALL_BRANDS = 'all';

export const PLATFORM_OPTIONS = MARKETPLACE_CHANNELS.map((channel) => ({
  value: channel,
  label: MARKETPLACE_PLATFORMS[channel].name,
}));

interface StoreFormProps {
  locations: MarketplaceStoresResponse['locations'];
  /** The mapping being changed; absent for a new one. */
  store?: MarketplaceStore;
  onDone: () => void;
}

/**
 * A platform store and where its orders belong: a location and, usually, the one brand it sells.
 * "All brands" matches meal names across every brand of the location. Checked with the same
 * schema the server uses.
 */
export function StoreForm({ locations, store, onDone }: StoreFormProps) {
  const save = useSaveMarketplaceStore();
  const [platform, setPlatform] = useState<string | null>(store?.platform ?? null);
  const [storeId, setStoreId] = useState(store?.store_id ?? '');
  const [name, setName] = useState(store?.name ?? '');
  const [locationId, setLocationId] = useState<string | null>(store ? String(store.location_id) : null);
  const [vendorId, setVendorId] = useState<string>(store?.vendor_id ? String(store.vendor_id) : ALL_BRANDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const brands = locations.find((l) => String(l.id) === locationId)?.vendors ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = saveMarketplaceStoreRequest.safeParse({
      ...(store ? { id: store.id } : {}),
      platform: platform ?? undefined,
      store_id: storeId,
      name,
      location_id: locationId ? Number(locationId) : undefined,
      vendor_id: vendorId === ALL_BRANDS ? null : Number(vendorId),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: ({ store: saved }) => {
        notifications.show({
          color: 'green',
          message: `${MARKETPLACE_PLATFORMS[saved.platform].name} store ${saved.store_id} saved`,
        });
        onDone();
      },
    });
  };

  const serverField = save.error instanceof ApiError ? save.error.field : undefined;
  const fieldError = (field: string) =>
    errors[field] ?? (serverField === field ? save.error?.message : undefined);

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select
          label="Platform"
          placeholder="Choose a platform"
          data={PLATFORM_OPTIONS}
          value={platform}
          onChange={(value) => setPlatform(value as MarketplaceChannel | null)}
          error={fieldError('platform')}
          required
        />
        <TextInput
          label="Platform store ID"
          description="The store (restaurant, site) id the platform sends with each order"
          value={storeId}
          onChange={(event) => setStoreId(event.currentTarget.value)}
          error={fieldError('store_id')}
          required
        />
        <TextInput
          label="Name"
          description="How the store is called here, e.g. Burger Barn Reservoir"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldError('name')}
          required
        />
        <Select
          label="Location"
          placeholder="Choose a location"
          data={locations.map((l) => ({ value: String(l.id), label: l.name }))}
          value={locationId}
          onChange={(value) => {
            setLocationId(value);
            setVendorId(ALL_BRANDS);
          }}
          error={fieldError('location_id')}
          searchable
          required
        />
        <Select
          label="Brand"
          description="Meal names are matched among this brand's meals; all brands: among every brand of the location"
          data={[
            { value: ALL_BRANDS, label: 'All brands of the location' },
            ...brands.map((b) => ({ value: String(b.id), label: b.title })),
          ]}
          value={vendorId}
          onChange={(value) => setVendorId(value ?? ALL_BRANDS)}
          error={fieldError('vendor_id')}
          disabled={!locationId}
          allowDeselect={false}
        />
        {save.error && !serverField && (
          <Alert color="red" variant="light" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {store ? 'Save changes' : 'Add store'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
