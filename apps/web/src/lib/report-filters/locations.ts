import { kitchacoLocationsResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../../api';

const ADMIN_DATA = '/api/v1/admin-data/';

/** kitchaco_locations of the admin data endpoint: every location, for the report filters. */
export function getLocations(signal?: AbortSignal) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'kitchaco_locations' },
    schema: kitchacoLocationsResponse,
    signal,
  });
}

export const locationQueries = {
  list: () =>
    queryOptions({
      // Under the staff root, so signing out forgets it.
      queryKey: ['staff', 'locations'] as const,
      queryFn: ({ signal }) => getLocations(signal),
      select: (data) => data.kitchaco_locations,
      staleTime: 5 * 60_000,
    }),
};

export function useLocations() {
  return useQuery(locationQueries.list());
}
