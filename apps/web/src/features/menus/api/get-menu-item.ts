import { menusCalls, type specificMenuItemResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { staffCall } from '../../../api';
import { menuKeys } from './menu-keys';

export type MenuItem = z.infer<typeof specificMenuItemResponse>['menu_item'];

/** get_specific_menu_item: one meal with its combos and sub-items, for the edit page. */
export function getMenuItem(mealId: number, signal?: AbortSignal) {
  return staffCall(menusCalls.getSpecificMenuItem, { meal_id: mealId }, { signal });
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
