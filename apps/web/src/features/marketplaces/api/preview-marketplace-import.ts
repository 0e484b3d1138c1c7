import { type MarketplaceImportRequest, marketplaceImportPreviewResponse } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { ADMIN_DATA } from './marketplace-keys';

/** marketplace_import_preview: what importing an export would do; the server writes nothing. */
export function previewMarketplaceImport(input: MarketplaceImportRequest) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'marketplace_import_preview', ...input },
    schema: marketplaceImportPreviewResponse,
  });
}

/** A mutation, not a query: it reads a file the user has just chosen, once per click. */
export function usePreviewMarketplaceImport() {
  return useMutation({ mutationFn: previewMarketplaceImport });
}
