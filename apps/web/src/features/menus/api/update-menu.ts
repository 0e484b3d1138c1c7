import { menusCalls, type updateMenuRequest } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { staffCall } from '../../../api';
import { menuKeys } from './menu-keys';

/** What the edit form sends, before the schema's defaults. */
export type UpdateMenuInput = z.input<typeof updateMenuRequest>;

/**
 * update_menu: the meal's fields, its combos and sub-items (id 0 adds one) and a new image as a
 * base64 data URL. An operator's change waits for review.
 */
export function updateMenu(input: UpdateMenuInput) {
  return staffCall(menusCalls.updateMenu, input);
}

export function useUpdateMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMenu,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
