import { financeCalls, type TransactionalReportRequest } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { staffCall } from '../../../api';

/**
 * get_transactional_report with email_report: the orders of the ticked platforms, emailed (PDF and
 * CSV) to each location's registered address.
 */
export function sendTransactionalReport(request: TransactionalReportRequest) {
  return staffCall(financeCalls.getTransactionalReport, { ...request, email_report: true });
}

export function useSendTransactionalReport() {
  return useMutation({ mutationFn: sendTransactionalReport });
}
