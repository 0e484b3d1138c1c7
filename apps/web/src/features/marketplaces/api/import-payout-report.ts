import { marketplacePayoutCalls, type PayoutImportRequest } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { marketplaceKeys } from './marketplace-keys';

/**
 * marketplace_payout_import: stores a platform's payout report, each row once; a file with any bad
 * row or unmapped store is refused whole (422, its rows in the ApiError's `rows`).
 */
export function importPayoutReport(input: PayoutImportRequest) {
  return staffCall(marketplacePayoutCalls.marketplacePayoutImport, input);
}

export function useImportPayoutReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPayoutReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.payouts() }),
  });
}
