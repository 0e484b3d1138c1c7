import { locationsCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../api';

/** kitchaco_locations of the admin data endpoint: every location, for the report filters. */
export function getLocations(signal?: AbortSignal) {
  return staffCall(locationsCalls.adminKitchacoLocations, {}, { signal });
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
