import { menusCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { menuKeys } from './menu-keys';

/** admin_categories: the meal categories (Mains, Sides, ...), for the super admin's forms. */
export function getCategories(signal?: AbortSignal) {
  return staffCall(menusCalls.adminCategories, {}, { signal });
}

export const categoryQueries = {
  list: () =>
    queryOptions({
      queryKey: menuKeys.categories(),
      queryFn: ({ signal }) => getCategories(signal),
      select: (data) => data.categories,
      staleTime: 5 * 60_000,
    }),
};

export function useCategories(enabled = true) {
  return useQuery({ ...categoryQueries.list(), enabled });
}
