import { adminMenuResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, menuKeys } from './menu-keys';

/** admin_menu: the brands of a location (0 = all) with every meal in any status, combos and sub-items. */
export function getAdminMenu(locationId: number, signal?: AbortSignal) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'admin_menu', kitchaco_location: locationId },
    schema: adminMenuResponse,
    signal,
  });
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
