import {
  addDays,
  type CarriedKind,
  type CarriedLine,
  type CarryReconciliationRequest,
  DEFAULT_TIME_ZONE,
  formatAUD,
  formatWireDate,
  fortnightStartOf,
  type IsoDate,
  localDate,
  type MiscChargeInput,
  type OrderStatus,
  OWN_SALES_CHANNELS,
  toAmount,
  toFixedString,
  toMills,
  zonedRange,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { conflict } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.record.js';
import { reconcilePayouts } from '../marketplaces/payouts.service.js';
import * as q from './finance.queries.js';
import { fortnight, OWN, scopeOf, staffOf } from './finance.service.js';

/**
 * Money that moves after a fortnight was approved (docs/finance.md, "Money that moves after
 * approval"). An approved fortnight is closed books: what changes later lands in the operator's
 * next open fortnight as a carried line naming the order (or the platform's order), the amount and
 * the approved invoice, once.
 */

/** The tax invoice's number: KC-{operator, 4 digits}-{first day YYYYMMDD}. */
export function invoiceBaseNumber(operatorId: number, start: IsoDate): string {
  return `KC-${String(operatorId).padStart(4, '0')}-${start.replace(/-/g, '')}`;
}

/** A version's document number: the tax invoice, then adjustment notes -A1, -A2 … */
export function versionNumber(operatorId: number, start: IsoDate, version: number): string {
  const base = invoiceBaseNumber(operatorId, start);
  return version > 1 ? `${base}-A${version - 1}` : base;
}

/** The number of an approval (its version counted within its operator and period). */
export async function approvalNumber(
  db: DbOrTx,
  approval: { id: number; externalOperatorId: number; periodId: number },
  start: IsoDate,
): Promise<string> {
  return versionNumber(approval.externalOperatorId, start, await q.approvalVersion(db, approval));
}

/** The fortnight period holding a day, created when missing. */
async function periodOf(db: DbOrTx, day: IsoDate) {
  const start = fortnightStartOf(day);
  return q.periodFor(db, start, addDays(start, 13));
}

/**
 * The operator's next open fortnight after `after` (a period start): the first with no current
 * approval. Called under the operator's invoice lock, so no approval lands meanwhile.
 */
export async function nextOpenPeriod(db: DbOrTx, operatorId: number, after: IsoDate) {
  for (let start = addDays(after, 14); ; start = addDays(start, 14)) {
    const period = await q.periodFor(db, start, addDays(start, 13));
    if (!(await q.currentApproval(db, operatorId, period.id))) return period;
  }
}

/**
 * In an order's status change transaction (orders.service `applyOrderStatus`, the order row locked):
 * when an order of our own channels whose fortnight (its date on its location's clock) its
 * operator has approved is canceled, two ledger rows per brand keep the books closed: at the
 * order's own time + its amount (the approved fortnight's figures stay what was approved), and now
 * − its amount (the open fortnight where the cancel happens takes it, with the cancellation's
 * reversal of earlier refunds netting against it). Reopening a carried order writes the inverse.
 * Each carry is recorded once per order and step (`invoice_adjustments.unique_key`).
 */
export async function carryOrderStatus(
  tx: DbOrTx,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  now: Date,
): Promise<void> {
  const cancel = to === 'Canceled' && from !== 'Canceled';
  const reopen = from === 'Canceled' && to !== 'Canceled';
  if (!cancel && !reopen) return;
  const order = await q.orderToCarry(tx, orderId);
  if (!order || order.operator_id === null || !OWN.has(order.channel)) return;
  const placedAt = new Date(order.placed_at);
  const orderDay = localDate(placedAt, order.tz);
  const period = await q.findPeriod(tx, fortnightStartOf(orderDay));
  if (!period) return;
  // The approval's lock: an approval of this operator either sees the cancel or is seen by it.
  await q.lockInvoice(tx, order.operator_id);
  const approval = await q.currentApproval(tx, order.operator_id, period.id);
  const earlier = await q.carriesOfOrder(tx, orderId);
  const carried =
    earlier.filter((c) => c.kind === 'cancellation').length -
    earlier.filter((c) => c.kind === 'reopening').length;
  if (cancel && (!approval || carried > 0)) return;
  if (reopen && carried <= 0) return;
  const landing = await periodOf(tx, localDate(now, order.tz));
  if (landing.id === period.id) return;
  const reference = approval
    ? await approvalNumber(tx, approval, period.startDate)
    : (earlier.at(-1)?.reference ?? invoiceBaseNumber(order.operator_id, period.startDate));
  // The order's amount per brand (lines of no brand and the rest of the total, delivery and
  // discounts, in one row of no brand), as the reversal of refunds is split.
  const total = toMills(order.total);
  const parts = order.lines
    .filter((l) => l.vendor_id !== null)
    .map((l) => ({ vendorId: l.vendor_id, mills: toMills(l.amount) }));
  const rest = total - parts.reduce((a, p) => a + p.mills, 0);
  if (rest !== 0) parts.push({ vendorId: null, mills: rest });
  const sign = cancel ? 1 : -1;
  const what = cancel ? 'canceled' : 'reopened';
  for (const part of parts) {
    await q.insertLedgerAdjustment(tx, {
      locationId: order.location_id,
      channel: order.channel,
      orderId,
      amount: toFixedString(sign * part.mills, 2),
      reason: `${q.CARRIED_PREFIX}order #${orderId} stays in ${reference} (${what} ${formatWireDate(localDate(now, order.tz))})`,
      occurredAt: placedAt,
      vendorId: part.vendorId,
    });
    await q.insertLedgerAdjustment(tx, {
      locationId: order.location_id,
      channel: order.channel,
      orderId,
      amount: toFixedString(-sign * part.mills, 2),
      reason: `${q.CARRIED_PREFIX}order #${orderId} of ${formatWireDate(orderDay)} ${what} after ${reference} was approved`,
      occurredAt: now,
      vendorId: part.vendorId,
    });
  }
  await q.insertCarried(tx, {
    externalOperatorId: order.operator_id,
    periodId: landing.id,
    kind: cancel ? 'cancellation' : 'reopening',
    label: `Order #${orderId} of ${formatWireDate(orderDay)} ${what} after approval`,
    amount: toFixedString(-sign * total, 2),
    hasGst: true,
    inLedger: true,
    orderId,
    source: { order_id: orderId, order_date: orderDay, channel: order.channel },
    reference,
    approvalId: approval?.id ?? null,
    createdByEmail: 'system',
    createdAt: now,
    uniqueKey: `order:${orderId}:${cancel ? 'cancellation' : 'reopening'}:${earlier.length + 1}`,
  });
}

function kindOf(reason: string, refundId: number | null, mills: number): CarriedKind {
  if (reason.startsWith(q.CARRIED_PREFIX)) return mills < 0 ? 'cancellation' : 'reopening';
  if (refundId === null && reason.startsWith('Reversal')) return 'reversal';
  return mills < 0 || refundId !== null ? 'refund' : 'reversal';
}

const KIND_LABEL: Record<CarriedKind, string> = {
  refund: 'Refund of order',
  reversal: 'Reversal of the refunds of canceled order',
  cancellation: 'Cancellation of order',
  reopening: 'Reopening of order',
  payout_refund: 'Platform refund',
  payout_adjustment: 'Platform adjustment',
  paid_invoice_adjustment: 'Adjustment note of a paid invoice',
};

/**
 * The lines carried into an operator's fortnight: the refunds, reversals and cancellations that
 * happened in it of orders from fortnights the operator has approved (already in the sales: listed
 * with the approved invoice they were in), then the lines kept in `invoice_adjustments` that count
 * in the payout (reconciliation, paid invoices' adjustment notes).
 */
export async function carriedLinesOf(
  db: DbOrTx,
  operatorId: number,
  locations: q.LocationRow[],
  from: IsoDate,
  to: IsoDate,
  periodId: number | null,
): Promise<CarriedLine[]> {
  const windows = locations.map((l) => ({
    id: l.id,
    name: l.name,
    timeZone: l.timeZone,
    ...zonedRange(from, to, l.timeZone),
  }));
  const ledger = await q.ledgerRowsOfEarlierOrders(db, windows, OWN_SALES_CHANNELS);
  const starts = [
    ...new Set(ledger.map((r) => fortnightStartOf(localDate(new Date(r.placed_at), r.tz)))),
  ].filter((s) => s < from);
  const approvals = new Map<string, string>();
  for (const { approval, startDate } of await q.currentApprovalsByStart(db, operatorId, starts)) {
    approvals.set(startDate, await approvalNumber(db, approval, startDate));
  }
  const lines = new Map<string, CarriedLine & { mills: number }>();
  for (const r of ledger) {
    const orderDay = localDate(new Date(r.placed_at), r.tz);
    const reference = approvals.get(fortnightStartOf(orderDay));
    if (!reference) continue;
    const mills = toMills(r.amount);
    const kind = kindOf(r.reason, r.refund_id, mills);
    // One line per refund, per order's reversal, per carry (their rows are split per brand).
    const key = `${r.order_id}|${kind}|${r.refund_id ?? r.reason}`;
    const line = lines.get(key);
    if (line) {
      line.mills += mills;
      continue;
    }
    lines.set(key, {
      kind,
      label: `${KIND_LABEL[kind]} #${r.order_id}`,
      amount: 0,
      mills,
      has_gst: true,
      in_ledger: true,
      order_id: r.order_id,
      order_date: formatWireDate(orderDay),
      reference,
      source: r.reason,
    });
  }
  const result: CarriedLine[] = [...lines.values()].map(({ mills, ...l }) => ({
    ...l,
    amount: toAmount(mills),
  }));
  if (periodId !== null) {
    for (const row of await q.carriedOf(db, operatorId, periodId)) {
      if (row.inLedger) continue;
      result.push({
        kind: row.kind,
        label: row.label,
        amount: Number(row.amount),
        has_gst: row.hasGst,
        in_ledger: false,
        order_id: row.orderId,
        order_date: null,
        reference: row.reference,
        source: sourceText(row.source),
      });
    }
  }
  return result;
}

/** The order a source's fields are read in (jsonb keeps its own order). */
const SOURCE_ORDER = [
  'platform',
  'platform_order_id',
  'order_id',
  'order_date',
  'channel',
  'payout_report',
  'adjustment_note',
  'paid_reference',
];
const rank = (key: string) => {
  const i = SOURCE_ORDER.indexOf(key);
  return i === -1 ? SOURCE_ORDER.length : i;
};

function sourceText(source: unknown): string {
  if (!source || typeof source !== 'object') return '';
  return Object.entries(source as Record<string, unknown>)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
    .join('; ');
}

/** The carried lines that count in the payout (not already in the ledger's sales), as computeInvoice takes them. */
export function payoutLines(lines: readonly CarriedLine[]): MiscChargeInput[] {
  return lines
    .filter((l) => !l.in_ledger)
    .map((l) => ({ label: l.label, gross: toMills(l.amount), has_gst: l.has_gst }));
}

/**
 * "Carry into invoice": the payout reconciliation's refunds and adjustments of the operator's
 * fortnight become lines of its next open invoice (each with its platform, platform order id and
 * payout dates), once: a line's key names the payout rows it carries, so a second click adds
 * nothing and a later refund of the same order is carried on its own.
 */
export async function carryReconciliation(app: AppContext, actor: Actor, input: CarryReconciliationRequest) {
  const user = staffOf(actor);
  const { from } = fortnight(input);
  const scope = await scopeOf(app, { external_operator: input.external_operator });
  const operator = scope.operator!;
  const period = await q.findPeriod(app.db, from);
  if (!period) throw conflict('This fortnight has no payout reconciliation yet.');
  const reconciliation = await reconcilePayouts(app, {
    sales_invoice_fortnight_period: period.id,
    external_operator: operator.id,
  });
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    await q.lockInvoice(tx, operator.id);
    const approval = await q.currentApproval(tx, operator.id, period.id);
    const reference = approval
      ? await approvalNumber(tx, approval, period.startDate)
      : invoiceBaseNumber(operator.id, period.startDate);
    // Not approved: the fortnight itself is open, and its invoice takes the lines.
    const landing = approval ? await nextOpenPeriod(tx, operator.id, period.startDate) : period;
    let added = 0;
    let total = 0;
    for (const order of reconciliation.orders) {
      if (order.state !== 'refunded' && order.state !== 'adjusted') continue;
      const key = `${order.channel}\u0000${order.externalId}`;
      const rows = (reconciliation.lines.get(key) ?? []).filter(
        (l) => l.kind === 'refund' || l.kind === 'adjustment',
      );
      const mills = rows.reduce((a, l) => a + toMills(l.sales), 0);
      if (rows.length === 0 || mills === 0) continue;
      const kind = order.state === 'refunded' ? 'payout_refund' : 'payout_adjustment';
      const platform = order.channel === 'uber_eats' ? 'Uber Eats' : 'DoorDash';
      const payoutDates = [...new Set(rows.flatMap((l) => (l.payoutDate ? [l.payoutDate] : [])))].sort();
      const inserted = await q.insertCarried(tx, {
        externalOperatorId: operator.id,
        periodId: landing.id,
        kind,
        label: `${platform} ${kind === 'payout_refund' ? 'refund' : 'adjustment'} of order ${order.externalId}`,
        amount: toFixedString(mills, 2),
        hasGst: true,
        inLedger: false,
        orderId: order.ledger?.orderId ?? null,
        source: {
          platform,
          platform_order_id: order.externalId,
          order_date: order.orderDate,
          payout_report:
            payoutDates.length > 0 ? payoutDates.map((d) => `payout of ${d}`) : ['payout report'],
        },
        reference,
        approvalId: approval?.id ?? null,
        createdByEmail: user.email,
        createdAt: now,
        uniqueKey: `payout:${operator.id}:${rows
          .map((l) => l.id)
          .sort((a, b) => a - b)
          .join(',')}`,
      });
      if (inserted) {
        added += 1;
        total += mills;
      }
    }
    const landingName = `${formatWireDate(landing.startDate)} - ${formatWireDate(landing.endDate)}`;
    if (added > 0) {
      for (const location of scope.locations) {
        await recordAudit(tx, {
          entityId: `${operator.id}:${landing.startDate}`,
          locationId: location.id,
          summary: `Payout reconciliation of ${operator.businessName} ${formatWireDate(period.startDate)} carried into ${landingName}: ${added} line(s), ${formatAUD(total)}`,
          before: null,
          after: { added, total: toAmount(total), reference },
        });
      }
    }
    return {
      success: true as const,
      message:
        added > 0
          ? `${added} line${added === 1 ? '' : 's'} (${formatAUD(total)}) carried into the invoice of ${landingName}.`
          : 'Nothing to carry: every refund and adjustment of this reconciliation is already in an invoice.',
      added,
      landing_period: landingName,
    };
  });
}

/** Today on the provider's clock (the day a payment is marked paid by default). */
export const todayOf = (now: Date) => localDate(now, DEFAULT_TIME_ZONE);
