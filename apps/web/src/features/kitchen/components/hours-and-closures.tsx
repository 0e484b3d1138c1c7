import { Group, Loader, Stack } from '@mantine/core';
import { QueryError } from '../../../components/query-state';
import { useKitchenAvailability } from '../api/kitchen-availability';
import { ClosuresPanel } from './closures-panel';
import { OpeningHoursPanel } from './opening-hours-panel';

/**
 * The back office's Hours & closures screen for one location (docs/kitchen.md): weekly hours of the
 * location and of each brand, and the closures. `null`: the operator's own location.
 */
export function HoursAndClosures({ locationId }: { locationId: number | null }) {
  const availability = useKitchenAvailability(locationId);
  if (availability.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading the hours" />
      </Group>
    );
  }
  if (availability.error) {
    return (
      <QueryError
        title="The hours could not be loaded"
        error={availability.error}
        onRetry={() => void availability.refetch()}
        retryVariant="default"
      />
    );
  }
  const data = availability.data;
  return (
    <Stack gap="xl">
      <ClosuresPanel data={data} locationId={locationId} />
      <OpeningHoursPanel key={data.kitchaco} data={data} locationId={locationId} />
    </Stack>
  );
}
