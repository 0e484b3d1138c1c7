import {
  type ApproveSalesReportRequest,
  DEFAULT_TIME_ZONE,
  FINANCE_MESSAGES,
  formatAUD,
  formatWireDate,
  isFortnightGridStart,
  localDate,
  toMills,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { conflict, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.record.js';
import { queueEmail } from '../notifications/outbox.service.js';
import { type InvoiceContext, invoiceCsv, invoicePdf } from './finance.documents.js';
import * as q from './finance.queries.js';
import { fortnight, type Scope, staffOf } from './finance.service.js';
import {
  approvedOn,
  type Choices,
  computeReport,
  getSalesReport,
  offGrid,
  type Snapshot,
} from './sales-report.service.js';

/** Approves an operator's fortnight invoice: one snapshot of every figure, who and when. */
export async function approveSalesReport(app: AppContext, actor: Actor, input: ApproveSalesReportRequest) {
  const user = staffOf(actor);
  await app.db.transaction((tx) => approveInvoice(tx, app.clock.now(), user, input));
  return { success: true as const, message: FINANCE_MESSAGES.approved };
}

/** The approval itself, in the caller's transaction (also used by the demo seed). */
export async function approveInvoice(
  tx: DbOrTx,
  now: Date,
  user: { id: number; email: string },
  input: Pick<
    ApproveSalesReportRequest,
    | 'external_operator'
    | 'start_date'
    | 'end_date'
    | 'misc'
    | 'less_in_store_cash_sales'
    | 'less_in_store_card_sales'
    | 'total_payout_inc_gst'
  >,
): Promise<void> {
  const { from, to } = fortnight(input);
  if (!isFortnightGridStart(from)) throw offGrid(from);
  const operator = await q.findOperator(tx, input.external_operator);
  if (!operator) throw notFound('This external operator does not exist.');
  const scope: Scope = { operator, locations: await q.listLocations(tx, { operatorId: operator.id }) };
  const choices: Choices = {
    misc: input.misc.map((m) => ({ label: m.label, gross: toMills(m.gross), has_gst: m.has_gst })),
    less_in_store_cash_sales: input.less_in_store_cash_sales,
    less_in_store_card_sales: input.less_in_store_card_sales,
  };
  const period = await q.periodFor(tx, from, to);
  await q.lockInvoice(tx, operator.id);
  // Grid periods never overlap; a period made off the grid before they kept to it may.
  const [overlap] = await q.overlappingApprovals(tx, operator.id, period.id, from, to);
  if (overlap) {
    throw conflict(
      FINANCE_MESSAGES.overlapsApproval(
        formatWireDate(overlap.startDate),
        formatWireDate(overlap.endDate),
        approvedOn(overlap.approvedAt),
        overlap.approvedByEmail,
      ),
    );
  }
  const reports = await q.reportsOf(
    tx,
    period.id,
    scope.locations.map((l) => l.id),
  );
  const { snapshot, invoice } = await computeReport(tx, scope, from, to, reports, choices);
  if (snapshot.status === 'unavailable') throw notFound(FINANCE_MESSAGES.notGenerated);
  if (
    input.total_payout_inc_gst !== undefined &&
    toMills(input.total_payout_inc_gst) !== invoice.payout_inc_gst
  ) {
    throw conflict(
      `The figures have changed since the report was loaded: the payout is now ${formatAUD(invoice.payout_inc_gst)}. Please check the report again before approving.`,
    );
  }
  const approved: Snapshot = {
    ...snapshot,
    status: 'approved',
    sales_data: snapshot.sales_data.map((r) => ({ ...r, status: 'approved' })),
    approved_by: user.email,
    approved_on: approvedOn(now),
    sales_approved_invoice_details: snapshot.sales_data.map((r) => ({
      kitchaco__suburb: r.kitchaco__suburb,
      kitchaco_in_store_cash_sales: r.in_store_cash_sales,
      kitchaco_in_store_card_sales: r.in_store_card_sales,
      kitchaco_online_pickup_sales: r.online_pickup_sales,
      kitchaco_online_delivery_sales: r.online_delivery_sales,
      uber_eats_sales: r.uber_total_sales,
      doordash_sales: r.doordash_total_sales,
      deliveroo_sales: r.deliveroo_total_sales,
      menulog_sales: r.menulog_total_sales,
    })),
  };
  const [previous] = await q.supersedeApprovals(tx, operator.id, period.id, now);
  const figures = (s: Snapshot) => ({
    payout_inc_gst: s.invoice.payout_inc_gst,
    misc: s.invoice.misc,
    less_in_store_cash_sales: s.invoice.less_in_store_cash_sales,
    less_in_store_card_sales: s.invoice.less_in_store_card_sales,
    approved_by: s.approved_by,
  });
  for (const location of scope.locations) {
    await recordAudit(tx, {
      entityId: `${operator.id}:${from}`,
      locationId: location.id,
      summary: `Invoice of ${operator.businessName} ${formatWireDate(from)} - ${formatWireDate(to)} ${previous ? 'approved again' : 'approved'}: payout ${formatAUD(invoice.payout_inc_gst)}`,
      before: previous ? figures(previous.snapshot as Snapshot) : null,
      after: figures(approved),
    });
  }
  await q.insertApproval(tx, {
    externalOperatorId: operator.id,
    periodId: period.id,
    approvedBy: user.id,
    approvedByEmail: user.email,
    approvedAt: now,
    snapshot: approved,
  });
  await q.markReportsApproved(
    tx,
    period.id,
    scope.locations.map((l) => l.id),
  );
}

/** The approved invoice (404 until approved) with what the documents need. */
async function approvedInvoice(
  app: AppContext,
  input: { external_operator: number; start_date: string; end_date: string },
) {
  const report = await getSalesReport(app, { ...input, kitchaco: undefined });
  if (report.status !== 'approved') throw conflict('Approve the invoice before emailing it.');
  return report;
}

/** Who the invoice PDF is addressed to (with the ABN), and the day it is made. */
async function invoiceContext(app: AppContext, operatorId: number): Promise<InvoiceContext> {
  const operator = operatorId ? await q.findOperator(app.db, operatorId) : null;
  return {
    operator: operator
      ? { id: operator.id, businessName: operator.businessName, email: operator.email, abn: operator.abn }
      : null,
    today: localDate(app.clock.now(), DEFAULT_TIME_ZONE),
    providerAbn: app.config.providerAbn,
  };
}

export async function invoiceDocument(
  app: AppContext,
  input: { external_operator: number; start_date: string; end_date: string },
  format: 'pdf' | 'csv',
) {
  const report = await getSalesReport(app, { ...input, kitchaco: undefined });
  return format === 'pdf'
    ? invoicePdf(report, await invoiceContext(app, input.external_operator))
    : Buffer.from(invoiceCsv(report), 'utf8');
}

/** Emails the approved invoice to the operator as a PDF (and CSV) through the outbox. */
export async function emailSalesReport(
  app: AppContext,
  input: { external_operator: number; start_date: string; end_date: string },
) {
  const report = await approvedInvoice(app, input);
  const operator = (await q.findOperator(app.db, input.external_operator))!;
  const name = `invoice-${report.start_date.replace(/ /g, '-')}`;
  const pdf = await invoicePdf(report, await invoiceContext(app, operator.id));
  const locations = await q.listLocations(app.db, { operatorId: operator.id });
  await app.db.transaction(async (tx) => {
    for (const location of locations) {
      await recordAudit(tx, {
        entityId: `${operator.id}:${fortnight(input).from}`,
        locationId: location.id,
        summary: `Invoice of ${operator.businessName} ${report.start_date} - ${report.end_date} emailed to ${operator.email}`,
        before: null,
        after: { to: operator.email, payout_inc_gst: report.invoice.payout_inc_gst },
      });
    }
    await queueEmail(tx, app.clock.now(), {
      to: operator.email,
      subject: `Kitchaco payout invoice ${report.start_date} - ${report.end_date}`,
      // Amounts as the screens show them ($19,354.55, -$12.50).
      body: `Hello ${operator.businessName},\n\nYour payout invoice for ${report.start_date} to ${report.end_date} is attached. Payout (inc GST): ${formatAUD(toMills(report.invoice.payout_inc_gst))}.\n\nKitchaco`,
      attachments: [
        {
          filename: `${name}.pdf`,
          contentType: 'application/pdf',
          content: pdf.toString('base64'),
        },
        {
          filename: `${name}.csv`,
          contentType: 'text/csv',
          content: Buffer.from(invoiceCsv(report)).toString('base64'),
        },
      ],
    });
  });
  return { success: true as const, message: FINANCE_MESSAGES.emailed };
}
