import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRouteLazy } from '../../../api/call';

export const feedQueries = {
  all: () => ['feed'] as const,
  latest: (limit: number) =>
    queryOptions({
      queryKey: [...feedQueries.all(), limit] as const,
      queryFn: ({ signal }) => getFeed(limit, signal),
      staleTime: 5 * 60_000,
    }),
};

/** The newest posts of the "What's Latest" feed. */
export function getFeed(limit: number, signal?: AbortSignal) {
  return publicRouteLazy(
    'vendorsCalls',
    'feed',
    { method: 'GET', url: '/api/v1/feed/' },
    { query: { limit } },
    { signal },
  );
}

export function useFeed(limit: number) {
  return useQuery(feedQueries.latest(limit));
}
