import {
  addDays,
  type CarriedLine,
  computeInvoice,
  DEFAULT_TIME_ZONE,
  FINANCE_MESSAGES,
  formatAUD,
  formatWireDate,
  fortnightStartOf,
  type GenerateSalesReportRequest,
  type GetSalesReportRequest,
  INVOICE_CHANNELS,
  type Invoice,
  type IsoDate,
  isFortnightGridStart,
  liveDiffers,
  localDate,
  MARKETPLACE_NAMES,
  type MiscChargeInput,
  OWN_SALES_CHANNELS,
  type ReportFigures,
  type SalesChannel,
  type SalesReportResponse,
  type SalesReportRow,
  toAmount,
  toMills,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.record.js';
import { queueEmail } from '../notifications/outbox.service.js';
import { carriedLinesOf, payoutLines, versionNumber } from './carry.service.js';
import { presentInvoice, presentReportRow } from './finance.presenter.js';
import * as q from './finance.queries.js';
import {
  fortnight,
  MARKETPLACE_FLAGS,
  registeredEmail,
  type Scope,
  scopeOf,
  staffOf,
} from './finance.service.js';
import { figuresOf, type LocationFigures, ratesOf, totalOf } from './sales-figures.service.js';
import { transactionalDocument } from './transactions-report.service.js';

export interface Choices {
  misc: MiscChargeInput[];
  less_in_store_cash_sales: boolean;
  less_in_store_card_sales: boolean;
}
const DEFAULT_CHOICES: Choices = {
  misc: [],
  less_in_store_cash_sales: true,
  less_in_store_card_sales: false,
};

export type Snapshot = Omit<SalesReportResponse, 'history'>;

/** What a location's report row says of its generation (a `sales_reports` row, or a free range's). */
interface GeneratedMark {
  locationId: number;
  status: SalesReportRow['status'];
  generatedAt: Date | null;
}

/** The whole report as computed from the ledger now, with the given charges and deductions. */
export async function computeReport(
  db: DbOrTx,
  scope: Scope,
  from: IsoDate,
  to: IsoDate,
  reports: readonly GeneratedMark[],
  choices: Choices,
): Promise<{ snapshot: Snapshot; invoice: Invoice }> {
  const figures = await figuresOf(db, scope.locations, from, to);
  return reportFrom(scope, from, to, figures, reports, choices, await carriedOf(db, scope, from, to));
}

/** The lines carried into an operator's fortnight (none for a location's report or all operators). */
async function carriedOf(db: DbOrTx, scope: Scope, from: IsoDate, to: IsoDate): Promise<CarriedLine[]> {
  if (!scope.operator) return [];
  const period = await q.findPeriod(db, from);
  return carriedLinesOf(db, scope.operator.id, scope.locations, from, to, period?.id ?? null);
}

/** The whole report of the given location figures, with the given charges and deductions. */
function reportFrom(
  scope: Scope,
  from: IsoDate,
  to: IsoDate,
  figures: LocationFigures[],
  reports: readonly GeneratedMark[],
  choices: Choices,
  carried: CarriedLine[] = [],
): { snapshot: Snapshot; invoice: Invoice } {
  const reportOf = new Map(reports.map((r) => [r.locationId, r]));
  const total = totalOf(figures);
  const invoice = computeInvoice({
    ...total,
    rates: ratesOf(scope.operator),
    ...choices,
    carried: payoutLines(carried),
  });
  const generated = scope.locations.length > 0 && scope.locations.every((l) => reportOf.has(l.id));
  // A location's report (not an invoice) whose every row is approved says so at the top too.
  const allApproved =
    generated && !scope.operator && scope.locations.every((l) => reportOf.get(l.id)?.status === 'approved');
  const status: SalesReportRow['status'] = allApproved ? 'approved' : generated ? 'generated' : 'unavailable';
  const rates = ratesOf(scope.operator);
  return {
    invoice,
    snapshot: {
      success: true,
      start_date: formatWireDate(from),
      end_date: formatWireDate(to),
      status,
      sales_data: figures.map((f) => {
        const r = reportOf.get(f.location.id);
        return presentReportRow(
          f,
          r ? (r.status === 'approved' ? 'approved' : 'generated') : 'unavailable',
          r?.generatedAt ?? null,
        );
      }),
      business_name: scope.operator?.businessName ?? null,
      gross_stock_purchased: toAmount(total.stock.gross),
      net_stock_purchased: toAmount(total.stock.gross - total.stock.gst),
      gst_stock_purchased: toAmount(total.stock.gst),
      admin_adjustment_stock_purchased: toAmount(total.stock.admin_adjustment),
      delivery_charge_stock_purchased: toAmount(total.stock.delivery_charge),
      commission_rate_data: scope.operator
        ? Object.fromEntries(INVOICE_CHANNELS.map((c) => [`${c}_commission`, Number(rates[c])]))
        : {},
      gross_kitchaco_in_store_cash_sales: toAmount(total.sales.in_store_cash),
      gross_kitchaco_in_store_card_sales: toAmount(total.sales.in_store_card),
      gross_kitchaco_online_pickup_sales: toAmount(total.sales.online_pickup),
      gross_kitchaco_online_delivery_sales: toAmount(total.sales.online_delivery),
      gross_uber_eats_sales: toAmount(total.sales.uber_eats),
      gross_doordash_sales: toAmount(total.sales.doordash),
      gross_deliveroo_sales: toAmount(total.sales.deliveroo),
      gross_menulog_sales: toAmount(total.sales.menulog),
      invoice: presentInvoice(invoice),
      approved_by: null,
      approved_on: null,
      sales_approved_invoice_details: [],
      less_in_store_cash_sales: choices.less_in_store_cash_sales,
      less_in_store_card_sales: choices.less_in_store_card_sales,
      ...(scope.operator ? { carried_lines: carried } : {}),
    },
  };
}

export const approvedOn = (at: Date) => formatWireDate(localDate(at, DEFAULT_TIME_ZONE));

function history(approvals: Awaited<ReturnType<typeof q.approvalsOf>>, operatorId: number, start: IsoDate) {
  // Newest first: the oldest is version 1 (the tax invoice).
  return approvals
    .map((a, i) => ({ a, version: approvals.length - i }))
    .filter(({ a }) => a.supersededAt !== null)
    .map(({ a, version }) => ({
      approved_by: a.approvedByEmail,
      approved_on: approvedOn(a.approvedAt),
      payout_inc_gst: (a.snapshot as Snapshot).invoice.payout_inc_gst,
      number: versionNumber(operatorId, start, version),
    }));
}

/** Whether and how an approval was paid (mark_invoice_paid). */
export function paidOf(a: { paidAt: Date | null; paidByEmail: string | null; paidReference: string | null }) {
  return a.paidAt
    ? { paid_on: approvedOn(a.paidAt), paid_by: a.paidByEmail ?? '', reference: a.paidReference ?? '' }
    : null;
}

/**
 * The report of a location (or all) or the invoice of an operator for a fortnight. An approved
 * invoice is read from its snapshot, never recomputed; otherwise figures come from the ledger now.
 * A fortnight period without a generated report answers 404 with the spec's message. A location's
 * report over a Monday off the grid is a free range with no period: once it has ended it is computed
 * from the ledger; an invoice exists only for a period of the grid.
 */
export async function getSalesReport(
  app: AppContext,
  input: GetSalesReportRequest,
): Promise<SalesReportResponse> {
  const { from, to } = fortnight(input);
  const scope = await scopeOf(app, input);
  const period = await q.findPeriod(app.db, from);
  if (scope.operator && period) {
    // Also reads an invoice approved for a period made off the grid before periods kept to it.
    const approvals = await q.approvalsOf(app.db, scope.operator.id, period.id);
    const current = approvals.find((a) => a.supersededAt === null);
    if (current) {
      const approved = current.snapshot as Snapshot;
      const reports = await q.reportsOf(
        app.db,
        period.id,
        scope.locations.map((l) => l.id),
      );
      // Beside the approval, the same invoice from the ledger now with the approval's own charges
      // and deductions: what "Update and Approve Again" approves.
      const { snapshot: now } = await computeReport(app.db, scope, from, to, reports, choicesOf(approved));
      const live = figuresPart(now);
      return {
        ...approved,
        invoice_number: versionNumber(scope.operator.id, period.startDate, approvals.length),
        paid: paidOf(current),
        history: history(approvals, scope.operator.id, period.startDate),
        live,
        live_differs: liveDiffers(approved, live),
      };
    }
  }
  let reports: GeneratedMark[];
  if (isFortnightGridStart(from)) {
    reports = period
      ? await q.reportsOf(
          app.db,
          period.id,
          scope.locations.map((l) => l.id),
        )
      : [];
  } else {
    if (input.external_operator !== undefined) throw offGrid(from);
    const ended = hasEnded(scope.locations, to, app.clock.now());
    reports = ended
      ? scope.locations.map((l) => ({ locationId: l.id, status: 'generated', generatedAt: null }))
      : [];
  }
  const figures = await figuresOf(app.db, scope.locations, from, to);
  const carried = await carriedOf(app.db, scope, from, to);
  const { snapshot } = reportFrom(scope, from, to, figures, reports, DEFAULT_CHOICES, carried);
  if (snapshot.status === 'unavailable') throw notFound(FINANCE_MESSAGES.notGenerated);
  if (scope.operator || !period || !reports.some((r) => r.status === 'approved')) {
    return { ...snapshot, history: [], live_differs: false };
  }
  // A location's report: each approved location shows the figures its operator's invoice approved
  // (stock excepted: an approval keeps stock per operator only), the ledger's figures beside them.
  const approvedRows = await approvedRowsOf(app.db, scope.locations, period.id);
  const shownFigures = figures.map((f) => {
    const row = approvedRows.get(f.location.id);
    return row ? approvedFigures(f, row) : f;
  });
  if (approvedRows.size === 0) return { ...snapshot, history: [], live_differs: false };
  const { snapshot: shown } = reportFrom(scope, from, to, shownFigures, reports, DEFAULT_CHOICES);
  const live = figuresPart(snapshot);
  return { ...shown, history: [], live, live_differs: liveDiffers(shown, live) };
}

/** The charges and deductions an approval was made with. */
function choicesOf(approved: Snapshot): Choices {
  return {
    misc: approved.invoice.misc.map((m) => ({ label: m.label, gross: toMills(m.gross), has_gst: m.has_gst })),
    less_in_store_cash_sales: approved.less_in_store_cash_sales,
    less_in_store_card_sales: approved.less_in_store_card_sales,
  };
}

/** The figures of a report, without who and when (the `live` of an approved one). */
function figuresPart(report: Snapshot): ReportFigures {
  return {
    sales_data: report.sales_data,
    gross_stock_purchased: report.gross_stock_purchased,
    net_stock_purchased: report.net_stock_purchased,
    gst_stock_purchased: report.gst_stock_purchased,
    admin_adjustment_stock_purchased: report.admin_adjustment_stock_purchased,
    delivery_charge_stock_purchased: report.delivery_charge_stock_purchased,
    gross_kitchaco_in_store_cash_sales: report.gross_kitchaco_in_store_cash_sales,
    gross_kitchaco_in_store_card_sales: report.gross_kitchaco_in_store_card_sales,
    gross_kitchaco_online_pickup_sales: report.gross_kitchaco_online_pickup_sales,
    gross_kitchaco_online_delivery_sales: report.gross_kitchaco_online_delivery_sales,
    gross_uber_eats_sales: report.gross_uber_eats_sales,
    gross_doordash_sales: report.gross_doordash_sales,
    gross_deliveroo_sales: report.gross_deliveroo_sales,
    gross_menulog_sales: report.gross_menulog_sales,
    invoice: report.invoice,
  };
}

/** Each location's row in its operator's current approval of the period, by location id. */
async function approvedRowsOf(
  db: DbOrTx,
  locations: q.LocationRow[],
  periodId: number,
): Promise<Map<number, SalesReportRow>> {
  const rows = new Map<number, SalesReportRow>();
  const operators = [
    ...new Set(locations.flatMap((l) => (l.externalOperatorId === null ? [] : [l.externalOperatorId]))),
  ];
  for (const approval of await q.currentApprovalsOf(db, operators, periodId)) {
    for (const row of (approval.snapshot as Snapshot).sales_data ?? []) rows.set(row.kitchaco, row);
  }
  return rows;
}

/** A location's figures as its approval holds them (stock as now: approvals keep it per operator). */
function approvedFigures(f: LocationFigures, row: SalesReportRow): LocationFigures {
  return {
    location: f.location,
    sales: {
      in_store_cash: toMills(row.in_store_cash_sales),
      in_store_card: toMills(row.in_store_card_sales),
      online_pickup: toMills(row.online_pickup_sales),
      online_delivery: toMills(row.online_delivery_sales),
      uber_eats: toMills(row.uber_total_sales),
      doordash: toMills(row.doordash_total_sales),
      deliveroo: toMills(row.deliveroo_total_sales),
      menulog: toMills(row.menulog_total_sales),
      deliveroo_adjustments: toMills(row.deliveroo_adjustments),
    },
    refunds: toMills(row.card_refunds ?? 0),
    stock: f.stock,
  };
}

export function offGrid(from: IsoDate) {
  return invalid(
    FINANCE_MESSAGES.notAPeriod(formatWireDate(from), formatWireDate(fortnightStartOf(from))),
    'start_date',
  );
}

function hasEnded(locations: q.LocationRow[], to: IsoDate, now: Date): boolean {
  return locations.every((l) => to < localDate(now, l.timeZone));
}

function endedCheck(locations: q.LocationRow[], to: IsoDate, now: Date) {
  if (!hasEnded(locations, to, now)) {
    throw conflict(
      `This fortnight ends on ${formatWireDate(to)}: its report can be generated from ${formatWireDate(addDays(to, 1))}.`,
    );
  }
}

/**
 * Generates the reports of a location (or all), or of an operator's locations, for an ended
 * fortnight, and emails each of those locations its transactional summary (every platform, PDF and
 * CSV) to its registered address: only when its report is first generated for the period, or when
 * `resend_summary` asks. A Monday off the grid is a free range: nothing is stored (no period), and
 * its summaries are sent on each call, as nothing records an earlier one.
 */
export async function generateSalesReport(
  app: AppContext,
  actor: Actor,
  input: Pick<GenerateSalesReportRequest, 'kitchaco' | 'external_operator' | 'start_date' | 'end_date'> & {
    resend_summary?: boolean | undefined;
  },
) {
  const user = staffOf(actor);
  const { from, to } = fortnight(input);
  const scope = await scopeOf(app, input);
  const now = app.clock.now();
  endedCheck(scope.locations, to, now);
  const channels: SalesChannel[] = [...OWN_SALES_CHANNELS, ...MARKETPLACE_FLAGS];
  let emailed = 0;
  const figures = await app.db.transaction(async (tx) => {
    let saved: LocationFigures[];
    let alreadySent = new Set<number>();
    if (isFortnightGridStart(from)) {
      const period = await q.periodFor(tx, from, to);
      if (!input.resend_summary) {
        const earlier = await q.reportsOf(
          tx,
          period.id,
          scope.locations.map((l) => l.id),
        );
        alreadySent = new Set(earlier.map((r) => r.locationId));
      }
      saved = await recordGeneratedReports(tx, scope.locations, from, to, now);
    } else {
      saved = await figuresOf(tx, scope.locations, from, to);
    }
    const period = `${formatWireDate(from)} - ${formatWireDate(to)}`;
    for (const f of saved) {
      await recordAudit(tx, {
        entityId: `${f.location.id}:${from}`,
        locationId: f.location.id,
        summary: `Sales report of ${f.location.name} ${period} generated${alreadySent.has(f.location.id) ? '' : ', summary emailed'}`,
        before: null,
        after: { period, ...presentReportRow(f, 'generated', now) },
      });
    }
    for (const f of saved) {
      if (alreadySent.has(f.location.id)) continue;
      alreadySent.add(f.location.id);
      const operator = f.location.externalOperatorId
        ? await q.findOperator(tx, f.location.externalOperatorId)
        : null;
      const doc = await transactionalDocument(tx, [f.location], from, to, channels, {
        today: localDate(now, DEFAULT_TIME_ZONE),
        providerAbn: app.config.providerAbn,
      });
      await queueEmail(tx, now, {
        to: registeredEmail(f.location, operator, user.email),
        subject: `Kitchaco sales summary ${f.location.name} ${formatWireDate(from)} - ${formatWireDate(to)}`,
        body: summaryText(f, from, to),
        attachments: doc.attachments,
      });
      emailed += 1;
    }
    return saved;
  });
  return {
    success: true as const,
    message: generatedMessage(emailed, figures.length),
    generated: figures.map((f) => f.location.name),
  };
}

/** What a generation did: the spec's sentence when every summary went, else what was and was not sent. */
export function generatedMessage(emailed: number, locations: number): string {
  if (emailed === locations)
    return 'The report has been generated and the transactional summary sent to the registered email id.';
  if (emailed === 0)
    return 'The report has been generated again. No summary was emailed: it was sent when the report was first generated (ask to resend it to send it again).';
  return `The report has been generated. ${emailed} of ${locations} locations were emailed their transactional summary; the others had it when their report was first generated.`;
}

/** Computes and saves the generated reports of locations for a fortnight (no emails). */
export async function recordGeneratedReports(
  db: DbOrTx,
  locations: q.LocationRow[],
  from: IsoDate,
  to: IsoDate,
  now: Date,
): Promise<LocationFigures[]> {
  const figures = await figuresOf(db, locations, from, to);
  const period = await q.periodFor(db, from, to);
  for (const f of figures) {
    await q.saveReport(db, {
      locationId: f.location.id,
      periodId: period.id,
      figures: presentReportRow(f, 'generated', now),
      generatedAt: now,
    });
  }
  return figures;
}

function summaryText(f: LocationFigures, from: IsoDate, to: IsoDate): string {
  const lines = [
    `Sales summary for ${f.location.name}, ${formatWireDate(from)} to ${formatWireDate(to)}:`,
    `In-store cash: ${formatAUD(f.sales.in_store_cash)}`,
    `In-store card: ${formatAUD(f.sales.in_store_card)}`,
    `Online pickup: ${formatAUD(f.sales.online_pickup)}`,
    `Online delivery: ${formatAUD(f.sales.online_delivery)}`,
    `Card refunds: ${formatAUD(f.refunds)} (already taken off the in-store card and online figures)`,
    `Uber Eats: ${formatAUD(f.sales.uber_eats)}`,
    `${MARKETPLACE_NAMES.doordash}: ${formatAUD(f.sales.doordash)}`,
    `Deliveroo: ${formatAUD(f.sales.deliveroo)} (adjustments ${formatAUD(f.sales.deliveroo_adjustments)})`,
    `Menulog: ${formatAUD(f.sales.menulog)}`,
    'Every order, and every card refund, is in the attached PDF and CSV.',
  ];
  return lines.join('\n');
}
