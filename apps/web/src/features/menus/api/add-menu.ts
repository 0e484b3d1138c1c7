import { type addMenuRequest, menusCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { staffCall } from '../../../api';
import { menuKeys } from './menu-keys';

export type AddMenuInput = z.input<typeof addMenuRequest>;

/** add_menu: a new meal of a brand; answers its id. An operator's meal waits for review. */
export function addMenu(input: AddMenuInput) {
  return staffCall(menusCalls.addMenu, input);
}

export function useAddMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMenu,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
