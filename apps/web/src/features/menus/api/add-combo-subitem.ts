import { type addComboSubitemRequest, menuSuccessResponse } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, menuKeys } from './menu-keys';

export type AddComboSubitemInput = z.input<typeof addComboSubitemRequest>;

/** add_menu_subitem_combo: one combo (a paid extra) or sub-item (a free choice), saved at once. */
export function addComboSubitem(input: AddComboSubitemInput) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'add_menu_subitem_combo', ...input },
    schema: menuSuccessResponse,
  });
}

export function useAddComboSubitem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComboSubitem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
