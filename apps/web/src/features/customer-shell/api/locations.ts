import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRouteLazy } from '../../../api/call';

export const locationQueries = {
  all: () => ['locations'] as const,
  list: () =>
    queryOptions({
      queryKey: [...locationQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => getLocations(signal),
      staleTime: 5 * 60_000,
    }),
};

/** The pickup locations ("kitchaco" on the wire), sorted by id. */
export function getLocations(signal?: AbortSignal) {
  return publicRouteLazy(
    'locationsCalls',
    'listLocations',
    { method: 'GET', url: '/api/v1/kitchaco-location/' },
    {},
    { signal },
  );
}

export function useLocations() {
  return useQuery(locationQueries.list());
}
