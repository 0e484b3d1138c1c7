import { kitchenCalls, type SetMealSoldOutRequest } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { menuKeys } from './menu-keys';

/**
 * set_meal_sold_out from the menu list: "Sold out today" (back at the next opening on a later day)
 * or back on sale (docs/kitchen.md, "Hours, closures and sold-out items").
 */
export function useSetMealSoldOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SetMealSoldOutRequest) => staffCall(kitchenCalls.setMealSoldOut, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
