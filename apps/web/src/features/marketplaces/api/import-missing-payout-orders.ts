import { type ImportMissingPayoutOrdersRequest, marketplacePayoutCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';

/**
 * marketplace_payout_import_missing: writes the fortnight's orders a platform paid and the ledger
 * lacks (all of them when no ids are given); a repeat writes nothing.
 */
export function importMissingPayoutOrders(input: ImportMissingPayoutOrdersRequest) {
  return staffCall(marketplacePayoutCalls.marketplacePayoutImportMissing, input);
}

export function useImportMissingPayoutOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importMissingPayoutOrders,
    // New orders change the reconciliation and every staff figure (the invoice, reports): read them again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
