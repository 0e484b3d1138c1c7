import { marketplacesCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { marketplaceKeys } from './marketplace-keys';

/** marketplace_stores: every store mapping, and the locations with their brands for the form. */
export function getMarketplaceStores(signal?: AbortSignal) {
  return staffCall(marketplacesCalls.marketplaceStores, {}, { signal });
}

export const marketplaceStoreQueries = {
  list: () =>
    queryOptions({
      queryKey: marketplaceKeys.stores(),
      queryFn: ({ signal }) => getMarketplaceStores(signal),
    }),
};

export function useMarketplaceStores() {
  return useQuery(marketplaceStoreQueries.list());
}
