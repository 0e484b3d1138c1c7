import { paymentsCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffRoute } from '../../../api';
import { paymentsKeys } from './payments-keys';

/** `GET /api/v1/payments/reconciliation/`: the last run and the payments left to look at. */
export function getReconciliation(signal?: AbortSignal) {
  return staffRoute(paymentsCalls.reconciliation, {}, { signal });
}

/** Reconciliation also runs by itself every few minutes: the screen reads it again every minute. */
const EVERY_MINUTE = 60_000;

export const reconciliationQueries = {
  overview: () =>
    queryOptions({
      queryKey: paymentsKeys.reconciliation(),
      queryFn: ({ signal }) => getReconciliation(signal),
      refetchInterval: EVERY_MINUTE,
    }),
};

export function useReconciliation() {
  return useQuery(reconciliationQueries.overview());
}
