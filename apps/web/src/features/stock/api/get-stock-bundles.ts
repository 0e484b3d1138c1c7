import { stockCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { stockAdminKeys } from './stock-admin-keys';

/** stock_bundles: a location's meals with their bundle lines, and the stock items a line may use. */
export function getStockBundles(locationId: number, signal?: AbortSignal) {
  return staffCall(stockCalls.stockBundles, { kitchaco_location: locationId }, { signal });
}

export const stockBundleQueries = {
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...stockAdminKeys.bundles(), locationId] as const,
      queryFn: ({ signal }) => getStockBundles(locationId, signal),
    }),
};

/** Asks only once a location is chosen: kitchaco_location must be a database id (0 is refused). */
export function useStockBundles(locationId: number) {
  return useQuery({ ...stockBundleQueries.list(locationId), enabled: locationId > 0 });
}
