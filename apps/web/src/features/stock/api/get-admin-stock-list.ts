import { stockCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { stockAdminKeys } from './stock-admin-keys';

/** get_admin_stock_list: a location's stock items, enabled and disabled, with the units to choose from. */
export function getAdminStockList(locationId: number, signal?: AbortSignal) {
  return staffCall(stockCalls.getAdminStockList, { kitchaco_location: locationId }, { signal });
}

export const adminStockListQueries = {
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...stockAdminKeys.stockList(), locationId] as const,
      queryFn: ({ signal }) => getAdminStockList(locationId, signal),
      staleTime: 0,
    }),
};

/** Asks only once a location is chosen: kitchaco_location must be a database id (0 is refused). */
export function useAdminStockList(locationId: number) {
  return useQuery({ ...adminStockListQueries.list(locationId), enabled: locationId > 0 });
}
