import { type UpdateStockListRequest, updateStockListResponse } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { STOCK_ORDER_LIST, stockAdminKeys } from './stock-admin-keys';

/** update_admin_stock_list: the changed rows; answers one name-to-location entry per item updated. */
export function updateAdminStockList(stockData: UpdateStockListRequest['stockData']) {
  return staffFetch(STOCK_ORDER_LIST, {
    body: { query_type: 'update_admin_stock_list', stockData },
    schema: updateStockListResponse,
  });
}

export function useUpdateAdminStockList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminStockList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAdminKeys.stockList() }),
  });
}
