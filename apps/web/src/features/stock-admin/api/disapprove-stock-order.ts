import { stockOrderDoneResponse } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { STOCK_ORDER_LIST, stockAdminKeys } from './stock-admin-keys';

/** admin_disapprove_order: final; the reason is free text and may be empty. */
export function disapproveStockOrder(input: { orderId: number; reason: string }) {
  return staffFetch(STOCK_ORDER_LIST, {
    body: { query_type: 'admin_disapprove_order', ...input },
    schema: stockOrderDoneResponse,
  });
}

export function useDisapproveStockOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disapproveStockOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAdminKeys.orders() }),
  });
}
