import { stockSuccessResponse } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, stockAdminKeys } from './stock-admin-keys';

/** update_stock_bundle: another stock item or quantity for a bundle line (super admin). */
export function updateStockBundle(stockBundle: { id: number; stock_list__id: number; qty: number }) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'update_stock_bundle', stock_bundle: stockBundle },
    schema: stockSuccessResponse,
  });
}

export function useUpdateStockBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStockBundle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAdminKeys.bundles() }),
  });
}
