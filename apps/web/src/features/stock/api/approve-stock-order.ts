import { type CallInput, stockCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { stockAdminKeys } from './stock-admin-keys';

/** admin_approve_order: approved quantities, expiry adjustments and the fee decision. */
export function approveStockOrder(orderData: CallInput<typeof stockCalls.adminApproveOrder>['orderData']) {
  return staffCall(stockCalls.adminApproveOrder, { orderData });
}

export function useApproveStockOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveStockOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAdminKeys.orders() }),
  });
}
