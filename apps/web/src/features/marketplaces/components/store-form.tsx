import {
  MARKETPLACE_CHANNELS,
  MARKETPLACE_PLATFORMS,
  type MarketplaceChannel,
  type MarketplaceStore,
  type MarketplaceStoresResponse,
  saveMarketplaceStoreRequest,
} from '@kitchaco/domain';
import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../api';
import { fieldErrors } from '../../../lib/schema-errors';
import { useSaveMarketplaceStore } from '../api/save-marketplace-store';

const ALL_BRANDS = 'all';

export const PLATFORM_OPTIONS = MARKETPLACE_CHANNELS.map((channel) => ({
  value: channel,
  label: MARKETPLACE_PLATFORMS[channel].name,
}));

interface StoreFormValues {
  platform: MarketplaceChannel | null;
  store_id: string;
  name: string;
  location_id: string | null;
  vendor_id: string;
}

/** The form's values as the request the schema checks (the id only when changing a store). */
function toRequest(values: StoreFormValues, store: MarketplaceStore | undefined) {
  return {
    ...(store ? { id: store.id } : {}),
    platform: values.platform ?? undefined,
    store_id: values.store_id,
    name: values.name,
    location_id: values.location_id ? Number(values.location_id) : undefined,
    vendor_id: values.vendor_id === ALL_BRANDS ? null : Number(values.vendor_id),
  };
}

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
  const form = useForm<StoreFormValues>({
    initialValues: {
      platform: store?.platform ?? null,
      store_id: store?.store_id ?? '',
      name: store?.name ?? '',
      location_id: store ? String(store.location_id) : null,
      vendor_id: store?.vendor_id ? String(store.vendor_id) : ALL_BRANDS,
    },
    clearInputErrorOnChange: false,
    validate: (values) => {
      const parsed = saveMarketplaceStoreRequest.safeParse(toRequest(values, store));
      return parsed.success ? {} : fieldErrors(parsed.error.issues);
    },
  });
  const { platform, store_id: storeId, name, location_id: locationId, vendor_id: vendorId } = form.values;
  const brands = locations.find((l) => String(l.id) === locationId)?.vendors ?? [];

  const submit = form.onSubmit((values) =>
    save.mutate(saveMarketplaceStoreRequest.parse(toRequest(values, store)), {
      onSuccess: ({ store: saved }) => {
        notifications.show({
          color: 'green',
          message: `${MARKETPLACE_PLATFORMS[saved.platform].name} store ${saved.store_id} saved`,
        });
        onDone();
      },
    }),
  );

  const serverField = save.error instanceof ApiError ? save.error.field : undefined;
  const fieldError = (field: string) =>
    form.errors[field] ?? (serverField === field ? save.error?.message : undefined);

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select
          label="Platform"
          placeholder="Choose a platform"
          data={PLATFORM_OPTIONS}
          value={platform}
          onChange={(value) => form.setFieldValue('platform', value as MarketplaceChannel | null)}
          error={fieldError('platform')}
          required
        />
        <TextInput
          label="Platform store ID"
          description="The store (restaurant, site) id the platform sends with each order"
          value={storeId}
          onChange={(event) => form.setFieldValue('store_id', event.currentTarget.value)}
          error={fieldError('store_id')}
          required
        />
        <TextInput
          label="Name"
          description="How the store is called here, e.g. Burger Barn Reservoir"
          value={name}
          onChange={(event) => form.setFieldValue('name', event.currentTarget.value)}
          error={fieldError('name')}
          required
        />
        <Select
          label="Location"
          placeholder="Choose a location"
          data={locations.map((l) => ({ value: String(l.id), label: l.name }))}
          value={locationId}
          onChange={(value) => {
            form.setFieldValue('location_id', value);
            form.setFieldValue('vendor_id', ALL_BRANDS);
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
          onChange={(value) => form.setFieldValue('vendor_id', value ?? ALL_BRANDS)}
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
