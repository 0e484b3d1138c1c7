import type { KitchacoLocation } from '@kitchaco/domain';
import { Alert, Group, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocations } from './locations';

/**
 * A super admin's screen that filters by location: shows the screen once the locations are loaded,
 * a spinner before, and the reason when they could not be loaded.
 */
export function WithLocations({
  children,
}: {
  children: (locations: readonly KitchacoLocation[]) => ReactNode;
}) {
  const locations = useLocations();
  if (locations.error) {
    return (
      <Alert color="red" variant="light" role="alert" title="The locations could not be loaded">
        {locations.error.message}
      </Alert>
    );
  }
  if (!locations.data) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading locations" />
      </Group>
    );
  }
  return children(locations.data);
}
