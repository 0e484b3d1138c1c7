import { menusCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { menuKeys } from './menu-keys';

/** admin_menu: the brands of a location (0 = all) with every meal in any status, combos and sub-items. */
export function getAdminMenu(locationId: number, signal?: AbortSignal) {
  return staffCall(menusCalls.adminMenu, { kitchaco_location: locationId }, { signal });
}

export const adminMenuQueries = {
  menu: (locationId: number) =>
    queryOptions({
      queryKey: menuKeys.menu(locationId),
      queryFn: ({ signal }) => getAdminMenu(locationId, signal),
    }),
};

export function useAdminMenu(locationId: number) {
  return useQuery(adminMenuQueries.menu(locationId));
}
