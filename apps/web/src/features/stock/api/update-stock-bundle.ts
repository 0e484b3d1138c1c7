import { stockCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { stockAdminKeys } from './stock-admin-keys';

/** update_stock_bundle: another stock item or quantity for a bundle line (super admin). */
export function updateStockBundle(stockBundle: { id: number; stock_list__id: number; qty: number }) {
  return staffCall(stockCalls.updateStockBundle, { stock_bundle: stockBundle });
}

export function useUpdateStockBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStockBundle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAdminKeys.bundles() }),
  });
}
