import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  customers,
  idempotencyKeys,
  locations,
  orderLines,
  orderStatusEvents,
  orders,
  type payments,
  promoCodes,
  vendors,
} from '../../db/schema/index.js';
import { statusNoticeOf } from './order-events.js';

export async function findPromo(db: DbOrTx, code: string) {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  return row ?? null;
}

/** A key's first answer, recorded with the request it answered. */
export interface KeyAnswer {
  key: string;
  scope: string;
  requestHash: string;
  createdAt: Date;
}

/**
 * Keeps the key's one answer. The same statement writes its key row and the rest of the answer, so
 * a key never exists without its answer; the first to write wins and later attempts find its
 * answer. A row without an answer (left by an earlier version, which claimed keys first) is
 * completed by the same request.
 */
const KEEP_ANSWER = sql`ON CONFLICT (key) DO UPDATE SET response_status = excluded.response_status,
  response_body = excluded.response_body, created_at = excluded.created_at
  WHERE idempotency_keys.response_status IS NULL AND idempotency_keys.request_hash = excluded.request_hash`;

/**
 * A refusal kept as the key's answer (with the declined payment, if any), unless the key already
 * has one. Returns whether this answer was kept.
 */
export async function keepRefusal(
  db: DbOrTx,
  k: KeyAnswer,
  status: number,
  body: unknown,
  payment: (NewPayment & { error: string }) | null,
): Promise<boolean> {
  const at = k.createdAt.toISOString();
  const paid = payment
    ? sql`, paid AS (
        INSERT INTO payments (customer_id, provider, provider_payment_id, idempotency_key, status, total_cents,
          error, created_at)
        SELECT ${payment.customerId ?? null}::int, ${payment.provider}::text, ${payment.providerPaymentId ?? null}::text,
          k.key, ${payment.status}::text, ${payment.totalCents}::int, ${payment.error}::text, ${at}::timestamptz
        FROM k
        ON CONFLICT (idempotency_key) DO NOTHING
      )`
    : sql``;
  const result = await db.execute(sql`
    WITH k AS (
      INSERT INTO idempotency_keys (key, scope, request_hash, response_status, response_body, created_at)
      VALUES (${k.key}::text, ${k.scope}::text, ${k.requestHash}::text, ${status}::int, ${JSON.stringify(body)}::jsonb,
        ${at}::timestamptz)
      ${KEEP_ANSWER}
      RETURNING key
    )${paid}
    SELECT key FROM k`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function findIdempotencyKey(db: DbOrTx, key: string) {
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
  return row ?? null;
}

type NewOrder = Pick<
  typeof orders.$inferInsert,
  | 'locationId'
  | 'channel'
  | 'customerId'
  | 'status'
  | 'scheduledFor'
  | 'deliveryLocation'
  | 'subTotal'
  | 'deliveryCharge'
  | 'discount'
  | 'promoCode'
  | 'transactionCharge'
  | 'gst'
  | 'total'
  | 'paymentReceiptNumber'
> & { placedAt: Date };
type NewLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;

type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'orderId' | 'idempotencyKey' | 'createdAt'>;

/**
 * A paid order in one statement, so in one round trip and all or nothing: its key with the answer
 * (naming the new id), the order (with the customer's name, phone and email as they are now) and
 * its lines, its payment, its first status event, and the live notice (delivered at commit).
 * Returns the order's id, or null when the key already has an answer (nothing else is written).
 */
export async function writePaidOrder(
  db: DbOrTx,
  w: { order: NewOrder; lines: NewLine[]; payment: NewPayment; key: KeyAnswer; response: unknown },
): Promise<number | null> {
  const p = w.payment;
  const k = w.key;
  const o = w.order;
  const at = o.placedAt.toISOString();
  const status = o.status ?? 'Received';
  const lines = w.lines.map((l) => ({
    vendor_id: l.vendorId ?? null,
    meal_id: l.mealId ?? null,
    meal_name: l.mealName,
    quantity: l.quantity,
    unit_price: l.unitPrice,
    subitem: l.subitem ?? null,
    combos: l.combos ?? [],
    special_request: l.specialRequest ?? null,
    line_total: l.lineTotal,
  }));
  // The order's id is drawn first so that the key's answer, written first, can name it.
  const result = await db.execute(sql`
    WITH n AS (
      SELECT nextval('orders_id_seq'::regclass)::int AS id
    ), k AS (
      INSERT INTO idempotency_keys (key, scope, request_hash, response_status, response_body, created_at)
      SELECT ${k.key}::text, ${k.scope}::text, ${k.requestHash}::text, 200,
        jsonb_set(${JSON.stringify(w.response)}::jsonb, '{order,id}', to_jsonb(n.id)), ${at}::timestamptz
      FROM n WHERE EXISTS (SELECT 1 FROM customers WHERE id = ${o.customerId}::int)
      ${KEEP_ANSWER}
      RETURNING key
    ), o AS (
      INSERT INTO orders (id, location_id, channel, customer_id, customer_name, customer_phone, customer_email,
        status, placed_at, scheduled_for, delivery_location, sub_total, delivery_charge, discount, promo_code,
        transaction_charge, gst, total, payment_receipt_number, idempotency_key, created_at)
      SELECT n.id, ${o.locationId}::int, ${o.channel}::sales_channel, c.id, c.username, c.phone, c.email,
        ${status}::order_status, ${at}::timestamptz, ${o.scheduledFor?.toISOString() ?? null}::timestamptz,
        ${o.deliveryLocation ?? null}::text, ${o.subTotal}::numeric, ${o.deliveryCharge ?? '0'}::numeric,
        ${o.discount ?? '0'}::numeric, ${o.promoCode ?? null}::text, ${o.transactionCharge ?? '0'}::numeric,
        ${o.gst ?? '0'}::numeric, ${o.total}::numeric, ${o.paymentReceiptNumber ?? null}::text,
        k.key, ${at}::timestamptz
      FROM n, k, customers c WHERE c.id = ${o.customerId}::int
      RETURNING id
    ), lines AS (
      INSERT INTO order_lines (order_id, vendor_id, meal_id, meal_name, quantity, unit_price, subitem, combos,
        special_request, line_total)
      SELECT o.id, l.vendor_id, l.meal_id, l.meal_name, l.quantity, l.unit_price, l.subitem, l.combos,
        l.special_request, l.line_total
      FROM o, jsonb_array_elements(${JSON.stringify(lines)}::jsonb) WITH ORDINALITY AS e(line, n),
        jsonb_to_record(e.line) AS l(vendor_id int, meal_id int, meal_name text, quantity int,
          unit_price numeric, subitem text, combos jsonb, special_request text, line_total numeric)
      ORDER BY e.n
    ), paid AS (
      INSERT INTO payments (order_id, customer_id, provider, provider_payment_id, idempotency_key, status,
        source_type, receipt_number, total_cents, app_fee_cents, created_at)
      SELECT o.id, ${p.customerId ?? null}::int, ${p.provider}::text, ${p.providerPaymentId ?? null}::text,
        ${k.key}::text, ${p.status}::text, ${p.sourceType ?? null}::text, ${p.receiptNumber ?? null}::text,
        ${p.totalCents}::int, ${p.appFeeCents ?? 0}::int, ${at}::timestamptz
      FROM o
      ON CONFLICT (idempotency_key) DO UPDATE SET order_id = excluded.order_id, status = excluded.status,
        error = NULL
    ), event AS (
      INSERT INTO order_status_events (order_id, from_status, to_status, at)
      SELECT o.id, NULL, ${status}::order_status, ${at}::timestamptz FROM o
    )
    SELECT o.id, ${statusNoticeOf(sql`o.id`, o.customerId ?? null, status, at)} FROM o`);
  const [row] = (result as unknown as { rows: { id: number }[] }).rows;
  return row?.id ?? null;
}

export async function insertStatusEvent(db: DbOrTx, row: typeof orderStatusEvents.$inferInsert) {
  await db.insert(orderStatusEvents).values(row);
}

export function customerOrderRows(db: DbOrTx, customerId: number, orderIds?: number[]) {
  return db
    .select({ order: orders, locationAddress: locations.address })
    .from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .where(and(eq(orders.customerId, customerId), orderIds ? inArray(orders.id, orderIds) : undefined))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(200);
}

export function linesOfOrders(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ line: orderLines, vendorTitle: vendors.title })
    .from(orderLines)
    .leftJoin(vendors, eq(vendors.id, orderLines.vendorId))
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(orderLines.id);
}

export async function lockOrder(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ order: orders, customerPhone: customers.phone })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, id))
    .for('update', { of: orders })
    .limit(1);
  return row ?? null;
}

export async function setOrderStatus(
  db: DbOrTx,
  id: number,
  set: { status: (typeof orders.$inferSelect)['status']; statusChangedAt: Date; statusChangedBy: number },
) {
  await db.update(orders).set(set).where(eq(orders.id, id));
}

/** Copies the customer's name, phone and email onto the order (kept as they were at order time). */

export async function locationTimeZones(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: locations.id, timeZone: locations.timeZone })
    .from(locations)
    .where(inArray(locations.id, ids));
  return new Map(rows.map((r) => [r.id, r.timeZone]));
}
