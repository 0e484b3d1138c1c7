import { marketplacesCalls, type SaveMarketplaceStoreRequest } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { marketplaceKeys } from './marketplace-keys';

/** save_marketplace_store: a new store mapping, or a change to one (with its id). */
export function saveMarketplaceStore(input: SaveMarketplaceStoreRequest) {
  return staffCall(marketplacesCalls.saveMarketplaceStore, input);
}

export function useSaveMarketplaceStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMarketplaceStore,
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.stores() }),
  });
}
