import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRouteLazy } from '../api/call';

/** The pickup locations ("kitchaco" on the wire), sorted by id: the public list customers see. */
export function getLocations(signal?: AbortSignal) {
  return publicRouteLazy(
    'locationsCalls',
    'listLocations',
    { method: 'GET', url: '/api/v1/kitchaco-location/' },
    {},
    { signal },
  );
}

/**
 * kitchaco_locations of the admin data endpoint: every location, for the staff screens' filters.
 * The staff client loads with the first staff screen (./staff-locations.ts), never on a customer's.
 */
export async function getStaffLocations(signal?: AbortSignal) {
  const { getStaffLocations: read } = await import('./staff-locations');
  return read(signal);
}

export const locationQueries = {
  all: () => ['locations'] as const,
  list: () =>
    queryOptions({
      queryKey: [...locationQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => getLocations(signal),
      staleTime: 5 * 60_000,
    }),
  staffList: () =>
    queryOptions({
      // Under the staff root, so signing out forgets it.
      queryKey: ['staff', 'locations'] as const,
      queryFn: ({ signal }) => getStaffLocations(signal),
      select: (data) => data.kitchaco_locations,
      staleTime: 5 * 60_000,
    }),
};

/**
 * Every location, read the way the audience may: customers from the public list, staff from the
 * admin data endpoint (cached under the staff root).
 */
export function useLocations(audience: 'customer' | 'staff') {
  // One of the two reads runs; the other observer stays disabled, so nothing is fetched twice.
  const customer = audience === 'customer';
  const publicList = useQuery({ ...locationQueries.list(), enabled: customer });
  const staffList = useQuery({ ...locationQueries.staffList(), enabled: !customer });
  return customer ? publicList : staffList;
}
