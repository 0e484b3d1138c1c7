import { notificationsCalls, type OutboxMessage } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRoute } from '../../../api';

export const outboxQueries = {
  all: () => ['dev-outbox'] as const,
  list: () =>
    queryOptions({
      queryKey: [...outboxQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => getOutbox(signal),
      staleTime: 0,
    }),
};

/** Messages the demo server has sent, newest first (the server answers 404 outside demo mode). */
export async function getOutbox(signal?: AbortSignal): Promise<OutboxMessage[]> {
  const { messages } = await publicRoute(notificationsCalls.devOutbox, { query: {} }, { signal });
  return [...messages].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

export function useOutbox() {
  return useQuery(outboxQueries.list());
}
