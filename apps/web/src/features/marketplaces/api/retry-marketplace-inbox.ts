import { marketplaceInboxCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { marketplaceKeys } from './marketplace-keys';

/** marketplace_inbox_retry: puts a failed event back for the worker; 404 unknown, 409 already processed. */
export function retryMarketplaceInbox(id: number) {
  return staffCall(marketplaceInboxCalls.retryMarketplaceInbox, { id });
}

export function useRetryMarketplaceInbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMarketplaceInbox,
    // Whatever the answer (a 409 means the worker got there first), read the inbox again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.inbox() }),
  });
}
