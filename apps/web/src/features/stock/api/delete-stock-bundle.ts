import { stockCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { stockAdminKeys } from './stock-admin-keys';

/** delete_stock_bundle: removes one bundle line (super admin). */
export function deleteStockBundle(stockBundleId: number) {
  return staffCall(stockCalls.deleteStockBundle, { stock_bundle_id: stockBundleId });
}

export function useDeleteStockBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStockBundle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAdminKeys.bundles() }),
  });
}
