import { marketplacePayoutCalls, type PayoutReconciliationRequest } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { marketplaceKeys } from './marketplace-keys';

/** marketplace_payout_reconciliation: a fortnight's marketplace orders against the imported payout reports. */
export function getPayoutReconciliation(request: PayoutReconciliationRequest, signal?: AbortSignal) {
  return staffCall(marketplacePayoutCalls.marketplacePayoutReconciliation, request, { signal });
}

export const payoutReconciliationQueries = {
  fortnight: (request: PayoutReconciliationRequest) =>
    queryOptions({
      queryKey: marketplaceKeys.payoutReconciliation(request),
      queryFn: ({ signal }) => getPayoutReconciliation(request, signal),
    }),
};

export function usePayoutReconciliation(request: PayoutReconciliationRequest) {
  return useQuery(payoutReconciliationQueries.fortnight(request));
}
