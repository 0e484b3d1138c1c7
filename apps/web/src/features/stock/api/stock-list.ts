import { stockCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffRoute } from '../../../api';
import { stockOrderingKeys } from './stock-ordering-keys';

/** The location's stock list with recommendations, its expiry reminders and ordering terms. */
export function getStockList(locationId: number, signal?: AbortSignal) {
  return staffRoute(stockCalls.stockList, { body: { kitchaco: locationId } }, { signal });
}

export const stockListQuery = (locationId: number) =>
  queryOptions({
    queryKey: stockOrderingKeys.list(locationId),
    queryFn: ({ signal }) => getStockList(locationId, signal),
  });

export function useStockList(locationId: number) {
  return useQuery(stockListQuery(locationId));
}
