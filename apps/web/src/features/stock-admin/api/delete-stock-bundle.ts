import { stockSuccessResponse } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, stockAdminKeys } from './stock-admin-keys';

/** delete_stock_bundle: removes one bundle line (super admin). */
export function deleteStockBundle(stockBundleId: number) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'delete_stock_bundle', stock_bundle_id: stockBundleId },
    schema: stockSuccessResponse,
  });
}

export function useDeleteStockBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStockBundle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAdminKeys.bundles() }),
  });
}
