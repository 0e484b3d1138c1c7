import { type AdminOutboxRequest, notificationsCalls } from '@kitchaco/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';

/** Query keys of the super admin's outbox view, under the staff root so that signing out forgets them. */
export const adminOutboxKeys = {
  all: ['staff', 'notifications', 'outbox'] as const,
  list: (filter: AdminOutboxRequest) => [...adminOutboxKeys.all, filter] as const,
};

/** admin_outbox: the newest messages, by channel and status, with their last errors. */
export function getAdminOutbox(filter: AdminOutboxRequest, signal?: AbortSignal) {
  return staffCall(notificationsCalls.adminOutbox, filter, { signal });
}

export const adminOutboxQueries = {
  list: (filter: AdminOutboxRequest) =>
    queryOptions({
      queryKey: adminOutboxKeys.list(filter),
      queryFn: ({ signal }) => getAdminOutbox(filter, signal),
      refetchInterval: 15_000,
      refetchIntervalInBackground: true,
      placeholderData: keepPreviousData,
    }),
};

export function useAdminOutbox(filter: AdminOutboxRequest) {
  return useQuery(adminOutboxQueries.list(filter));
}

/** admin_outbox_retry: a failed message back to the worker; 404 unknown, 409 not failed. */
export function retryOutboxMessage(id: number) {
  return staffCall(notificationsCalls.retryOutboxMessage, { id });
}

export function useRetryOutboxMessage(onSettled?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxMessage,
    // Whatever the answer (a 409: the worker or another admin got there first), read again.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminOutboxKeys.all });
      onSettled?.();
    },
  });
}
