import { stockCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { stockAdminKeys } from './stock-admin-keys';

/** admin_disapprove_order: final; the reason is free text and may be empty. */
export function disapproveStockOrder(input: { orderId: number; reason: string }) {
  return staffCall(stockCalls.adminDisapproveOrder, input);
}

export function useDisapproveStockOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disapproveStockOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAdminKeys.orders() }),
  });
}
