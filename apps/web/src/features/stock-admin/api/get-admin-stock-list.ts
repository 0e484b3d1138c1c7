import { adminStockListResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { STOCK_ORDER_LIST, stockAdminKeys } from './stock-admin-keys';

/** get_admin_stock_list: a location's stock items, enabled and disabled, with the units to choose from. */
export function getAdminStockList(locationId: number, signal?: AbortSignal) {
  return staffFetch(STOCK_ORDER_LIST, {
    body: { query_type: 'get_admin_stock_list', kitchaco_location: locationId },
    schema: adminStockListResponse,
    signal,
  });
}

export const adminStockListQueries = {
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...stockAdminKeys.stockList(), locationId] as const,
      queryFn: ({ signal }) => getAdminStockList(locationId, signal),
      staleTime: 0,
    }),
};

export function useAdminStockList(locationId: number) {
  return useQuery(adminStockListQueries.list(locationId));
}
