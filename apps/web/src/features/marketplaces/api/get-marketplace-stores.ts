import { marketplaceStoresResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, marketplaceKeys } from './marketplace-keys';

/** marketplace_stores: every store mapping, and the locations with their brands for the form. */
export function getMarketplaceStores(signal?: AbortSignal) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'marketplace_stores' },
    schema: marketplaceStoresResponse,
    signal,
  });
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
