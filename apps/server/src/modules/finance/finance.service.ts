import {
  type ApproveSalesReportRequest,
  addDays,
  type ChannelSales,
  computeInvoice,
  DEFAULT_TIME_ZONE,
  FINANCE_MESSAGES,
  FORTNIGHT_ANCHOR,
  type FortnightPeriod,
  formatAUD,
  formatWireDate,
  fortnightStartOf,
  type GenerateSalesReportRequest,
  type GetSalesReportRequest,
  INVOICE_CHANNELS,
  type Invoice,
  type InvoiceChannel,
  type InvoiceFigures,
  type IsoDate,
  isFortnightGridStart,
  liveDiffers,
  localDate,
  type Mills,
  type MiscChargeInput,
  OWN_SALES_CHANNELS,
  parseWireDate,
  type ReportFigures,
  type SalesChannel,
  type SalesReportResponse,
  type SalesReportRow,
  type StockPurchased,
  type TransactionalReportRequest,
  toAmount,
  toMills,
  zonedRange,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { conflict, forbidden, invalid, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.record.js';
import { queueEmail } from '../notifications/outbox.service.js';
import {
  type InvoiceContext,
  invoiceCsv,
  invoicePdf,
  transactionalCsv,
  transactionalPdf,
} from './finance.documents.js';
import * as q from './finance.queries.js';

const MARKETPLACE_FLAGS = ['uber_eats', 'deliveroo', 'doordash', 'menulog'] as const;
const OWN = new Set<SalesChannel>(OWN_SALES_CHANNELS);

function staffOf(actor: Actor) {
  if (actor.kind !== 'staff') throw forbidden('Staff only.');
  return actor.user;
}

function fortnight(input: { start_date: string; end_date: string }): { from: IsoDate; to: IsoDate } {
  const from = parseWireDate(input.start_date);
  const to = parseWireDate(input.end_date);
  if (!from) throw invalid('start_date must be a date like 05 Mar 2026', 'start_date');
  if (!to) throw invalid('end_date must be a date like 05 Mar 2026', 'end_date');
  return { from, to };
}

// ---------------------------------------------------------------- periods

/**
 * The fortnights of the invoice selector, newest first. Periods run in 14-day steps from the
 * anchor Monday; the ones up to today are created on demand, so the list never runs out.
 */
export async function fortnightPeriods(
  app: AppContext,
): Promise<{ success: true; sales_invoice_fortnight_period: FortnightPeriod[] }> {
  const today = localDate(app.clock.now(), DEFAULT_TIME_ZONE);
  const current = fortnightStartOf(today);
  const last = await q.lastPeriodStart(app.db);
  const missing: { startDate: string; endDate: string }[] = [];
  let start = last ? addDays(fortnightStartOf(last), 14) : addDays(current, -14 * 12);
  if (start < FORTNIGHT_ANCHOR) start = FORTNIGHT_ANCHOR;
  for (; start <= current; start = addDays(start, 14))
    missing.push({ startDate: start, endDate: addDays(start, 13) });
  await q.insertPeriods(app.db, missing);
  const periods = await q.listPeriods(app.db, current);
  return {
    success: true,
    sales_invoice_fortnight_period: periods
      .filter((p) => fortnightStartOf(p.startDate) === p.startDate)
      .map((p) => ({
        id: p.id,
        start_date: formatWireDate(p.startDate),
        end_date: formatWireDate(p.endDate),
      })),
  };
}

// ---------------------------------------------------------------- figures from the ledger

interface LocationFigures {
  location: q.LocationRow;
  /** Own channels net of the fortnight's card refunds. */
  sales: ChannelSales;
  /** Those card refunds (negative) and reversals (positive), within `sales`. */
  refunds: Mills;
  stock: StockPurchased;
}

const emptySales = (): ChannelSales => ({
  in_store_cash: 0,
  in_store_card: 0,
  online_pickup: 0,
  online_delivery: 0,
  uber_eats: 0,
  doordash: 0,
  deliveroo: 0,
  menulog: 0,
  deliveroo_adjustments: 0,
});
const emptyStock = (): StockPurchased => ({ gross: 0, gst: 0, delivery_charge: 0, admin_adjustment: 0 });

/**
 * Each location's sales per channel (canceled excluded; our own channels net of the card refunds
 * made on those days), Deliveroo's adjustments, and stock purchased, over its own fortnight days.
 */
async function figuresOf(
  db: DbOrTx,
  locations: q.LocationRow[],
  from: IsoDate,
  to: IsoDate,
): Promise<LocationFigures[]> {
  const windows = locations.map((l) => ({
    id: l.id,
    name: l.name,
    timeZone: l.timeZone,
    ...zonedRange(from, to, l.timeZone),
  }));
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const channels = await q.channelFigures(db, {
    locationIds: locations.map((l) => l.id),
    all: false,
    from,
    to,
  });
  const adjustments = await q.adjustmentFigures(db, {
    locationIds: locations.map((l) => l.id),
    all: false,
    from,
    to,
  });
  const stock = await q.stockByLocation(db, windows);
  const byId = new Map<number, LocationFigures>(
    locations.map((l) => [l.id, { location: l, sales: emptySales(), refunds: 0, stock: emptyStock() }]),
  );
  for (const row of channels) {
    const f = byId.get(row.location_id);
    if (!f || row.canceled) continue;
    f.sales[row.channel as InvoiceChannel] += toMills(row.sales);
  }
  for (const row of adjustments) {
    const f = byId.get(row.location_id);
    if (!f) continue;
    const amount = toMills(row.amount);
    if (row.channel === 'deliveroo') f.sales.deliveroo_adjustments += amount;
    else if (OWN.has(row.channel)) {
      // A card refund counts against its channel in the fortnight it was made: commissions, revenue
      // and the payout all follow the net figure.
      f.sales[row.channel as InvoiceChannel] += amount;
      f.refunds += amount;
    }
    // Other marketplaces' adjustments are not reported (as before refunds were).
  }
  for (const row of stock) {
    const f = byId.get(row.location_id);
    if (!f) continue;
    f.stock = {
      gross: toMills(row.gross),
      gst: toMills(row.gst),
      delivery_charge: toMills(row.delivery_charge),
      admin_adjustment: toMills(row.admin_adjustment),
    };
  }
  return [...byId.values()];
}

function totalOf(figures: LocationFigures[]): { sales: ChannelSales; stock: StockPurchased } {
  const sales = emptySales();
  const stock = emptyStock();
  for (const f of figures) {
    for (const key of Object.keys(sales) as (keyof ChannelSales)[]) sales[key] += f.sales[key];
    for (const key of Object.keys(stock) as (keyof StockPurchased)[]) stock[key] += f.stock[key];
  }
  return { sales, stock };
}

const ZERO_RATES = Object.fromEntries(INVOICE_CHANNELS.map((c) => [c, '0'])) as Record<
  InvoiceChannel,
  string
>;

function ratesOf(operator: q.OperatorRow | null): Record<InvoiceChannel, string> {
  if (!operator) return ZERO_RATES;
  return {
    in_store_cash: operator.inStoreCashRate,
    in_store_card: operator.inStoreCardRate,
    online_pickup: operator.onlinePickupRate,
    online_delivery: operator.onlineDeliveryRate,
    uber_eats: operator.uberEatsRate,
    doordash: operator.doordashRate,
    deliveroo: operator.deliverooRate,
    menulog: operator.menulogRate,
  };
}

/** Mills to dollars throughout an invoice (rates and labels untouched). */
function toWire(invoice: Invoice): InvoiceFigures {
  const walk = (value: unknown, key: string): unknown => {
    if (typeof value === 'number') return toAmount(value);
    if (Array.isArray(value)) return value.map((v) => walk(v, key));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'rate' ? v : walk(v, k)]));
    }
    return value;
  };
  return walk(invoice, '') as InvoiceFigures;
}

const dollars = (mills: Mills) => toAmount(mills);

function reportRow(
  f: LocationFigures,
  status: SalesReportRow['status'],
  generatedAt: Date | null,
): SalesReportRow {
  return {
    kitchaco: f.location.id,
    kitchaco__suburb: f.location.suburb,
    in_store_cash_sales: dollars(f.sales.in_store_cash),
    in_store_card_sales: dollars(f.sales.in_store_card),
    online_pickup_sales: dollars(f.sales.online_pickup),
    online_delivery_sales: dollars(f.sales.online_delivery),
    uber_total_sales: dollars(f.sales.uber_eats),
    doordash_total_sales: dollars(f.sales.doordash),
    deliveroo_total_sales: dollars(f.sales.deliveroo),
    deliveroo_adjustments: dollars(f.sales.deliveroo_adjustments),
    menulog_total_sales: dollars(f.sales.menulog),
    card_refunds: dollars(f.refunds),
    status,
    generated_at: generatedAt ? generatedAt.toISOString() : null,
  };
}

interface Scope {
  operator: q.OperatorRow | null;
  locations: q.LocationRow[];
}

async function scopeOf(
  app: AppContext,
  input: { kitchaco?: number | undefined; external_operator?: number | undefined },
): Promise<Scope> {
  if (input.kitchaco !== undefined) {
    if (input.kitchaco === 0) return { operator: null, locations: await q.listLocations(app.db, {}) };
    const locations = await q.listLocations(app.db, { ids: [input.kitchaco] });
    if (locations.length === 0) throw notFound('This location does not exist.');
    return { operator: null, locations };
  }
  if (!input.external_operator)
    return { operator: null, locations: await q.listLocations(app.db, { anyOperator: true }) };
  const operator = await q.findOperator(app.db, input.external_operator);
  if (!operator) throw notFound('This external operator does not exist.');
  return { operator, locations: await q.listLocations(app.db, { operatorId: operator.id }) };
}

interface Choices {
  misc: MiscChargeInput[];
  less_in_store_cash_sales: boolean;
  less_in_store_card_sales: boolean;
}
const DEFAULT_CHOICES: Choices = {
  misc: [],
  less_in_store_cash_sales: true,
  less_in_store_card_sales: false,
};

type Snapshot = Omit<SalesReportResponse, 'history'>;

/** What a location's report row says of its generation (a `sales_reports` row, or a free range's). */
interface GeneratedMark {
  locationId: number;
  status: SalesReportRow['status'];
  generatedAt: Date | null;
}

/** The whole report as computed from the ledger now, with the given charges and deductions. */
async function computeReport(
  db: DbOrTx,
  scope: Scope,
  from: IsoDate,
  to: IsoDate,
  reports: readonly GeneratedMark[],
  choices: Choices,
): Promise<{ snapshot: Snapshot; invoice: Invoice }> {
  return reportFrom(scope, from, to, await figuresOf(db, scope.locations, from, to), reports, choices);
}

/** The whole report of the given location figures, with the given charges and deductions. */
function reportFrom(
  scope: Scope,
  from: IsoDate,
  to: IsoDate,
  figures: LocationFigures[],
  reports: readonly GeneratedMark[],
  choices: Choices,
): { snapshot: Snapshot; invoice: Invoice } {
  const reportOf = new Map(reports.map((r) => [r.locationId, r]));
  const total = totalOf(figures);
  const invoice = computeInvoice({ ...total, rates: ratesOf(scope.operator), ...choices });
  const status: SalesReportRow['status'] =
    scope.locations.length > 0 && scope.locations.every((l) => reportOf.has(l.id))
      ? 'generated'
      : 'unavailable';
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
        return reportRow(
          f,
          r ? (r.status === 'approved' ? 'approved' : 'generated') : 'unavailable',
          r?.generatedAt ?? null,
        );
      }),
      business_name: scope.operator?.businessName ?? null,
      gross_stock_purchased: dollars(total.stock.gross),
      net_stock_purchased: dollars(total.stock.gross - total.stock.gst),
      gst_stock_purchased: dollars(total.stock.gst),
      admin_adjustment_stock_purchased: dollars(total.stock.admin_adjustment),
      delivery_charge_stock_purchased: dollars(total.stock.delivery_charge),
      commission_rate_data: scope.operator
        ? Object.fromEntries(INVOICE_CHANNELS.map((c) => [`${c}_commission`, Number(rates[c])]))
        : {},
      gross_kitchaco_in_store_cash_sales: dollars(total.sales.in_store_cash),
      gross_kitchaco_in_store_card_sales: dollars(total.sales.in_store_card),
      gross_kitchaco_online_pickup_sales: dollars(total.sales.online_pickup),
      gross_kitchaco_online_delivery_sales: dollars(total.sales.online_delivery),
      gross_uber_eats_sales: dollars(total.sales.uber_eats),
      gross_doordash_sales: dollars(total.sales.doordash),
      gross_deliveroo_sales: dollars(total.sales.deliveroo),
      gross_menulog_sales: dollars(total.sales.menulog),
      invoice: toWire(invoice),
      approved_by: null,
      approved_on: null,
      sales_approved_invoice_details: [],
      less_in_store_cash_sales: choices.less_in_store_cash_sales,
      less_in_store_card_sales: choices.less_in_store_card_sales,
    },
  };
}

const approvedOn = (at: Date) => formatWireDate(localDate(at, DEFAULT_TIME_ZONE));

function history(approvals: Awaited<ReturnType<typeof q.approvalsOf>>) {
  return approvals
    .filter((a) => a.supersededAt !== null)
    .map((a) => ({
      approved_by: a.approvedByEmail,
      approved_on: approvedOn(a.approvedAt),
      payout_inc_gst: (a.snapshot as Snapshot).invoice.payout_inc_gst,
    }));
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
        history: history(approvals),
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
  const { snapshot } = reportFrom(scope, from, to, figures, reports, DEFAULT_CHOICES);
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

function offGrid(from: IsoDate) {
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

function registeredEmail(location: q.LocationRow, operator: q.OperatorRow | null, fallback: string): string {
  return location.email ?? operator?.email ?? fallback;
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
        after: { period, ...reportRow(f, 'generated', now) },
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
    }
    return saved;
  });
  return {
    success: true as const,
    message: 'The report has been generated and the transactional summary sent to the registered email id.',
    generated: figures.map((f) => f.location.name),
  };
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
      figures: reportRow(f, 'generated', now),
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
    `Doordash: ${formatAUD(f.sales.doordash)}`,
    `Deliveroo: ${formatAUD(f.sales.deliveroo)} (adjustments ${formatAUD(f.sales.deliveroo_adjustments)})`,
    `Menulog: ${formatAUD(f.sales.menulog)}`,
    'Every order, and every card refund, is in the attached PDF and CSV.',
  ];
  return lines.join('\n');
}

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

// ---------------------------------------------------------------- transactional report

/**
 * The transactional report of the given locations as PDF and CSV. Each location's email gets a
 * document of that location alone (its rows only); a download may cover several.
 */
async function transactionalDocument(
  db: DbOrTx,
  locations: q.LocationRow[],
  from: IsoDate,
  to: IsoDate,
  channels: SalesChannel[],
  made: { today: IsoDate; providerAbn: string | null },
) {
  const windows = locations.map((l) => ({
    id: l.id,
    name: l.name,
    timeZone: l.timeZone,
    ...zonedRange(from, to, l.timeZone),
  }));
  const orders = await q.platformOrders(db, windows, channels);
  const refunds = await q.channelRefunds(
    db,
    windows,
    channels.filter((c) => OWN.has(c)),
  );
  // The operator named in the header: the locations' one operator, if they share one.
  const operatorIds = [...new Set(locations.map((l) => l.externalOperatorId))];
  const operator =
    operatorIds.length === 1 && operatorIds[0] !== null ? await q.findOperator(db, operatorIds[0]!) : null;
  const data = {
    from,
    to,
    locations: locations.map((l) => l.name),
    channels,
    orders,
    refunds,
    operator: operator ? { businessName: operator.businessName, abn: operator.abn } : null,
    ...made,
  };
  // A location's own file name, so two locations' attachments are never taken for the same file.
  const place = locations.length === 1 ? `${locations[0]!.name.replace(/[^A-Za-z0-9]+/g, '-')}-` : '';
  const name = `transactions-${place}${formatWireDate(from).replace(/ /g, '-')}`;
  const pdf = await transactionalPdf(data);
  const csv = transactionalCsv(data);
  return {
    pdf,
    csv,
    attachments: [
      { filename: `${name}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64') },
      { filename: `${name}.csv`, contentType: 'text/csv', content: Buffer.from(csv).toString('base64') },
    ],
  };
}

function chosenChannels(input: TransactionalReportRequest): SalesChannel[] {
  return [...(input.own_channels ? OWN_SALES_CHANNELS : []), ...MARKETPLACE_FLAGS.filter((c) => input[c])];
}

/**
 * The orders of the chosen platforms (and of our own channels, with each card refund on its own
 * row) of a location (or all) for a fortnight, emailed as PDF and CSV.
 */
export async function transactionalReport(app: AppContext, actor: Actor, input: TransactionalReportRequest) {
  const user = staffOf(actor);
  const { from, to } = fortnight(input);
  const scope = await scopeOf(app, { kitchaco: input.kitchaco });
  const channels = chosenChannels(input);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    for (const location of scope.locations) {
      const operator = location.externalOperatorId
        ? await q.findOperator(tx, location.externalOperatorId)
        : null;
      const doc = await transactionalDocument(tx, [location], from, to, channels, {
        today: localDate(now, DEFAULT_TIME_ZONE),
        providerAbn: app.config.providerAbn,
      });
      const recipient = registeredEmail(location, operator, user.email);
      await recordAudit(tx, {
        entityId: `${location.id}:${from}`,
        locationId: location.id,
        summary: `Transactional report of ${location.name} ${formatWireDate(from)} - ${formatWireDate(to)} emailed to ${recipient}`,
        before: null,
        after: { to: recipient, channels },
      });
      await queueEmail(tx, now, {
        to: recipient,
        subject: `Kitchaco transactional report ${location.name} ${formatWireDate(from)} - ${formatWireDate(to)}`,
        body: `The orders${input.own_channels ? ' and card refunds' : ''} of ${location.name} from ${formatWireDate(from)} to ${formatWireDate(to)} are attached.`,
        attachments: doc.attachments,
      });
    }
  });
  return { success: true as const, message: FINANCE_MESSAGES.txnSent };
}

export async function transactionalDownload(
  app: AppContext,
  input: TransactionalReportRequest,
  format: 'pdf' | 'csv',
) {
  const { from, to } = fortnight(input);
  const scope = await scopeOf(app, { kitchaco: input.kitchaco });
  const doc = await transactionalDocument(app.db, scope.locations, from, to, chosenChannels(input), {
    today: localDate(app.clock.now(), DEFAULT_TIME_ZONE),
    providerAbn: app.config.providerAbn,
  });
  return format === 'pdf' ? doc.pdf : Buffer.from(doc.csv, 'utf8');
}
