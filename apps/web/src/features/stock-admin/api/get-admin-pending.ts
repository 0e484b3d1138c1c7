import { stockOrderListResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { STOCK_ORDER_LIST, stockAdminKeys } from './stock-admin-keys';

/** get_admin_pending: the pending stock orders of every location. */
export function getAdminPending(signal?: AbortSignal) {
  return staffFetch(STOCK_ORDER_LIST, {
    body: { query_type: 'get_admin_pending' },
    schema: stockOrderListResponse,
    signal,
  });
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
