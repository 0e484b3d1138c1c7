import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
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
import { ORDER_STATUS_CHANNEL, type StatusNotice } from './order-events.js';

export async function findPromo(db: DbOrTx, code: string) {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  return row ?? null;
}

class PromoRefused extends Error {
  constructor(readonly reason: 'used_up' | 'used_by_customer') {
    super(reason);
  }
}

type Redemption = { key: string; code: string; customerId: number; at: Date };

/** Records a checkout's use of a limited code; false when its key holds one already. */
async function insertRedemption(db: DbOrTx, r: Redemption): Promise<boolean> {
  const fresh = await db
    .insert(promoRedemptions)
    .values({ idempotencyKey: r.key, code: r.code, customerId: r.customerId, createdAt: r.at })
    .onConflictDoNothing()
    .returning({ key: promoRedemptions.idempotencyKey });
  return fresh.length > 0;
}

/**
 * Reserves one use of a promo code for a checkout before its card is charged, once per
 * Idempotency-Key (a retry finds its reservation). The code's total and the customer's count are
 * each raised by one statement whose condition PostgreSQL re-checks on the row it locks, so the
 * limits hold however many checkouts race. Nothing changes when either limit is reached.
 */
export async function reservePromo(
  db: DbOrTx,
  r: Redemption,
): Promise<'reserved' | 'used_up' | 'used_by_customer'> {
  try {
    await db.transaction(async (tx) => {
      if (!(await insertRedemption(tx, r))) return;
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

/**
 * Gives back a checkout's promo reservation (its payment failed, or its order was canceled); nothing
 * when it has none.
 */
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

/**
 * Takes a limited promo code's use again for an order reopened after it was canceled (its use was
 * given back then): the staff member's decision, so the limits are not checked. Nothing for a code
 * without limits, or when the use is still held.
 */
export async function retakePromo(db: DbOrTx, r: Redemption): Promise<void> {
  const [promo] = await db
    .select({ maxUses: promoCodes.maxUses, perCustomer: promoCodes.maxUsesPerCustomer })
    .from(promoCodes)
    .where(eq(promoCodes.code, r.code))
    .limit(1);
  if (!promo || (promo.maxUses === null && promo.perCustomer === null)) return;
  if (!(await insertRedemption(db, r))) return;
  await db
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(eq(promoCodes.code, r.code));
  await db
    .insert(promoCustomerUses)
    .values({ code: r.code, customerId: r.customerId, uses: 1 })
    .onConflictDoUpdate({
      target: [promoCustomerUses.code, promoCustomerUses.customerId],
      set: { uses: sql`${promoCustomerUses.uses} + 1` },
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
export const KEEP_ANSWER = sql`ON CONFLICT (key) DO UPDATE SET response_status = excluded.response_status,
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

export type NewPayment = Omit<
  typeof payments.$inferInsert,
  'id' | 'orderId' | 'idempotencyKey' | 'createdAt'
>;

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

export async function locationTimeZones(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: locations.id, timeZone: locations.timeZone })
    .from(locations)
    .where(inArray(locations.id, ids));
  return new Map(rows.map((r) => [r.id, r.timeZone]));
}

/**
 * The notice of a status change as an expression, to select in the statement that makes it (the
 * order's id may be an expression of that statement). Delivered when the transaction commits.
 */
export function statusNoticeOf(orderId: SQL, customerId: SQL, status: SQL, at: SQL): SQL {
  return sql`pg_notify(${ORDER_STATUS_CHANNEL}, json_build_object('order_id', ${orderId}, 'customer_id', ${customerId},
    'status', ${status}, 'at', ${at})::text)`;
}

/** Announces a status change; call inside the transaction that makes it. */
export async function announceStatus(db: DbOrTx, n: StatusNotice): Promise<void> {
  await db.execute(
    sql`SELECT ${statusNoticeOf(sql`${n.order_id}::int`, sql`${n.customer_id}::int`, sql`${n.status}::text`, sql`${n.at}::text`)}`,
  );
}
