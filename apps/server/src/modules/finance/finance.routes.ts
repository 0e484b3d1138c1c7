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
} from '@kitchaco/domain';
import { z } from 'zod';
import { staff } from '../../http/actor.js';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import { ADMIN_DATA } from '../auth/auth.routes.js';
import {
  approveSalesReport,
  emailSalesReport,
  fortnightPeriods,
  generateSalesReport,
  getSalesReport,
  invoiceDocument,
  transactionalDownload,
  transactionalReport,
} from './finance.service.js';

export const SALES_REPORT = '/api/v1/sales-report/';
const SUPER_ADMIN = staff('super_admin');
const file = z.custom<Buffer>((v) => Buffer.isBuffer(v));
const invoiceFileRequest = emailSalesReportRequest;
const dated = (body: { start_date: string }) => body.start_date.replace(/ /g, '-');

export const financeModule: Module = {
  routes: [
    defineRoute({
      method: 'POST',
      url: '/api/v1/sales-report/invoice-pdf/',
      summary: "The operator's fortnight invoice as a PDF (the approved snapshot once approved).",
      tag: 'finance',
      access: SUPER_ADMIN,
      body: invoiceFileRequest,
      response: file,
      download: { contentType: 'application/pdf', filename: ({ body }) => `invoice-${dated(body)}.pdf` },
      handler: (ctx, { body }) => invoiceDocument(ctx.app, body, 'pdf'),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/v1/sales-report/invoice-csv/',
      summary: "The operator's fortnight invoice as CSV, one row per figure.",
      tag: 'finance',
      access: SUPER_ADMIN,
      body: invoiceFileRequest,
      response: file,
      download: {
        contentType: 'text/csv; charset=utf-8',
        filename: ({ body }) => `invoice-${dated(body)}.csv`,
      },
      handler: (ctx, { body }) => invoiceDocument(ctx.app, body, 'csv'),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/v1/sales-report/transactions-pdf/',
      summary: 'The transactional report (orders of the chosen platforms) as a PDF.',
      tag: 'finance',
      access: SUPER_ADMIN,
      body: transactionalReportRequest,
      response: file,
      download: { contentType: 'application/pdf', filename: ({ body }) => `transactions-${dated(body)}.pdf` },
      handler: (ctx, { body }) => transactionalDownload(ctx.app, body, 'pdf'),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/v1/sales-report/transactions-csv/',
      summary: 'The transactional report (orders of the chosen platforms) as CSV.',
      tag: 'finance',
      access: SUPER_ADMIN,
      body: transactionalReportRequest,
      response: file,
      download: {
        contentType: 'text/csv; charset=utf-8',
        filename: ({ body }) => `transactions-${dated(body)}.csv`,
      },
      handler: (ctx, { body }) => transactionalDownload(ctx.app, body, 'csv'),
    }),
  ],
  calls: [
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'sales_invoice_fortnight_period',
      summary: 'Fortnight periods (Monday to Sunday 13 days later), newest first.',
      access: SUPER_ADMIN,
      input: z.object({}),
      response: fortnightPeriodsResponse,
      handler: (ctx) => fortnightPeriods(ctx.app),
    }),
    defineCall({
      endpoint: SALES_REPORT,
      queryType: 'get_sales_report',
      summary:
        "A location's fortnight sales report (kitchaco, 0 = all) or an operator's payout invoice (external_operator). 404 with the spec's message until generated; an approved invoice is read from its snapshot.",
      access: SUPER_ADMIN,
      input: getSalesReportRequest,
      response: salesReportResponse,
      handler: (ctx, input) => getSalesReport(ctx.app, input),
    }),
    defineCall({
      endpoint: SALES_REPORT,
      queryType: 'generate_sales_report',
      summary:
        'Generates the report of a location (0 = all) for an ended fortnight and emails each location its transactional summary (PDF and CSV).',
      access: SUPER_ADMIN,
      input: generateSalesReportRequest,
      response: generateSalesReportResponse,
      handler: (ctx, input) => generateSalesReport(ctx.app, ctx.actor, input),
    }),
    defineCall({
      endpoint: SALES_REPORT,
      queryType: 'update_and_approve_sales_report',
      summary:
        "Approves an operator's fortnight invoice with its miscellaneous charges and deductions: a snapshot of every figure, who and when. Approving again keeps the earlier snapshot in history.",
      access: SUPER_ADMIN,
      input: approveSalesReportRequest,
      response: financeMessageResponse,
      handler: (ctx, input) => approveSalesReport(ctx.app, ctx.actor, input),
    }),
    defineCall({
      endpoint: SALES_REPORT,
      queryType: 'email_sales_report',
      summary: 'Emails the approved invoice to the operator as PDF and CSV through the outbox.',
      access: SUPER_ADMIN,
      input: emailSalesReportRequest,
      response: financeMessageResponse,
      handler: (ctx, input) => emailSalesReport(ctx.app, input),
    }),
    defineCall({
      endpoint: SALES_REPORT,
      queryType: 'get_transactional_report',
      summary:
        "Emails the orders of the ticked platforms for a location's fortnight (PDF and CSV) to the location's registered address.",
      access: SUPER_ADMIN,
      input: transactionalReportRequest,
      response: financeMessageResponse,
      handler: (ctx, input) => transactionalReport(ctx.app, ctx.actor, input),
    }),
  ],
};
