import { type MarketplaceImportRequest, marketplaceImportCommitResponse } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { ADMIN_DATA } from './marketplace-keys';

/** marketplace_import_commit: imports the export in one go; a file with any bad row is refused. */
export function commitMarketplaceImport(input: MarketplaceImportRequest) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'marketplace_import_commit', ...input },
    schema: marketplaceImportCommitResponse,
  });
}

export function useCommitMarketplaceImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitMarketplaceImport,
    // New orders change every staff figure (dashboards, order lists, reports): read them again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
