import { stockOrderListResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { STOCK_ORDER_LIST, stockOrderingKeys } from './stock-ordering-keys';

/** get_all: the location's stock orders, newest first, each saying whether it can be edited now. */
export function getStockOrders(locationId: number, signal?: AbortSignal) {
  return staffFetch(STOCK_ORDER_LIST, {
    body: { query_type: 'get_all', kitchaco: locationId },
    schema: stockOrderListResponse,
    signal,
  });
}

export function useStockOrders(locationId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...stockOrderingKeys.orders(), 'location', locationId],
      queryFn: ({ signal }) => getStockOrders(locationId, signal),
      select: (answer) => answer.data,
    }),
  );
}

/** get_user_specific_order: one order of the own location (the answer holds it in an array). */
export function useStockOrder(orderId: number) {
  return useQuery(
    queryOptions({
      queryKey: stockOrderingKeys.order(orderId),
      queryFn: ({ signal }) =>
        staffFetch(STOCK_ORDER_LIST, {
          body: { query_type: 'get_user_specific_order', orderId },
          schema: stockOrderListResponse,
          signal,
        }),
      select: (answer) => answer.data[0] ?? null,
      staleTime: 0,
    }),
  );
}
