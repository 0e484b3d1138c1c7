import { financeMessageResponse } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { SALES_REPORT } from './finance-keys';

/** What identifies an operator's invoice: the email and the downloads send the same body. */
export interface InvoiceRef {
  external_operator: number;
  start_date: string;
  end_date: string;
  sales_invoice_fortnight_period?: number;
}

/** email_sales_report: the approved invoice (PDF and CSV) to the operator's address; 409 until approved. */
export function emailSalesReport(request: InvoiceRef) {
  return staffFetch(SALES_REPORT, {
    body: { query_type: 'email_sales_report', ...request },
    schema: financeMessageResponse,
  });
}

export function useEmailSalesReport() {
  return useMutation({ mutationFn: emailSalesReport });
}
