import { specificMenuItemResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, menuKeys } from './menu-keys';

export type MenuItem = z.infer<typeof specificMenuItemResponse>['menu_item'];

/** get_specific_menu_item: one meal with its combos and sub-items, for the edit page. */
export function getMenuItem(mealId: number, signal?: AbortSignal) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'get_specific_menu_item', meal_id: mealId },
    schema: specificMenuItemResponse,
    signal,
  });
}

export const menuItemQueries = {
  item: (mealId: number) =>
    queryOptions({
      queryKey: menuKeys.item(mealId),
      queryFn: ({ signal }) => getMenuItem(mealId, signal),
      select: (data) => data.menu_item,
    }),
};

/** The meal of an edit page; nothing is asked while the address names none (null). */
export function useMenuItem(mealId: number | null) {
  return useQuery({ ...menuItemQueries.item(mealId ?? 0), enabled: mealId !== null });
}
