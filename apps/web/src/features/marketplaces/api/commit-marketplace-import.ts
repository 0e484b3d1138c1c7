import { type MarketplaceImportRequest, marketplacesCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';

/** marketplace_import_commit: imports the export in one go; a file with any bad row is refused. */
export function commitMarketplaceImport(input: MarketplaceImportRequest) {
  return staffCall(marketplacesCalls.marketplaceImportCommit, input);
}

export function useCommitMarketplaceImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitMarketplaceImport,
    // New orders change every staff figure (dashboards, order lists, reports): read them again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
