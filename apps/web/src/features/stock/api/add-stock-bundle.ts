import { stockCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { stockAdminKeys } from './stock-admin-keys';

/** add_stock_bundle: one stock item and its quantity in one unit of the meal (super admin). */
export function addStockBundle(input: { meal_id: number; stock_list_id: number; qty: number }) {
  return staffCall(stockCalls.addStockBundle, input);
}

export function useAddStockBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStockBundle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAdminKeys.bundles() }),
  });
}
