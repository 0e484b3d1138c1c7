import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  customers,
  idempotencyKeys,
  locations,
  orderLines,
  orderStatusEvents,
  orders,
  payments,
  promoCodes,
  promoCustomerUses,
  promoRedemptions,
  vendors,
} from '../../db/schema/index.js';
import { kitchenNoticeOf } from '../kitchen/kitchen-notices.js';
import { statusNoticeOf } from './order-events.js';

export async function findPromo(db: DbOrTx, code: string) {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  return row ?? null;
}

class PromoRefused extends Error {
  constructor(readonly reason: 'used_up' | 'used_by_customer') {
    super(reason);
  }
}

/**
 * Reserves one use of a promo code for a checkout before its card is charged, once per
 * Idempotency-Key (a retry finds its reservation). The code's total and the customer's count are
 * each raised by one statement whose condition PostgreSQL re-checks on the row it locks, so the
 * limits hold however many checkouts race. Nothing changes when either limit is reached.
 */
export async function reservePromo(
  db: DbOrTx,
  r: { key: string; code: string; customerId: number; at: Date },
): Promise<'reserved' | 'used_up' | 'used_by_customer'> {
  try {
    await db.transaction(async (tx) => {
      const fresh = await tx
        .insert(promoRedemptions)
        .values({ idempotencyKey: r.key, code: r.code, customerId: r.customerId, createdAt: r.at })
        .onConflictDoNothing()
        .returning({ key: promoRedemptions.idempotencyKey });
      if (fresh.length === 0) return;
      const [promo] = await tx
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1` })
        .where(
          and(
            eq(promoCodes.code, r.code),
            sql`(${promoCodes.maxUses} IS NULL OR ${promoCodes.uses} < ${promoCodes.maxUses})`,
          ),
        )
        .returning({ perCustomer: promoCodes.maxUsesPerCustomer });
      if (!promo) throw new PromoRefused('used_up');
      const limit = promo.perCustomer;
      const mine = await tx
        .insert(promoCustomerUses)
        .values({ code: r.code, customerId: r.customerId, uses: 1 })
        .onConflictDoUpdate({
          target: [promoCustomerUses.code, promoCustomerUses.customerId],
          set: { uses: sql`${promoCustomerUses.uses} + 1` },
          setWhere: limit === null ? undefined : sql`${promoCustomerUses.uses} < ${limit}`,
        })
        .returning({ uses: promoCustomerUses.uses });
      if (mine.length === 0 || (limit !== null && mine[0]!.uses > limit)) {
        throw new PromoRefused('used_by_customer');
      }
    });
    return 'reserved';
  } catch (error) {
    if (error instanceof PromoRefused) return error.reason;
    throw error;
  }
}

/** Gives back a checkout's promo reservation (its payment failed); nothing when it has none. */
export async function releasePromo(db: DbOrTx, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(promoRedemptions)
      .where(eq(promoRedemptions.idempotencyKey, key))
      .returning({ code: promoRedemptions.code, customerId: promoRedemptions.customerId });
    if (!gone) return;
    await tx
      .update(promoCodes)
      .set({ uses: sql`greatest(${promoCodes.uses} - 1, 0)` })
      .where(eq(promoCodes.code, gone.code));
    await tx
      .update(promoCustomerUses)
      .set({ uses: sql`greatest(${promoCustomerUses.uses} - 1, 0)` })
      .where(and(eq(promoCustomerUses.code, gone.code), eq(promoCustomerUses.customerId, gone.customerId)));
  });
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
          reference_id, provider_location_id, error, created_at)
        SELECT ${payment.customerId ?? null}::int, ${payment.provider}::text, ${payment.providerPaymentId ?? null}::text,
          k.key, ${payment.status}::text, ${payment.totalCents}::int, ${payment.referenceId ?? null}::text,
          ${payment.providerLocationId ?? null}::text, ${payment.error}::text, ${at}::timestamptz
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

/**
 * Binds a key to its request before anything is charged: the first attempt writes the key with the
 * request's fingerprint and no answer yet; every later attempt finds that row, so the same key with
 * another body is refused even after an attempt that failed without an answer. Returns the key's
 * row and whether this call wrote it; null when another attempt wrote it this very moment.
 */
export async function claimKey(db: DbOrTx, k: KeyAnswer) {
  const result = await db.execute(sql`
    WITH ins AS (
      INSERT INTO idempotency_keys (key, scope, request_hash, response_status, response_body, created_at)
      VALUES (${k.key}::text, ${k.scope}::text, ${k.requestHash}::text, NULL, NULL, ${k.createdAt.toISOString()}::timestamptz)
      ON CONFLICT (key) DO NOTHING
      RETURNING scope, request_hash, response_status, response_body
    )
    SELECT scope, request_hash, response_status, response_body, NULL::text AS payment_status, true AS fresh
    FROM ins
    UNION ALL
    SELECT scope, request_hash, response_status, response_body,
      (SELECT p.status FROM payments p WHERE p.idempotency_key = k.key) AS payment_status, false AS fresh
    FROM idempotency_keys k
    WHERE key = ${k.key} AND NOT EXISTS (SELECT 1 FROM ins)`);
  const [row] = (
    result as unknown as {
      rows: {
        scope: string;
        request_hash: string;
        response_status: number | null;
        response_body: unknown;
        payment_status: string | null;
        fresh: boolean;
      }[];
    }
  ).rows;
  if (!row) return null;
  return {
    scope: row.scope,
    requestHash: row.request_hash,
    responseStatus: row.response_status,
    responseBody: row.response_body,
    paymentStatus: row.payment_status,
    fresh: row.fresh,
  };
}

/** The payment kept under a checkout key, if any (the provider's id tells whose it is). */
export async function paymentOfKey(db: DbOrTx, key: string) {
  const [row] = await db
    .select({ providerPaymentId: payments.providerPaymentId, orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.idempotencyKey, key))
    .limit(1);
  return row ?? null;
}

/** A checkout key and what it answered, with the status of its payment now (the answer keeps the one it had). */
export async function findIdempotencyKey(db: DbOrTx, key: string) {
  const [row] = await db
    .select({
      scope: idempotencyKeys.scope,
      requestHash: idempotencyKeys.requestHash,
      responseStatus: idempotencyKeys.responseStatus,
      responseBody: idempotencyKeys.responseBody,
      paymentStatus: payments.status,
    })
    .from(idempotencyKeys)
    .leftJoin(payments, eq(payments.idempotencyKey, idempotencyKeys.key))
    .where(eq(idempotencyKeys.key, key))
    .limit(1);
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

export interface PaidOrder {
  order: NewOrder;
  lines: NewLine[];
  payment: NewPayment;
  key: KeyAnswer;
  response: unknown;
}

/**
 * Paid orders in one statement, so in one round trip and all or nothing: for each, its key with
 * the answer (naming the new id), the order (with the customer's name, phone and email as they are
 * now) and its lines, its payment, its first status event, its kitchen tickets (one per brand among
 * its lines, docs/kitchen.md) with their notices, and the live notice (delivered at commit). An
 * order whose key already has an answer is skipped (nothing of it is written). Returns each order's
 * id in the order given, or null where skipped. The keys must differ.
 */
export async function writePaidOrders(db: DbOrTx, batch: PaidOrder[]): Promise<(number | null)[]> {
  const input = batch.map((w) => {
    const o = w.order;
    const p = w.payment;
    return {
      key: w.key.key,
      scope: w.key.scope,
      request_hash: w.key.requestHash,
      response: w.response,
      location_id: o.locationId,
      channel: o.channel,
      customer_id: o.customerId ?? null,
      status: o.status ?? 'Received',
      placed_at: o.placedAt.toISOString(),
      at: o.placedAt.toISOString(),
      scheduled_for: o.scheduledFor?.toISOString() ?? null,
      delivery_location: o.deliveryLocation ?? null,
      sub_total: o.subTotal,
      delivery_charge: o.deliveryCharge ?? '0',
      discount: o.discount ?? '0',
      promo_code: o.promoCode ?? null,
      transaction_charge: o.transactionCharge ?? '0',
      gst: o.gst ?? '0',
      total: o.total,
      payment_receipt_number: o.paymentReceiptNumber ?? null,
      lines: w.lines.map((l) => ({
        vendor_id: l.vendorId ?? null,
        meal_id: l.mealId ?? null,
        meal_name: l.mealName,
        quantity: l.quantity,
        unit_price: l.unitPrice,
        subitem: l.subitem ?? null,
        combos: l.combos ?? [],
        special_request: l.specialRequest ?? null,
        line_total: l.lineTotal,
      })),
      pay_customer_id: p.customerId ?? null,
      provider: p.provider,
      provider_payment_id: p.providerPaymentId ?? null,
      pay_status: p.status,
      source_type: p.sourceType ?? null,
      receipt_number: p.receiptNumber ?? null,
      total_cents: p.totalCents,
      app_fee_cents: p.appFeeCents ?? 0,
      reference_id: p.referenceId ?? null,
      provider_location_id: p.providerLocationId ?? null,
    };
  });
  // Each order's id is drawn first so that the key's answer, written first, can name it.
  const result = await db.execute(sql`
    WITH i AS (
      SELECT x.*, nextval('orders_id_seq'::regclass)::int AS id
      FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(key text, scope text, request_hash text,
        response jsonb, location_id int, channel sales_channel, customer_id int, status order_status,
        placed_at timestamptz, at text, scheduled_for timestamptz, delivery_location text, sub_total numeric,
        delivery_charge numeric, discount numeric, promo_code text, transaction_charge numeric, gst numeric,
        total numeric, payment_receipt_number text, lines jsonb, pay_customer_id int, provider text,
        provider_payment_id text, pay_status text, source_type text, receipt_number text, total_cents int,
        app_fee_cents int, reference_id text, provider_location_id text)
    ), k AS (
      INSERT INTO idempotency_keys (key, scope, request_hash, response_status, response_body, created_at)
      SELECT i.key, i.scope, i.request_hash, 200, jsonb_set(i.response, '{order,id}', to_jsonb(i.id)), i.placed_at
      FROM i WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = i.customer_id)
      ${KEEP_ANSWER}
      RETURNING key
    ), o AS (
      INSERT INTO orders (id, location_id, channel, customer_id, customer_name, customer_phone, customer_email,
        status, placed_at, scheduled_for, delivery_location, sub_total, delivery_charge, discount, promo_code,
        transaction_charge, gst, total, payment_receipt_number, idempotency_key, created_at)
      SELECT i.id, i.location_id, i.channel, c.id, c.username, c.phone, c.email, i.status, i.placed_at,
        i.scheduled_for, i.delivery_location, i.sub_total, i.delivery_charge, i.discount, i.promo_code,
        i.transaction_charge, i.gst, i.total, i.payment_receipt_number, k.key, i.placed_at
      FROM i JOIN k ON k.key = i.key JOIN customers c ON c.id = i.customer_id
      RETURNING id
    ), w AS (
      SELECT i.* FROM i JOIN o ON o.id = i.id
    ), lines AS (
      INSERT INTO order_lines (order_id, vendor_id, meal_id, meal_name, quantity, unit_price, subitem, combos,
        special_request, line_total)
      SELECT w.id, l.vendor_id, l.meal_id, l.meal_name, l.quantity, l.unit_price, l.subitem, l.combos,
        l.special_request, l.line_total
      FROM w, jsonb_array_elements(w.lines) WITH ORDINALITY AS e(line, n),
        jsonb_to_record(e.line) AS l(vendor_id int, meal_id int, meal_name text, quantity int,
          unit_price numeric, subitem text, combos jsonb, special_request text, line_total numeric)
      ORDER BY w.id, e.n
    ), paid AS (
      INSERT INTO payments (order_id, customer_id, provider, provider_payment_id, idempotency_key, status,
        source_type, receipt_number, total_cents, app_fee_cents, reference_id, provider_location_id, created_at)
      SELECT w.id, w.pay_customer_id, w.provider, w.provider_payment_id, w.key, w.pay_status, w.source_type,
        w.receipt_number, w.total_cents, w.app_fee_cents, w.reference_id, w.provider_location_id, w.placed_at
      FROM w
      ON CONFLICT (idempotency_key) DO UPDATE SET order_id = excluded.order_id, status = excluded.status,
        provider_payment_id = excluded.provider_payment_id, total_cents = excluded.total_cents, error = NULL
    ), event AS (
      INSERT INTO order_status_events (order_id, from_status, to_status, at)
      SELECT w.id, NULL, w.status, w.placed_at FROM w
    ), tickets AS (
      INSERT INTO kitchen_tickets (order_id, location_id, vendor_id, status, created_at, updated_at)
      SELECT DISTINCT w.id, w.location_id, (e.line->>'vendor_id')::int, 'queued', w.placed_at, w.placed_at
      FROM w, jsonb_array_elements(w.lines) AS e(line)
      WHERE e.line->>'vendor_id' IS NOT NULL
      RETURNING id, order_id, location_id
    )
    SELECT w.key, w.id, ${statusNoticeOf(sql`w.id`, sql`w.customer_id`, sql`w.status::text`, sql`w.at`)},
      (SELECT count(${kitchenNoticeOf(sql`t.id`, sql`t.location_id`)}) FROM tickets t WHERE t.order_id = w.id)
        AS tickets
    FROM w`);
  const written = new Map(
    (result as unknown as { rows: { key: string; id: number }[] }).rows.map((r) => [r.key, r.id]),
  );
  return batch.map((w) => written.get(w.key.key) ?? null);
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

export async function orderStatusOf(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ status: orders.status, locationId: orders.locationId })
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1);
  return row ?? null;
}

/** Whether the order ever reached the status before (its status events). */
export async function everReached(db: DbOrTx, id: number, status: (typeof orders.$inferSelect)['status']) {
  const [row] = await db
    .select({ id: orderStatusEvents.id })
    .from(orderStatusEvents)
    .where(and(eq(orderStatusEvents.orderId, id), eq(orderStatusEvents.toStatus, status)))
    .limit(1);
  return row !== undefined;
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
