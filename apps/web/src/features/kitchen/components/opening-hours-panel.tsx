import type { KitchenAvailabilityResponse } from '@kitchaco/domain';
import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSaveOpeningHours } from '../api/kitchen-availability';
import { WeeklyHoursForm } from './weekly-hours-form';

type Brand = KitchenAvailabilityResponse['brands'][number];

/** A brand's hours: "Same as the location" (null), or its own rows (within the location's). */
function BrandHours({
  brand,
  data,
  locationId,
}: {
  brand: Brand;
  data: KitchenAvailabilityResponse;
  locationId: number | null;
}) {
  const save = useSaveOpeningHours(locationId);
  const [own, setOwn] = useState(brand.opening_hours !== null);
  const saved = (message: string) => ({ onSuccess: () => notifications.show({ color: 'green', message }) });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`brand-hours-${brand.vendor_id}`}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={`brand-hours-${brand.vendor_id}`}>
          {brand.title}
        </Title>
        <Switch
          label="Same as the location"
          checked={!own}
          disabled={save.isPending}
          onChange={(e) => {
            const same = e.currentTarget.checked;
            setOwn(!same);
            // Back to the location's hours is saved at once; own hours are saved with their rows.
            if (same && brand.opening_hours !== null)
              save.mutate(
                { vendor_id: brand.vendor_id, opening_hours: null },
                saved(`${brand.title} follows the location's hours.`),
              );
          }}
        />
        {!own && save.error && (
          <Alert color="red" variant="light" role="alert">
            {save.error.message}
          </Alert>
        )}
        {own && (
          <>
            <Text size="sm" c="dimmed">
              The brand takes orders only when both it and the location are open.
            </Text>
            <WeeklyHoursForm
              name={brand.title}
              hours={brand.opening_hours ?? data.opening_hours}
              saving={save.isPending}
              error={save.error?.message ?? null}
              onSave={(hours) =>
                save.mutate(
                  { vendor_id: brand.vendor_id, opening_hours: hours },
                  saved(`${brand.title} hours saved.`),
                )
              }
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The location's weekly hours, then each brand's (docs/kitchen.md). */
export function OpeningHoursPanel({
  data,
  locationId,
}: {
  data: KitchenAvailabilityResponse;
  locationId: number | null;
}) {
  const save = useSaveOpeningHours(locationId);
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" component="section" aria-labelledby="location-hours-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="location-hours-title">
            Location hours
          </Title>
          <Text size="sm">
            Times are on the location's clock ({data.time_zone}). Outside these hours customers can order for
            later only.
          </Text>
          <WeeklyHoursForm
            name="Location"
            hours={data.opening_hours}
            saving={save.isPending}
            error={save.error?.message ?? null}
            onSave={(hours) =>
              save.mutate(
                { opening_hours: hours },
                { onSuccess: () => notifications.show({ color: 'green', message: 'Location hours saved.' }) },
              )
            }
          />
        </Stack>
      </Paper>
      <Stack gap="sm" component="section" aria-labelledby="brand-hours-title">
        <Title order={2} size="h4" id="brand-hours-title">
          Brand hours
        </Title>
        {data.brands.length === 0 && <Text>No brands at this location.</Text>}
        {data.brands.map((brand) => (
          <BrandHours key={brand.vendor_id} brand={brand} data={data} locationId={locationId} />
        ))}
      </Stack>
    </Stack>
  );
}
