import { type CallInput, financeCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { financeKeys } from './finance-keys';

/**
 * update_and_approve_sales_report: the server recomputes every figure and answers 409 when
 * `total_payout_inc_gst` is not the payout it computes, so nobody approves figures they did not see.
 */
export function approveSalesReport(request: CallInput<typeof financeCalls.updateAndApproveSalesReport>) {
  return staffCall(financeCalls.updateAndApproveSalesReport, request);
}

/**
 * After an approval (or a refused one: the figures moved between display and click) the invoice is
 * read again, as the spec's reload does: the screen then shows the new live figures and payout.
 */
export function useApproveSalesReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveSalesReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: financeKeys.reports() }),
  });
}
