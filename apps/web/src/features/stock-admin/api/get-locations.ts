import { kitchacoLocationsResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, stockAdminKeys } from './stock-admin-keys';

/** kitchaco_locations of the admin data endpoint: every location, for the filters. */
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
      queryKey: stockAdminKeys.locations(),
      queryFn: ({ signal }) => getLocations(signal),
      select: (data) => data.kitchaco_locations,
      staleTime: 5 * 60_000,
    }),
};

export function useLocations() {
  return useQuery(locationQueries.list());
}
