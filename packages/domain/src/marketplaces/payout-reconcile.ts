import type { OrderStatus } from '../constants.js';
import type { IsoDate } from '../dates/business-time.js';
import { type Mills, sum } from '../money/money.js';
import type { PayoutChannel, PayoutRowKind } from './payout-formats.js';

/**
 * Payout reconciliation: what a platform paid for each order, against the order in our ledger.
 * Pure: the server reads both sides of one fortnight and location, this decides each order's state
 * and each location and platform's totals (docs/marketplaces.md, "Payout reconciliation").
 */

export const RECONCILIATION_STATES = [
  /** Paid as the ledger has it: same sales, same fee. */
  'matched',
  /** The platform's sales (incl. GST) for the order differ from the ledger's total, or it paid for an order the ledger has canceled, or canceled one the ledger counts. */
  'amount_differs',
  /** Same sales, another fee (compared only when our order has a fee: webhook orders have none). */
  'fee_differs',
  /** The platform paid for an order the ledger does not have. */
  'missing',
  /** The ledger has the order, the platform's report (which covers the fortnight) does not pay it. */
  'unpaid',
  /** The platform refunded the customer (part of) the order. */
  'refunded',
  /** The platform adjusted the order's money (an error charge, an adjustment). */
  'adjusted',
] as const;
export type ReconciliationState = (typeof RECONCILIATION_STATES)[number];

/** One of our marketplace orders, as reconciliation needs it. */
export interface LedgerPayoutOrder {
  orderId: number;
  channel: PayoutChannel;
  externalId: string;
  locationId: number;
  status: OrderStatus;
  total: Mills;
  platformFee: Mills;
  /** Its local date at its location. */
  orderDate: IsoDate;
}

/** One stored payout row (payout-import.ts), with the location its store maps to. */
export interface PayoutLine {
  channel: PayoutChannel;
  externalId: string;
  locationId: number;
  orderDate: IsoDate;
  kind: PayoutRowKind;
  sales: Mills;
  fee: Mills;
  payout: Mills;
  payoutDate: IsoDate | null;
}

/** What the platform's report says of one order: its rows added up. */
export interface PayoutOrder {
  channel: PayoutChannel;
  externalId: string;
  locationId: number;
  /** The earliest of its rows' dates: the sale's. */
  orderDate: IsoDate;
  kinds: PayoutRowKind[];
  sales: Mills;
  /** The fee as a cost (reports write it as a deduction or as a positive amount). */
  fee: Mills;
  payout: Mills;
  payoutDates: IsoDate[];
}

export const payoutOrderKey = (channel: string, externalId: string) => `${channel}\u0000${externalId}`;

export function payoutOrders(lines: readonly PayoutLine[]): PayoutOrder[] {
  const groups = new Map<string, PayoutLine[]>();
  for (const line of lines) {
    const key = payoutOrderKey(line.channel, line.externalId);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const unique = <T>(values: T[]) => [...new Set(values)].sort();
    return {
      channel: first.channel,
      externalId: first.externalId,
      locationId: first.locationId,
      orderDate: group.map((l) => l.orderDate).sort()[0]!,
      kinds: unique(group.map((l) => l.kind)),
      sales: sum(group.map((l) => l.sales)),
      fee: Math.abs(sum(group.map((l) => l.fee))),
      payout: sum(group.map((l) => l.payout)),
      payoutDates: unique(group.flatMap((l) => (l.payoutDate ? [l.payoutDate] : []))),
    };
  });
}

/** An order's state; null for an order nothing is expected of (canceled in the ledger, not in the report). */
export function reconcileOrder(
  ledger: LedgerPayoutOrder | null,
  paid: PayoutOrder | null,
): ReconciliationState | null {
  if (!ledger) return paid ? 'missing' : null;
  if (!paid) return ledger.status === 'Canceled' ? null : 'unpaid';
  if (paid.kinds.includes('refund')) return 'refunded';
  if (paid.kinds.includes('adjustment')) return 'adjusted';
  const canceledThere = paid.kinds.includes('canceled') && !paid.kinds.includes('sale');
  if (ledger.status === 'Canceled')
    return paid.sales === 0 && paid.payout === 0 ? 'matched' : 'amount_differs';
  if (canceledThere || paid.sales !== ledger.total) return 'amount_differs';
  // An order that came by webhook has no fee (the platforms send none): nothing to compare.
  if (ledger.platformFee !== 0 && paid.fee !== ledger.platformFee) return 'fee_differs';
  return 'matched';
}

export interface ReconciledOrder {
  channel: PayoutChannel;
  externalId: string;
  locationId: number;
  orderDate: IsoDate;
  state: ReconciliationState;
  ledger: LedgerPayoutOrder | null;
  paid: PayoutOrder | null;
}

export interface ReconciliationTotals {
  channel: PayoutChannel;
  locationId: number;
  counts: Record<ReconciliationState, number>;
  /** Our sales of the orders listed (canceled ones count 0). */
  ledgerSales: Mills;
  reportedSales: Mills;
  ledgerFees: Mills;
  reportedFees: Mills;
  payout: Mills;
}

/**
 * Every order of either side, each once, with its state. `covered(channel, location)` says whether
 * a payout report of that platform and location covers the fortnight: without one, the ledger's
 * orders are not called unpaid (nothing has been imported to say so) and are left out.
 */
export function reconcile(
  ledger: readonly LedgerPayoutOrder[],
  paid: readonly PayoutOrder[],
  covered: (channel: PayoutChannel, locationId: number) => boolean,
): ReconciledOrder[] {
  const paidByKey = new Map(paid.map((p) => [payoutOrderKey(p.channel, p.externalId), p]));
  const out: ReconciledOrder[] = [];
  const seen = new Set<string>();
  for (const order of ledger) {
    const key = payoutOrderKey(order.channel, order.externalId);
    if (seen.has(key)) continue;
    seen.add(key);
    const p = paidByKey.get(key) ?? null;
    if (!p && !covered(order.channel, order.locationId)) continue;
    const state = reconcileOrder(order, p);
    if (state) out.push({ ...pick(order), orderDate: order.orderDate, state, ledger: order, paid: p });
  }
  for (const p of paid) {
    const key = payoutOrderKey(p.channel, p.externalId);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...pick(p), orderDate: p.orderDate, state: 'missing', ledger: null, paid: p });
  }
  return out.sort(
    (a, b) =>
      a.locationId - b.locationId ||
      a.channel.localeCompare(b.channel) ||
      a.orderDate.localeCompare(b.orderDate) ||
      a.externalId.localeCompare(b.externalId),
  );
}

const pick = (o: { channel: PayoutChannel; externalId: string; locationId: number }) => ({
  channel: o.channel,
  externalId: o.externalId,
  locationId: o.locationId,
});

const zeroCounts = (): Record<ReconciliationState, number> =>
  Object.fromEntries(RECONCILIATION_STATES.map((s) => [s, 0])) as Record<ReconciliationState, number>;

/** Each location and platform's counts and sums over its reconciled orders. */
export function reconciliationTotals(orders: readonly ReconciledOrder[]): ReconciliationTotals[] {
  const groups = new Map<string, ReconciliationTotals>();
  for (const o of orders) {
    const key = `${o.locationId}\u0000${o.channel}`;
    let t = groups.get(key);
    if (!t) {
      t = {
        channel: o.channel,
        locationId: o.locationId,
        counts: zeroCounts(),
        ledgerSales: 0,
        reportedSales: 0,
        ledgerFees: 0,
        reportedFees: 0,
        payout: 0,
      };
      groups.set(key, t);
    }
    t.counts[o.state] += 1;
    if (o.ledger && o.ledger.status !== 'Canceled') {
      t.ledgerSales += o.ledger.total;
      t.ledgerFees += o.ledger.platformFee;
    }
    if (o.paid) {
      t.reportedSales += o.paid.sales;
      t.reportedFees += o.paid.fee;
      t.payout += o.paid.payout;
    }
  }
  return [...groups.values()];
}
