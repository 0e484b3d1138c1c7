import { financeCalls } from '@kitchaco/domain';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import { carryReconciliation } from './carry.service.js';
import { fortnightPeriods } from './finance.service.js';
import { approveSalesReport, emailSalesReport, invoiceDocument, markInvoicePaid } from './invoice.service.js';
import { generateSalesReport, getSalesReport } from './sales-report.service.js';
import { transactionalDownload, transactionalReport } from './transactions-report.service.js';

const dated = (body: { start_date: string }) => body.start_date.replace(/ /g, '-');

export const financeModule: Module = {
  routes: [
    defineRoute(financeCalls.invoicePdf, {
      download: { contentType: 'application/pdf', filename: ({ body }) => `invoice-${dated(body)}.pdf` },
      handler: (ctx, { body }) => invoiceDocument(ctx.app, body, 'pdf'),
    }),
    defineRoute(financeCalls.invoiceCsv, {
      download: {
        contentType: 'text/csv; charset=utf-8',
        filename: ({ body }) => `invoice-${dated(body)}.csv`,
      },
      handler: (ctx, { body }) => invoiceDocument(ctx.app, body, 'csv'),
    }),
    defineRoute(financeCalls.transactionsPdf, {
      download: { contentType: 'application/pdf', filename: ({ body }) => `transactions-${dated(body)}.pdf` },
      handler: (ctx, { body }) => transactionalDownload(ctx.app, body, 'pdf'),
    }),
    defineRoute(financeCalls.transactionsCsv, {
      download: {
        contentType: 'text/csv; charset=utf-8',
        filename: ({ body }) => `transactions-${dated(body)}.csv`,
      },
      handler: (ctx, { body }) => transactionalDownload(ctx.app, body, 'csv'),
    }),
    defineRoute(financeCalls.generateSalesInvoice, {
      handler: (ctx, { body }) => generateSalesReport(ctx.app, ctx.actor, body),
    }),
  ],
  calls: [
    defineCall(financeCalls.salesInvoiceFortnightPeriod, {
      handler: (ctx) => fortnightPeriods(ctx.app),
    }),
    defineCall(financeCalls.getSalesReport, {
      handler: (ctx, input) => getSalesReport(ctx.app, input),
    }),
    defineCall(financeCalls.generateSalesReport, {
      handler: (ctx, input) => generateSalesReport(ctx.app, ctx.actor, input),
    }),
    defineCall(financeCalls.updateAndApproveSalesReport, {
      handler: (ctx, input) => approveSalesReport(ctx.app, ctx.actor, input),
    }),
    defineCall(financeCalls.markInvoicePaid, {
      handler: (ctx, input) => markInvoicePaid(ctx.app, ctx.actor, input),
    }),
    defineCall(financeCalls.carryPayoutReconciliation, {
      handler: (ctx, input) => carryReconciliation(ctx.app, ctx.actor, input),
    }),
    defineCall(financeCalls.emailSalesReport, {
      handler: (ctx, input) => emailSalesReport(ctx.app, input),
    }),
    defineCall(financeCalls.getTransactionalReport, {
      handler: (ctx, input) => transactionalReport(ctx.app, ctx.actor, input),
    }),
  ],
};
