import { type addMenuRequest, addMenuResponse } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, menuKeys } from './menu-keys';

export type AddMenuInput = z.input<typeof addMenuRequest>;

/** add_menu: a new meal of a brand; answers its id. An operator's meal waits for review. */
export function addMenu(input: AddMenuInput) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'add_menu', ...input },
    schema: addMenuResponse,
  });
}

export function useAddMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMenu,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
