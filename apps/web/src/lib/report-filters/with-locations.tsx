import type { KitchacoLocation } from '@kitchaco/domain';
import { Group, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryError } from '../../components/query-state';
import { useLocations } from '../locations';

/**
 * A super admin's screen that filters by location: shows the screen once the locations are loaded,
 * a spinner before, and the reason when they could not be loaded.
 */
export function WithLocations({
  children,
}: {
  children: (locations: readonly KitchacoLocation[]) => ReactNode;
}) {
  const locations = useLocations('staff');
  if (locations.error) {
    return <QueryError title="The locations could not be loaded" error={locations.error} />;
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
