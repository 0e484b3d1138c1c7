import type { OrderStatus } from '@kitchaco/domain';
import { ordersCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { backOfficeKeys } from './back-office-keys';

export interface StatusChange {
  orderId: number;
  status: OrderStatus;
}

/**
 * update_order_status: the super admin sets any order's status, an operator that of an order of their
 * own location; the server texts the customer. Canceling a paid order gives the card payment back
 * first: the answer's `result` says how much, and a 503 means the provider did not answer and the
 * order was not canceled.
 */
export function updateOrderStatus({ orderId, status }: StatusChange) {
  return staffCall(ordersCalls.updateOrderStatus, { order_id: orderId, status });
}

/**
 * After a change (or a failed one) the lists, dashboards and the order's card payment are read
 * again, as the spec's reload does.
 */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backOfficeKeys.all }),
  });
}
