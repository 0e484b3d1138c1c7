import { paymentsCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRoute } from '../../../api';
import { paymentsKeys } from './payments-keys';

/** `POST /api/v1/payments/reconciliation/`: runs it now; 409 while another run is under way. */
export function runReconciliation() {
  return staffRoute(paymentsCalls.runReconciliation, {});
}

/** The run's answer is the new last run; the flags it raised are read again. */
export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runReconciliation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.reconciliation() }),
  });
}
