import { type ApproveStockOrderRequest, stockOrderDoneResponse } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { STOCK_ORDER_LIST, stockAdminKeys } from './stock-admin-keys';

/** admin_approve_order: approved quantities, expiry adjustments and the fee decision. */
export function approveStockOrder(orderData: ApproveStockOrderRequest['orderData']) {
  return staffFetch(STOCK_ORDER_LIST, {
    body: { query_type: 'admin_approve_order', orderData },
    schema: stockOrderDoneResponse,
  });
}

export function useApproveStockOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveStockOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAdminKeys.orders() }),
  });
}
