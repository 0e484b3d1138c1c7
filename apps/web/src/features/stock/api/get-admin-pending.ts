import { stockCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { stockAdminKeys } from './stock-admin-keys';

/** get_admin_pending: the pending stock orders of every location. */
export function getAdminPending(signal?: AbortSignal) {
  return staffCall(stockCalls.getAdminPending, {}, { signal });
}

export const pendingOrderQueries = {
  list: () =>
    queryOptions({
      queryKey: [...stockAdminKeys.orders(), 'pending'] as const,
      queryFn: ({ signal }) => getAdminPending(signal),
      select: (data) => data.data,
      // Another admin may have decided an order meanwhile: every visit asks again.
      staleTime: 0,
    }),
};

export function usePendingOrders() {
  return useQuery(pendingOrderQueries.list());
}
