import { type CallInput, financeCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { financeKeys } from './finance-keys';

/** mark_invoice_paid: the approved invoice was paid (when, the payment's reference); 409 until approved or when paid. */
export function markInvoicePaid(request: CallInput<typeof financeCalls.markInvoicePaid>) {
  return staffCall(financeCalls.markInvoicePaid, request);
}

export function useMarkInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInvoicePaid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.reports() }),
  });
}
