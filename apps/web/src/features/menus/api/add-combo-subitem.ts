import { type addComboSubitemRequest, menusCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { staffCall } from '../../../api';
import { menuKeys } from './menu-keys';

export type AddComboSubitemInput = z.input<typeof addComboSubitemRequest>;

/** add_menu_subitem_combo: one combo (a paid extra) or sub-item (a free choice), saved at once. */
export function addComboSubitem(input: AddComboSubitemInput) {
  return staffCall(menusCalls.addMenuSubitemCombo, input);
}

export function useAddComboSubitem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComboSubitem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
