import { type CallInput, stockCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { stockAdminKeys } from './stock-admin-keys';

/** update_admin_stock_list: the changed rows; answers one name-to-location entry per item updated. */
export function updateAdminStockList(
  stockData: CallInput<typeof stockCalls.updateAdminStockList>['stockData'],
) {
  return staffCall(stockCalls.updateAdminStockList, { stockData });
}

export function useUpdateAdminStockList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminStockList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAdminKeys.stockList() }),
  });
}
