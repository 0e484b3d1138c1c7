import { type CallInput, financeCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { financeKeys } from './finance-keys';

/**
 * carry_payout_reconciliation: the reconciliation's refunds and adjustments of the fortnight into the
 * operator's next open invoice, each once (a second click adds nothing).
 */
export function carryReconciliation(request: CallInput<typeof financeCalls.carryPayoutReconciliation>) {
  return staffCall(financeCalls.carryPayoutReconciliation, request);
}

export function useCarryReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: carryReconciliation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.reports() }),
  });
}
