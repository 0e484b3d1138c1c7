import { type MarketplaceImportRequest, marketplacesCalls } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { staffCall } from '../../../api';

/** marketplace_import_preview: what importing an export would do; the server writes nothing. */
export function previewMarketplaceImport(input: MarketplaceImportRequest) {
  return staffCall(marketplacesCalls.marketplaceImportPreview, input);
}

/** A mutation, not a query: it reads a file the user has just chosen, once per click. */
export function usePreviewMarketplaceImport() {
  return useMutation({ mutationFn: previewMarketplaceImport });
}
