import { stockCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { stockOrderingKeys } from './stock-ordering-keys';

/** get_all: the location's stock orders, newest first, each saying whether it can be edited now. */
export function getStockOrders(locationId: number, signal?: AbortSignal) {
  return staffCall(stockCalls.getAll, { kitchaco: locationId }, { signal });
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
      queryFn: ({ signal }) => staffCall(stockCalls.getUserSpecificOrder, { orderId }, { signal }),
      select: (answer) => answer.data[0] ?? null,
      staleTime: 0,
    }),
  );
}
