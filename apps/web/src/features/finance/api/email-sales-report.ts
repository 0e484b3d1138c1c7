import { financeCalls } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { staffCall } from '../../../api';

/** What identifies an operator's invoice: the email and the downloads send the same body. */
export type InvoiceRef = {
  external_operator: number;
  start_date: string;
  end_date: string;
  sales_invoice_fortnight_period?: number;
};

/** email_sales_report: the approved invoice (PDF and CSV) to the operator's address; 409 until approved. */
export function emailSalesReport(request: InvoiceRef) {
  return staffCall(financeCalls.emailSalesReport, request);
}

export function useEmailSalesReport() {
  return useMutation({ mutationFn: emailSalesReport });
}
