import { financeMessageResponse, type TransactionalReportRequest } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { SALES_REPORT } from './finance-keys';

/**
 * get_transactional_report with email_report: the orders of the ticked platforms, emailed (PDF and
 * CSV) to each location's registered address.
 */
export function sendTransactionalReport(request: TransactionalReportRequest) {
  return staffFetch(SALES_REPORT, {
    body: { query_type: 'get_transactional_report', ...request, email_report: true },
    schema: financeMessageResponse,
  });
}

export function useSendTransactionalReport() {
  return useMutation({ mutationFn: sendTransactionalReport });
}
