import {
  type AdjustmentNote,
  type ApproveSalesReportRequest,
  DEFAULT_TIME_ZONE,
  FINANCE_MESSAGES,
  formatAUD,
  formatWireDate,
  isFortnightGridStart,
  localDate,
  type MarkInvoicePaidRequest,
  parseWireDate,
  toAmount,
  toFixedString,
  toMills,
  zonedInstant,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.record.js';
import { queueEmail } from '../notifications/outbox.service.js';
import {
  approvalNumber,
  invoiceBaseNumber,
  nextOpenPeriod,
  todayOf,
  versionNumber,
} from './carry.service.js';
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

/**
 * Approves an operator's fortnight invoice: one snapshot of every figure, who and when. Approving
 * again with the same payout and choices changes nothing (the answer says so); with others it
 * issues an adjustment note of the difference.
 */
export async function approveSalesReport(app: AppContext, actor: Actor, input: ApproveSalesReportRequest) {
  const user = staffOf(actor);
  const result = await app.db.transaction((tx) => approveInvoice(tx, app.clock.now(), user, input));
  if (!result.changed) {
    return {
      success: true as const,
      message: `Already approved as ${result.number} with these figures: nothing changed.`,
      changed: false,
      invoice_number: result.number,
    };
  }
  return {
    success: true as const,
    message: result.note
      ? `${FINANCE_MESSAGES.approved}: adjustment note ${result.number} of ${result.note.adjusts}, ${signedAUD(toMills(result.note.difference))}.`
      : FINANCE_MESSAGES.approved,
    changed: true,
    invoice_number: result.number,
  };
}

/** "+$63.78", "-$12.50", "$0.00": a difference with its sign. */
export function signedAUD(mills: number): string {
  return mills > 0 ? `+${formatAUD(mills)}` : formatAUD(mills);
}

/** The period a request names by id must be the one its dates give (400 naming the id). */
export async function checkPeriodId(
  db: DbOrTx,
  input: { sales_invoice_fortnight_period?: number | undefined },
  from: string,
) {
  if (input.sales_invoice_fortnight_period === undefined) return;
  const period = await q.findPeriodById(db, input.sales_invoice_fortnight_period);
  if (!period || period.startDate !== from) {
    throw invalid(
      period
        ? `Fortnight period #${period.id} is ${formatWireDate(period.startDate)} - ${formatWireDate(period.endDate)}, not the dates sent (${formatWireDate(from)}).`
        : `Fortnight period #${input.sales_invoice_fortnight_period} does not exist.`,
      'sales_invoice_fortnight_period',
    );
  }
}

const sameChoices = (
  a: Snapshot,
  b: { misc: Choices['misc']; less_in_store_cash_sales: boolean; less_in_store_card_sales: boolean },
) =>
  a.less_in_store_cash_sales === b.less_in_store_cash_sales &&
  a.less_in_store_card_sales === b.less_in_store_card_sales &&
  a.invoice.misc.length === b.misc.length &&
  a.invoice.misc.every((m, i) => {
    const other = b.misc[i]!;
    return m.label === other.label && toMills(m.gross) === other.gross && m.has_gst === other.has_gst;
  });

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
    | 'sales_invoice_fortnight_period'
    | 'seen_invoice_number'
  >,
): Promise<{ changed: boolean; number: string; note: AdjustmentNote | null }> {
  const { from, to } = fortnight(input);
  if (!isFortnightGridStart(from)) throw offGrid(from);
  await checkPeriodId(tx, input, from);
  const operator = await q.findOperator(tx, input.external_operator);
  if (!operator) throw notFound('This external operator does not exist.');
  const scope: Scope = { operator, locations: await q.listLocations(tx, { operatorId: operator.id }) };
  const choices: Choices = {
    misc: input.misc.map((m) => ({ label: m.label, gross: toMills(m.gross), has_gst: m.has_gst })),
    less_in_store_cash_sales: input.less_in_store_cash_sales,
    less_in_store_card_sales: input.less_in_store_card_sales,
  };
  const period = await q.periodFor(tx, from, to);
  // Approving what is approved (a second click, many approvals of the same figures at once) is
  // answered without the operator's lock: nothing is written, so they need not wait in line.
  const approvedNow = await q.currentApproval(tx, operator.id, period.id);
  if (approvedNow) {
    const approvedSnapshot = approvedNow.snapshot as Snapshot;
    const marks = await q.reportsOf(
      tx,
      period.id,
      scope.locations.map((l) => l.id),
    );
    const { invoice: now } = await computeReport(tx, scope, from, to, marks, choices);
    if (
      toMills(approvedSnapshot.invoice.payout_inc_gst) === now.payout_inc_gst &&
      (input.total_payout_inc_gst === undefined ||
        toMills(input.total_payout_inc_gst) === now.payout_inc_gst) &&
      sameChoices(approvedSnapshot, choices)
    ) {
      const version = await q.approvalVersion(tx, approvedNow);
      return { changed: false, number: versionNumber(operator.id, from, version), note: null };
    }
  }
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
  const current = await q.currentApproval(tx, operator.id, period.id);
  const currentSnapshot = current ? (current.snapshot as Snapshot) : null;
  const version = current ? await q.approvalVersion(tx, current) : 0;
  if (
    current &&
    currentSnapshot &&
    toMills(currentSnapshot.invoice.payout_inc_gst) === invoice.payout_inc_gst &&
    sameChoices(currentSnapshot, choices)
  ) {
    // Approving what is approved (a second click, a concurrent approval of the same figures).
    return { changed: false, number: versionNumber(operator.id, from, version), note: null };
  }
  const seen = current ? versionNumber(operator.id, from, version) : null;
  if (input.seen_invoice_number !== undefined && input.seen_invoice_number !== seen) {
    throw conflict(
      seen
        ? `The invoice was approved meanwhile as ${seen} (payout ${formatAUD(toMills(currentSnapshot!.invoice.payout_inc_gst))}): please check it again before approving.`
        : 'The invoice you saw is no longer approved: please check it again before approving.',
    );
  }
  const number = versionNumber(operator.id, from, version + 1);
  let note: AdjustmentNote | null = null;
  if (current && currentSnapshot) {
    const [first] = await q.approvalsOf(tx, operator.id, period.id).then((all) => all.slice(-1));
    const previous = toMills(currentSnapshot.invoice.payout_inc_gst);
    const difference = invoice.payout_inc_gst - previous;
    let settledIn: string | null = null;
    if (current.paidAt && difference !== 0) {
      // The earlier version was paid: the difference is settled in the next open fortnight.
      const landing = await nextOpenPeriod(tx, operator.id, period.startDate);
      settledIn = `${formatWireDate(landing.startDate)} - ${formatWireDate(landing.endDate)}`;
      await q.insertCarried(tx, {
        externalOperatorId: operator.id,
        periodId: landing.id,
        kind: 'paid_invoice_adjustment',
        label: `Adjustment note ${number} of paid invoice ${versionNumber(operator.id, from, version)}`,
        amount: toFixedString(difference, 2),
        // The note itself carries the GST change; the payout difference is settled as it is.
        hasGst: false,
        inLedger: false,
        orderId: null,
        source: { adjustment_note: number, paid_reference: current.paidReference ?? '' },
        reference: versionNumber(operator.id, from, version),
        approvalId: current.id,
        createdByEmail: user.email,
        createdAt: now,
        uniqueKey: `paid-adjustment:${operator.id}:${period.id}:${version + 1}`,
      });
    }
    note = {
      number,
      adjusts: invoiceBaseNumber(operator.id, from),
      original_payout_inc_gst: first
        ? (first.snapshot as Snapshot).invoice.payout_inc_gst
        : toAmount(previous),
      previous_payout_inc_gst: toAmount(previous),
      payout_inc_gst: toAmount(invoice.payout_inc_gst),
      difference: toAmount(difference),
      gst_adjustment: toAmount(invoice.purchases.gst - toMills(currentSnapshot.invoice.purchases.gst)),
      settled_in: settledIn,
    };
  }
  const approved: Snapshot = {
    ...snapshot,
    adjustment_note: note,
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
      summary: `Invoice of ${operator.businessName} ${formatWireDate(from)} - ${formatWireDate(to)} ${previous ? `approved again: adjustment note ${number}` : `approved: ${number}`}, payout ${formatAUD(invoice.payout_inc_gst)}`,
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
  return { changed: true, number, note };
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
  const note = report.adjustment_note ?? null;
  const name = `${note ? `adjustment-note-${note.number}` : 'invoice'}-${report.start_date.replace(/ /g, '-')}`;
  const difference = note ? signedAUD(toMills(note.difference)) : '';
  // A change after the tax invoice is an adjustment note of the difference, never a second invoice.
  const subject = note
    ? `Adjustment of ${note.adjusts}: ${difference}`
    : `Kitchaco payout invoice ${report.start_date} - ${report.end_date}`;
  const body = note
    ? [
        `Hello ${operator.businessName},`,
        '',
        `Adjustment of ${note.adjusts}: ${difference}.`,
        `Adjustment note ${note.number} for ${report.start_date} to ${report.end_date} is attached: it changes the payout already approved (${formatAUD(toMills(note.previous_payout_inc_gst))}) to ${formatAUD(toMills(note.payout_inc_gst))}; the GST on our supplies changes by ${signedAUD(toMills(note.gst_adjustment))}.`,
        note.settled_in
          ? `The invoice was already paid: the difference is settled in the invoice of ${note.settled_in}.`
          : `Please pay or settle the difference of ${difference} only, not the whole payout again.`,
        '',
        'Kitchaco',
      ].join('\n')
    : `Hello ${operator.businessName},\n\nYour payout invoice for ${report.start_date} to ${report.end_date} is attached. Payout (inc GST): ${formatAUD(toMills(report.invoice.payout_inc_gst))}.\n\nKitchaco`;
  const pdf = await invoicePdf(report, await invoiceContext(app, operator.id));
  const locations = await q.listLocations(app.db, { operatorId: operator.id });
  await app.db.transaction(async (tx) => {
    for (const location of locations) {
      await recordAudit(tx, {
        entityId: `${operator.id}:${fortnight(input).from}`,
        locationId: location.id,
        summary: `${note ? `Adjustment note ${note.number}` : 'Invoice'} of ${operator.businessName} ${report.start_date} - ${report.end_date} emailed to ${operator.email}`,
        before: null,
        after: { to: operator.email, payout_inc_gst: report.invoice.payout_inc_gst },
      });
    }
    await queueEmail(tx, app.clock.now(), {
      to: operator.email,
      subject,
      // Amounts as the screens show them ($19,354.55, -$12.50).
      body,
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

/**
 * Marks the current approval of an operator's fortnight paid: when (today unless given), by whom,
 * the payment's reference. 409 until approved, or when that version is already marked paid. An
 * approval made after it (an adjustment note) is settled in the next open fortnight.
 */
export async function markInvoicePaid(app: AppContext, actor: Actor, input: MarkInvoicePaidRequest) {
  const user = staffOf(actor);
  const { from, to } = fortnight(input);
  if (!isFortnightGridStart(from)) throw offGrid(from);
  const operator = await q.findOperator(app.db, input.external_operator);
  if (!operator) throw notFound('This external operator does not exist.');
  const paidDay = input.paid_on ? parseWireDate(input.paid_on) : todayOf(app.clock.now());
  if (!paidDay) throw invalid('paid_on must be a date like 05 Mar 2026', 'paid_on');
  if (paidDay > todayOf(app.clock.now()))
    throw invalid('The payment date cannot be in the future.', 'paid_on');
  return app.db.transaction(async (tx) => {
    await checkPeriodId(tx, input, from);
    const period = await q.findPeriod(tx, from);
    await q.lockInvoice(tx, operator.id);
    const current = period ? await q.currentApproval(tx, operator.id, period.id) : null;
    if (!period || !current) throw conflict('Approve the invoice before marking it paid.');
    const number = await approvalNumber(tx, current, from);
    if (current.paidAt) {
      throw conflict(
        `${number} was already marked paid on ${approvedOn(current.paidAt)} by ${current.paidByEmail} (reference ${current.paidReference}).`,
      );
    }
    // Noon on the provider's clock of the day paid: the day reads the same everywhere.
    const paidAt = zonedInstant(paidDay, DEFAULT_TIME_ZONE, 12);
    await q.markPaid(tx, current.id, { paidAt, paidByEmail: user.email, paidReference: input.reference });
    const payout = (current.snapshot as Snapshot).invoice.payout_inc_gst;
    for (const location of await q.listLocations(tx, { operatorId: operator.id })) {
      await recordAudit(tx, {
        entityId: `${operator.id}:${from}`,
        locationId: location.id,
        summary: `Invoice ${number} of ${operator.businessName} ${formatWireDate(from)} - ${formatWireDate(to)} marked paid: ${formatAUD(toMills(payout))}, reference ${input.reference}`,
        before: { paid: null },
        after: { paid_on: formatWireDate(paidDay), reference: input.reference, payout_inc_gst: payout },
      });
    }
    return {
      success: true as const,
      message: `${number} marked paid on ${formatWireDate(paidDay)} (reference ${input.reference}).`,
    };
  });
}
