import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api';

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
  return apiFetch(`/api/v1/feed/?limit=${limit}`, { signal, schema: (c) => c.feedList });
}

export function useFeed(limit: number) {
  return useQuery(feedQueries.latest(limit));
}
