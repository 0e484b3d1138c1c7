import { type SaveMarketplaceStoreRequest, saveMarketplaceStoreResponse } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, marketplaceKeys } from './marketplace-keys';

/** save_marketplace_store: a new store mapping, or a change to one (with its id). */
export function saveMarketplaceStore(input: SaveMarketplaceStoreRequest) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'save_marketplace_store', ...input },
    schema: saveMarketplaceStoreResponse,
  });
}

export function useSaveMarketplaceStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMarketplaceStore,
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.stores() }),
  });
}
