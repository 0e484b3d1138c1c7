import { stockListResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { STOCK_LIST, stockOrderingKeys } from './stock-ordering-keys';

/** The location's stock list with recommendations, its expiry reminders and ordering terms. */
export function getStockList(locationId: number, signal?: AbortSignal) {
  return staffFetch(STOCK_LIST, { body: { kitchaco: locationId }, schema: stockListResponse, signal });
}

export const stockListQuery = (locationId: number) =>
  queryOptions({
    queryKey: stockOrderingKeys.list(locationId),
    queryFn: ({ signal }) => getStockList(locationId, signal),
  });

export function useStockList(locationId: number) {
  return useQuery(stockListQuery(locationId));
}
