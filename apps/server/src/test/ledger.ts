import { OWN_SALES_CHANNELS, type SalesChannel, zonedRange } from '@kitchaco/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import {
  locations,
  orderAdjustments,
  type orderLines,
  orders,
  payments,
  refunds,
  stockOrders,
} from '../db/schema/index.js';
import { writeLedgerOrders } from '../modules/orders/ledger.queries.js';

type OrderRow = typeof orders.$inferSelect;
type OrderInsert = typeof orders.$inferInsert;
type LineInput = Omit<typeof orderLines.$inferInsert, 'orderId' | 'unitPrice'> & { unitPrice?: string };

/**
 * A ledger order written directly (any channel, any instant) so report tests can lay out a small
 * ledger whose right answers are worked out by hand.
 */
export async function createLedgerOrder(
  db: DbOrTx,
  order: Pick<OrderInsert, 'locationId' | 'channel' | 'placedAt' | 'total'> & Partial<OrderInsert>,
  lines: LineInput[] = [],
) {
  const [id] = await writeLedgerOrders(db, [
    {
      order: { subTotal: order.total, ...order },
      lines: lines.map((l) => ({
        ...l,
        unitPrice: l.unitPrice ?? (Number(l.lineTotal) / l.quantity).toFixed(2),
      })),
    },
  ]);
  const [row] = await db.select().from(orders).where(eq(orders.id, id!));
  return row!;
}

/** An adjustment row as the marketplaces' importers (and the refund flow) write them. */
export async function createAdjustment(
  db: DbOrTx,
  adjustment: {
    locationId: number;
    channel: SalesChannel;
    amount: string;
    occurredAt: Date;
    reason?: string;
    orderId?: number | null;
    vendorId?: number | null;
    refundId?: number | null;
  },
) {
  const [row] = await db
    .insert(orderAdjustments)
    .values({ reason: 'correction', ...adjustment })
    .returning();
  return row!;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * A completed card refund of an order that stays counted, as the ledger records it (schema
 * orders.ts): the order's card payment (made here if it has none), the refund, and its negative
 * adjustment dated when it happened, against `vendorId` when it is one brand's item.
 */
export async function createCardRefund(
  db: DbOrTx,
  order: Pick<OrderRow, 'id' | 'locationId' | 'channel' | 'total'>,
  refund: { amount: string; at: Date; reason: string; vendorId?: number | null },
) {
  let [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
  if (!payment) {
    [payment] = await db
      .insert(payments)
      .values({
        orderId: order.id,
        provider: 'local',
        providerPaymentId: `test-payment-${order.id}`,
        idempotencyKey: `test-payment-${order.id}`,
        status: 'COMPLETED',
        sourceType: 'CARD',
        totalCents: cents(order.total),
      })
      .returning();
  }
  const n = (await db.select().from(refunds).where(eq(refunds.orderId, order.id))).length + 1;
  const [row] = await db
    .insert(refunds)
    .values({
      paymentId: payment!.id,
      orderId: order.id,
      provider: 'local',
      providerRefundId: `test-refund-${order.id}-${n}`,
      idempotencyKey: `test-refund-${order.id}-${n}`,
      amountCents: cents(refund.amount),
      reason: refund.reason,
      vendorId: refund.vendorId ?? null,
      status: 'COMPLETED',
      createdAt: refund.at,
    })
    .returning();
  await db
    .update(payments)
    .set({ refundedCents: payment!.refundedCents + cents(refund.amount) })
    .where(eq(payments.id, payment!.id));
  const adjustment = await createAdjustment(db, {
    locationId: order.locationId,
    channel: order.channel,
    orderId: order.id,
    amount: `-${refund.amount}`,
    reason: refund.reason,
    occurredAt: refund.at,
    vendorId: refund.vendorId ?? null,
    refundId: row!.id,
  });
  return { refund: row!, adjustment };
}

/**
 * A paid order canceled at `at`, as the cancellation records it (payments.service.ts): it leaves
 * every sales figure, so its ledger rows so far are reversed (the opposite of their sum per brand,
 * no refund of its own, reason "Reversal: ...") at the same instant.
 */
export async function cancelWithReversal(db: DbOrTx, order: Pick<OrderRow, 'id'>, at: Date) {
  const [row] = await db
    .update(orders)
    .set({ status: 'Canceled', statusChangedAt: at })
    .where(eq(orders.id, order.id))
    .returning();
  const earlier = await db
    .select({
      vendorId: orderAdjustments.vendorId,
      amount: sql<string>`sum(${orderAdjustments.amount})::text`,
    })
    .from(orderAdjustments)
    .where(eq(orderAdjustments.orderId, order.id))
    .groupBy(orderAdjustments.vendorId);
  const reversals = [];
  for (const e of earlier) {
    if (Number(e.amount) === 0) continue;
    reversals.push(
      await createAdjustment(db, {
        locationId: row!.locationId,
        channel: row!.channel,
        orderId: order.id,
        amount: (-Number(e.amount)).toFixed(2),
        reason: 'Reversal: order canceled (its refunds are in the cancellation)',
        occurredAt: at,
        vendorId: e.vendorId,
      }),
    );
  }
  return reversals;
}

/** A stock order in a given state (figures only; no lines). */
export async function createStockOrderRecord(
  db: Db,
  order: Pick<typeof stockOrders.$inferInsert, 'locationId' | 'status' | 'total'> &
    Partial<typeof stockOrders.$inferInsert>,
) {
  const [row] = await db
    .insert(stockOrders)
    .values({ subTotal: order.total, gst: '0', ...order })
    .returning();
  return row!;
}

// ---------------------------------------------------------------- the same figures from the ledger

export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Figures of a date range worked out from the raw ledger, in cents (exact integers). */
export interface LedgerFigures {
  /** Per location: net sales (orders not canceled + own-channel adjustments) and orders. */
  locations: Map<number, { sales: number; orders: number; refunds: number }>;
  /** Per channel: order totals not canceled, plus the channel's adjustments for our own channels. */
  channels: Map<SalesChannel, { sales: number; orders: number; refunds: number }>;
  /** Per brand id (0 = lines without a brand, 'refunds' = own refunds of no brand): net line totals. */
  vendors: Map<number | 'refunds', { sales: number; refunds: number }>;
  /** Per hour of the location's clock: order totals placed then plus own refunds made then. */
  hours: Map<number, { sales: number; orders: number }>;
  /** Adjustments per channel (marketplace ones too). */
  adjustments: Map<SalesChannel, number>;
}

const OWN = sql.raw(`(${OWN_SALES_CHANNELS.map((c) => `'${c}'`).join(', ')})`);

/**
 * Every figure the dashboard and the sales report take from the rollups, computed here from
 * `orders`, `order_lines` and `order_adjustments` with plain GROUP BYs over each location's own
 * [start, end) instants of the dates, independently of the rollups and their SQL.
 */
export async function ledgerFigures(
  db: DbOrTx,
  locationIds: readonly number[],
  from: string,
  to: string,
): Promise<LedgerFigures> {
  const zones = await db.select({ id: locations.id, tz: locations.timeZone }).from(locations);
  const windows = zones
    .filter((l) => locationIds.includes(l.id))
    .map((l) => {
      const { start, end } = zonedRange(from, to, l.tz);
      return sql`(${l.id}::int, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, ${l.tz}::text)`;
    });
  const figures: LedgerFigures = {
    locations: new Map(),
    channels: new Map(),
    vendors: new Map(),
    hours: new Map(),
    adjustments: new Map(),
  };
  if (windows.length === 0) return figures;
  const w = sql`(VALUES ${sql.join(windows, sql`, `)}) AS w(location_id, start_at, end_at, tz)`;
  const ordersIn = sql`SELECT o.* , w.tz FROM orders o JOIN ${w}
    ON o.location_id = w.location_id AND o.placed_at >= w.start_at AND o.placed_at < w.end_at
    WHERE o.status <> 'Canceled'`;
  const adjustmentsIn = sql`SELECT a.*, w.tz FROM order_adjustments a JOIN ${w}
    ON a.location_id = w.location_id AND a.occurred_at >= w.start_at AND a.occurred_at < w.end_at`;
  const c = (amount: string | number) => Math.round(Number(amount) * 100);

  for (const r of await rows<{ id: number; orders: number; sales: string }>(
    db,
    sql`SELECT location_id AS id, count(*)::int AS orders, sum(total)::text AS sales FROM (${ordersIn}) o GROUP BY 1`,
  )) {
    figures.locations.set(r.id, { sales: c(r.sales), orders: r.orders, refunds: 0 });
  }
  for (const r of await rows<{ channel: SalesChannel; orders: number; sales: string }>(
    db,
    sql`SELECT channel::text AS channel, count(*)::int AS orders, sum(total)::text AS sales FROM (${ordersIn}) o GROUP BY 1`,
  )) {
    figures.channels.set(r.channel, { sales: c(r.sales), orders: r.orders, refunds: 0 });
  }
  for (const r of await rows<{ vendor: number; sales: string }>(
    db,
    sql`SELECT coalesce(l.vendor_id, 0) AS vendor, sum(l.line_total)::text AS sales
        FROM (${ordersIn}) o JOIN order_lines l ON l.order_id = o.id GROUP BY 1`,
  )) {
    figures.vendors.set(r.vendor, { sales: c(r.sales), refunds: 0 });
  }
  for (const r of await rows<{ hour: number; orders: number; sales: string }>(
    db,
    sql`SELECT extract(hour FROM placed_at AT TIME ZONE tz)::int AS hour, count(*)::int AS orders,
          sum(total)::text AS sales FROM (${ordersIn}) o GROUP BY 1`,
  )) {
    figures.hours.set(r.hour, { sales: c(r.sales), orders: r.orders });
  }
  for (const a of await rows<{
    location_id: number;
    channel: SalesChannel;
    vendor_id: number | null;
    hour: number;
    own: boolean;
    amount: string;
  }>(
    db,
    sql`SELECT location_id, channel::text AS channel, vendor_id, extract(hour FROM occurred_at AT TIME ZONE tz)::int AS hour,
          channel::text IN ${OWN} AS own, amount::text AS amount FROM (${adjustmentsIn}) a`,
  )) {
    const amount = c(a.amount);
    figures.adjustments.set(a.channel, (figures.adjustments.get(a.channel) ?? 0) + amount);
    if (!a.own) continue;
    const location = figures.locations.get(a.location_id) ?? { sales: 0, orders: 0, refunds: 0 };
    figures.locations.set(a.location_id, {
      ...location,
      sales: location.sales + amount,
      refunds: location.refunds + amount,
    });
    const channel = figures.channels.get(a.channel) ?? { sales: 0, orders: 0, refunds: 0 };
    figures.channels.set(a.channel, {
      ...channel,
      sales: channel.sales + amount,
      refunds: channel.refunds + amount,
    });
    const key = a.vendor_id ?? 'refunds';
    const vendor = figures.vendors.get(key) ?? { sales: 0, refunds: 0 };
    figures.vendors.set(key, { sales: vendor.sales + amount, refunds: vendor.refunds + amount });
    const hour = figures.hours.get(a.hour) ?? { sales: 0, orders: 0 };
    figures.hours.set(a.hour, { ...hour, sales: hour.sales + amount });
  }
  return figures;
}
