import { stockSuccessResponse } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, stockAdminKeys } from './stock-admin-keys';

/** add_stock_bundle: one stock item and its quantity in one unit of the meal (super admin). */
export function addStockBundle(input: { meal_id: number; stock_list_id: number; qty: number }) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'add_stock_bundle', ...input },
    schema: stockSuccessResponse,
  });
}

export function useAddStockBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStockBundle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAdminKeys.bundles() }),
  });
}
