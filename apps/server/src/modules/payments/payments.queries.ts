import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  idempotencyKeys,
  locations,
  orderAdjustments,
  orders,
  paymentReconciliations,
  payments,
  providerEvents,
  refunds,
  staffUsers,
} from '../../db/schema/index.js';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** Dollars as exact decimal text from cents: -1250 -> "-12.50". */
export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The card payment of an order (the one that paid it), locked for the change when in a transaction. */
export async function paymentOfOrder(db: DbOrTx, orderId: number, lock = false) {
  const query = db
    .select()
    .from(payments)
    .where(
      and(eq(payments.orderId, orderId), inArray(payments.status, ['APPROVED', 'COMPLETED', 'CANCELED'])),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function lockPayment(db: DbOrTx, id: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function orderForRefund(db: DbOrTx, orderId: number, lock: boolean) {
  const query = db
    .select({
      id: orders.id,
      status: orders.status,
      locationId: orders.locationId,
      channel: orders.channel,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function refundsOfPayment(db: DbOrTx, paymentId: number) {
  return db
    .select({ refund: refunds, requestedBy: staffUsers.email })
    .from(refunds)
    .leftJoin(staffUsers, eq(staffUsers.id, refunds.requestedBy))
    .where(eq(refunds.paymentId, paymentId))
    .orderBy(asc(refunds.id));
}

export async function insertRefund(db: DbOrTx, row: typeof refunds.$inferInsert) {
  const [created] = await db.insert(refunds).values(row).onConflictDoNothing().returning();
  if (created) return created;
  const [existing] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, row.idempotencyKey));
  return existing!;
}

export async function lockRefund(db: DbOrTx, id: number) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updateRefund(
  db: DbOrTx,
  id: number,
  set: Partial<Pick<RefundRow, 'providerRefundId' | 'status' | 'error' | 'updatedAt'>>,
) {
  const [row] = await db.update(refunds).set(set).where(eq(refunds.id, id)).returning();
  return row!;
}

/** A refund by the provider's id, not locked: `applyRefund` locks its order, then it. */
export async function findRefundByProviderId(db: DbOrTx, provider: string, providerRefundId: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, providerRefundId)))
    .limit(1);
  return row ?? null;
}

export async function findRefund(db: DbOrTx, id: number) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return row ?? null;
}

/**
 * An order's live cancellation claim (PENDING or COMPLETED): the rest of its payment, reserved by a
 * cancellation that may not have finished yet. At most one per order (refunds_live_cancellation_idx).
 */
export async function liveCancellation(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        eq(refunds.cancellation, true),
        inArray(refunds.status, ['PENDING', 'COMPLETED']),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Partial refunds sent whose answer never came back: sent again under the same key by
 * reconciliation. (Cancellation claims are finished with their order: `unfinishedCancellations`.)
 */
export async function unconfirmedRefunds(db: DbOrTx) {
  return db
    .select()
    .from(refunds)
    .where(
      and(isNull(refunds.providerRefundId), eq(refunds.status, 'PENDING'), eq(refunds.cancellation, false)),
    )
    .orderBy(asc(refunds.id))
    .limit(100);
}

/**
 * Cancellation claims made before `before` whose order is still not canceled (the provider's
 * answer never came, or the process stopped before the status changed): reconciliation finishes them.
 */
export async function unfinishedCancellations(db: DbOrTx, before: Date) {
  return db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(refunds.cancellation, true),
        inArray(refunds.status, ['PENDING', 'COMPLETED']),
        ne(orders.status, 'Canceled'),
        lt(refunds.createdAt, before),
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(100);
}

/** Refunds the provider accepted and has not finished: asked for by reconciliation. */
export async function pendingRefunds(db: DbOrTx) {
  return db
    .select()
    .from(refunds)
    .where(and(isNotNull(refunds.providerRefundId), eq(refunds.status, 'PENDING')))
    .orderBy(asc(refunds.id))
    .limit(200);
}

/**
 * Adds (or, negative, takes back) cents of a payment's refunded total. The database's check
 * (0 <= refunded <= total) refuses anything else: callers check first under the payment's lock, so
 * a refusal here is a defect, never clamped away.
 */
export async function addRefunded(db: DbOrTx, paymentId: number, cents: number, at: Date) {
  await db
    .update(payments)
    .set({ refundedCents: sql`${payments.refundedCents} + ${cents}`, updatedAt: at })
    .where(eq(payments.id, paymentId));
}

export async function setPaymentStatus(
  db: DbOrTx,
  id: number,
  set: Partial<Pick<PaymentRow, 'status' | 'refundedCents' | 'receiptNumber' | 'updatedAt'>>,
) {
  await db.update(payments).set(set).where(eq(payments.id, id));
}

/** The ledger row of a refund, or of its reversal (negative amounts are money given back). */
export async function insertAdjustment(db: DbOrTx, row: typeof orderAdjustments.$inferInsert) {
  await db.insert(orderAdjustments).values(row).onConflictDoNothing();
}

/** The adjustments of an order's card refunds so far, per brand (what a cancellation reverses). */
export async function refundAdjustmentsOfOrder(db: DbOrTx, orderId: number) {
  const rows = await db
    .select({
      vendorId: orderAdjustments.vendorId,
      amount: sql<string>`sum(${orderAdjustments.amount})::text`,
    })
    .from(orderAdjustments)
    .where(eq(orderAdjustments.orderId, orderId))
    .groupBy(orderAdjustments.vendorId);
  return rows;
}

/** Puts a flag on a payment for a super admin, unless it already carries that very flag. */
export async function flagPayment(db: DbOrTx, id: number, flag: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ flag, flaggedAt: at, resolvedAt: null, resolvedBy: null, resolution: null })
    .where(and(eq(payments.id, id), sql`${payments.flag} IS DISTINCT FROM ${flag}`))
    .returning({ id: payments.id });
  return rows.length > 0;
}

export async function resolveFlag(db: DbOrTx, id: number, by: number | null, resolution: string, at: Date) {
  const rows = await db
    .update(payments)
    .set({ resolvedAt: at, resolvedBy: by, resolution })
    .where(and(eq(payments.id, id), isNotNull(payments.flag)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

export async function openFlags(db: DbOrTx) {
  return db
    .select({
      payment: payments,
      customer: sql<string | null>`coalesce(${orders.customerName}, ${orders.customerEmail})`,
      location: locations.name,
    })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .where(and(isNotNull(payments.flag), isNull(payments.resolvedAt)))
    .orderBy(asc(payments.flaggedAt))
    .limit(500);
}

export async function lastRun(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(paymentReconciliations)
    .orderBy(desc(paymentReconciliations.id))
    .limit(1);
  return row ?? null;
}

/** A payment's status as the provider reports it, for writePaymentStatuses. */
export interface StatusUpdate {
  id: string;
  status: string;
  refunded: number;
  receipt: string | null;
  at: string;
}

/**
 * One statement for the payments of the batch. The answers kept under their checkout keys are not
 * rewritten: a replay reads the payment's status with the key. What the provider reports refunded
 * is kept up to what was paid (a tip refunded too must not break the batch on the payments' check;
 * a refund beyond our own is flagged by reconciliation and the webhook).
 */
export async function writePaymentStatuses(
  db: DbOrTx,
  provider: string,
  batch: StatusUpdate[],
): Promise<null[]> {
  // The ids again as an array, so the payments are found through their index whatever the table's size.
  const ids = `{${batch.map((b) => JSON.stringify(b.id)).join(',')}}`;
  await db.execute(sql`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        AS v(id text, status text, refunded int, receipt text, at text)
    )
    UPDATE payments p SET
        status = CASE WHEN p.status IN ('APPROVED', 'PENDING') THEN v.status ELSE p.status END,
        refunded_cents = least(greatest(p.refunded_cents, v.refunded), p.total_cents),
        receipt_number = coalesce(p.receipt_number, v.receipt),
        updated_at = v.at::timestamptz
      FROM v
      WHERE p.provider = ${provider} AND p.provider_payment_id = ANY(${ids}::text[]) AND p.provider_payment_id = v.id`);
  return batch.map(() => null);
}

/** Records a provider's event once; whether this is its first delivery. */
export async function recordProviderEvent(
  db: DbOrTx,
  row: typeof providerEvents.$inferInsert,
): Promise<boolean> {
  const fresh = await db
    .insert(providerEvents)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: providerEvents.eventId });
  return fresh.length > 0;
}

/** A provider's payment as ours, with its order's status, locked until the transaction ends. */
export async function lockProviderPayment(db: DbOrTx, provider: string, providerPaymentId: string) {
  const [row] = await db
    .select({ payment: payments, orderStatus: orders.status })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .for('update', { of: payments })
    .limit(1);
  return row ?? null;
}

/** Serialises reconciliation runs across instances until the transaction ends. */
export async function lockReconciliations(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('payments:reconciliation'))`);
}

/** Whether a run started since `since` is still unfinished (its lease holds). */
export async function reconciliationRunning(db: DbOrTx, since: Date): Promise<boolean> {
  const [running] = await db
    .select({ id: paymentReconciliations.id })
    .from(paymentReconciliations)
    .where(
      and(sql`${paymentReconciliations.finishedAt} IS NULL`, gte(paymentReconciliations.startedAt, since)),
    )
    .limit(1);
  return running !== undefined;
}

export async function insertReconciliation(db: DbOrTx, row: typeof paymentReconciliations.$inferInsert) {
  const [run] = await db.insert(paymentReconciliations).values(row).returning();
  return run!;
}

export async function finishReconciliation(
  db: DbOrTx,
  id: number,
  set: Partial<typeof paymentReconciliations.$inferInsert>,
) {
  const [done] = await db
    .update(paymentReconciliations)
    .set(set)
    .where(eq(paymentReconciliations.id, id))
    .returning();
  return done ?? null;
}

/** The Square location ids of our locations. */
export async function squareLocationIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: locations.squareLocationId })
    .from(locations)
    .where(isNotNull(locations.squareLocationId));
  return rows.map((r) => r.id!);
}

/** Our payments among a provider's, with their orders' statuses. */
export function providerPaymentsWithOrders(db: DbOrTx, provider: string, providerPaymentIds: string[]) {
  return db
    .select({ payment: payments, orderStatus: orders.status })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.provider, provider), inArray(payments.providerPaymentId, providerPaymentIds)));
}

/** Payments still only authorised, made before `before`, whose orders stand (at most 200). */
export function staleAuthorisedPayments(db: DbOrTx, provider: string, before: Date) {
  return db
    .select({ payment: payments, orderStatus: orders.status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.status, 'APPROVED'),
        ne(orders.status, 'Canceled'),
        lt(payments.createdAt, before),
      ),
    )
    .limit(200);
}

/**
 * Checkouts that never got an answer (the card provider did not answer, or the server stopped in
 * the middle) created in (after, before), not yet swept: each may have left an authorisation that
 * no order claims. Newest first (the freshest holds matter most); a bounded batch per run.
 */
export function unansweredCheckoutKeys(db: DbOrTx, range: { after: Date; before: Date }, limit: number) {
  return db
    .select({ key: idempotencyKeys.key, scope: idempotencyKeys.scope })
    .from(idempotencyKeys)
    .where(
      and(
        isNull(idempotencyKeys.responseStatus),
        isNull(idempotencyKeys.authorisationSweptAt),
        sql`${idempotencyKeys.scope} LIKE 'order:%'`,
        lt(idempotencyKeys.createdAt, range.before),
        sql`${idempotencyKeys.createdAt} > ${range.after.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(idempotencyKeys.createdAt))
    .limit(limit);
}

/** Records that an unanswered checkout's authorisation, if any, was cancelled (or found gone). */
export async function markKeySwept(db: DbOrTx, key: string, at: Date): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ authorisationSweptAt: at })
    .where(and(eq(idempotencyKeys.key, key), isNull(idempotencyKeys.responseStatus)));
}

export async function findPayment(db: DbOrTx, id: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

/** Inserts a payment unless one with its idempotency key (or provider id) is already there. */
export async function insertPaymentOnce(db: DbOrTx, row: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(row).onConflictDoNothing();
}
