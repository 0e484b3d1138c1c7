import type { OrderStatus } from '@kitchaco/domain';
import { ordersCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { staffCall } from '../../../api';
import { backOfficeKeys } from './back-office-keys';

const _updateOrderStatusResponse = z.object({ success: z.literal(true), result: z.string() });

export interface StatusChange {
  orderId: number;
  status: OrderStatus;
}

/** update_order_status: the super admin sets any status; the server texts the customer. */
export function updateOrderStatus({ orderId, status }: StatusChange) {
  return staffCall(ordersCalls.updateOrderStatus, { order_id: orderId, status });
}

/** After a change (or a failed one) the lists and dashboards are read again, as the spec's reload does. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backOfficeKeys.all }),
  });
}
