import { type StockOrder, stockCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { stockAdminKeys } from './stock-admin-keys';

/** The order under review; `min_stock_delivery_charge` is what "Add below-minimum fee" charges. */
export type ReviewOrder = StockOrder;

/** get_admin_specific_pending: one order with its lines (`data` is an array holding it). */
export async function getAdminSpecificPending(orderId: number, signal?: AbortSignal): Promise<ReviewOrder> {
  const { data } = await staffCall(stockCalls.getAdminSpecificPending, { orderId }, { signal });
  if (!data[0]) throw new Error('This stock order does not exist.');
  return data[0];
}

export const reviewOrderQueries = {
  detail: (orderId: number) =>
    queryOptions({
      queryKey: [...stockAdminKeys.orders(), 'review', orderId] as const,
      queryFn: ({ signal }) => getAdminSpecificPending(orderId, signal),
      staleTime: 0,
    }),
};

export function useReviewOrder(orderId: number) {
  return useQuery(reviewOrderQueries.detail(orderId));
}
