import { stockBundlesResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, stockAdminKeys } from './stock-admin-keys';

/** stock_bundles: a location's meals with their bundle lines, and the stock items a line may use. */
export function getStockBundles(locationId: number, signal?: AbortSignal) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'stock_bundles', kitchaco_location: locationId },
    schema: stockBundlesResponse,
    signal,
  });
}

export const stockBundleQueries = {
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...stockAdminKeys.bundles(), locationId] as const,
      queryFn: ({ signal }) => getStockBundles(locationId, signal),
    }),
};

export function useStockBundles(locationId: number) {
  return useQuery(stockBundleQueries.list(locationId));
}
