import { z } from 'zod';
import { ENDPOINTS, queryCall, routeCall, SUPER_ADMIN } from '../wire/calls.js';
import {
  approveSalesReportRequest,
  emailSalesReportRequest,
  financeMessageResponse,
  fortnightPeriodsResponse,
  generateSalesReportRequest,
  generateSalesReportResponse,
  getSalesReportRequest,
  salesReportResponse,
  transactionalReportRequest,
} from './finance.schemas.js';

/** A file answer (PDF or CSV): its bytes, which no schema checks. */
const file = z.custom<unknown>(() => true);
const invoiceFileRequest = emailSalesReportRequest;

/** The calls of the finance area (packages/domain/src/wire/calls.ts). */
export const financeCalls = {
  salesInvoiceFortnightPeriod: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'sales_invoice_fortnight_period',
    summary: 'Fortnight periods (Monday to Sunday 13 days later), newest first.',
    access: SUPER_ADMIN,
    audit: false,
    input: z.object({}),
    response: fortnightPeriodsResponse,
    failures: 'spec',
  }),
  getSalesReport: queryCall({
    endpoint: ENDPOINTS.salesReport,
    queryType: 'get_sales_report',
    summary:
      "A location's fortnight sales report (kitchaco, 0 = all) or an operator's payout invoice (external_operator). 404 with the spec's message until generated; an approved invoice is read from its snapshot.",
    access: SUPER_ADMIN,
    audit: false,
    input: getSalesReportRequest,
    response: salesReportResponse,
    failures: 'spec',
    statuses: [404],
  }),
  generateSalesReport: queryCall({
    endpoint: ENDPOINTS.salesReport,
    queryType: 'generate_sales_report',
    summary:
      "Generates the report of a location (0 = all) or of an operator's locations for an ended fortnight and emails each of those locations its transactional summary (PDF and CSV), once unless resend_summary.",
    access: SUPER_ADMIN,
    audit: { action: 'sales_report.generate', entity: 'sales_report' },
    input: generateSalesReportRequest,
    response: generateSalesReportResponse,
    failures: 'spec',
  }),
  updateAndApproveSalesReport: queryCall({
    endpoint: ENDPOINTS.salesReport,
    queryType: 'update_and_approve_sales_report',
    summary:
      "Approves an operator's fortnight invoice with its miscellaneous charges and deductions: a snapshot of every figure, who and when. Approving again keeps the earlier snapshot in history.",
    access: SUPER_ADMIN,
    audit: { action: 'invoice.approve', entity: 'invoice_approval' },
    input: approveSalesReportRequest,
    response: financeMessageResponse,
    failures: 'spec',
    statuses: [404, 409],
  }),
  emailSalesReport: queryCall({
    endpoint: ENDPOINTS.salesReport,
    queryType: 'email_sales_report',
    summary: 'Emails the approved invoice to the operator as PDF and CSV through the outbox.',
    access: SUPER_ADMIN,
    audit: { action: 'invoice.email', entity: 'invoice_approval' },
    input: emailSalesReportRequest,
    response: financeMessageResponse,
    failures: 'spec',
    statuses: [404, 409],
  }),
  getTransactionalReport: queryCall({
    endpoint: ENDPOINTS.salesReport,
    queryType: 'get_transactional_report',
    summary:
      "Emails the orders of the ticked platforms for a location's fortnight (PDF and CSV) to the location's registered address.",
    access: SUPER_ADMIN,
    audit: { action: 'transactions.email', entity: 'location' },
    input: transactionalReportRequest,
    response: financeMessageResponse,
    failures: 'spec',
  }),
  invoicePdf: routeCall({
    method: 'POST',
    url: '/api/v1/sales-report/invoice-pdf/',
    summary: "The operator's fortnight invoice as a PDF (the approved snapshot once approved).",
    tag: 'finance',
    access: SUPER_ADMIN,
    audit: false,
    body: invoiceFileRequest,
    response: file,
    failures: 'status',
  }),
  invoiceCsv: routeCall({
    method: 'POST',
    url: '/api/v1/sales-report/invoice-csv/',
    summary: "The operator's fortnight invoice as CSV, one row per figure.",
    tag: 'finance',
    access: SUPER_ADMIN,
    audit: false,
    body: invoiceFileRequest,
    response: file,
    failures: 'status',
  }),
  transactionsPdf: routeCall({
    method: 'POST',
    url: '/api/v1/sales-report/transactions-pdf/',
    summary: 'The transactional report (orders of the chosen platforms) as a PDF.',
    tag: 'finance',
    access: SUPER_ADMIN,
    audit: false,
    body: transactionalReportRequest,
    response: file,
    failures: 'status',
  }),
  transactionsCsv: routeCall({
    method: 'POST',
    url: '/api/v1/sales-report/transactions-csv/',
    summary: 'The transactional report (orders of the chosen platforms) as CSV.',
    tag: 'finance',
    access: SUPER_ADMIN,
    audit: false,
    body: transactionalReportRequest,
    response: file,
    failures: 'status',
  }),

  generateSalesInvoice: routeCall({
    method: 'POST',
    url: '/api/v1/generate-sales-invoice/',
    summary:
      "The spec's declared path for generating a sales report: the same as generate_sales_report on the sales report endpoint (same body, without query_type).",
    tag: 'finance',
    access: SUPER_ADMIN,
    audit: { action: 'sales_report.generate', entity: 'sales_report' },
    body: generateSalesReportRequest,
    response: generateSalesReportResponse,
    failures: 'spec',
  }),
};
