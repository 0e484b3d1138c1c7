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
  vendors,
} from '../../db/schema/index.js';

export async function findPromo(db: DbOrTx, code: string) {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  return row ?? null;
}

/** Claims an idempotency key; false when it already exists. */
export async function claimIdempotencyKey(
  db: DbOrTx,
  row: { key: string; scope: string; requestHash: string; createdAt: Date },
) {
  const inserted = await db
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoNothing({ target: idempotencyKeys.key })
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

export async function findIdempotencyKey(db: DbOrTx, key: string) {
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
  return row ?? null;
}

/** Re-claims a key whose first attempt died before answering (same request only). */
export async function reclaimStaleKey(
  db: DbOrTx,
  key: string,
  requestHash: string,
  staleBefore: Date,
  at: Date,
) {
  const rows = await db
    .update(idempotencyKeys)
    .set({ createdAt: at })
    .where(
      and(
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.requestHash, requestHash),
        sql`${idempotencyKeys.responseStatus} IS NULL`,
        sql`${idempotencyKeys.createdAt} < ${staleBefore}`,
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** Lets the next retry of an unanswered attempt claim the key at once (its request must match). */
export async function releaseIdempotencyKey(db: DbOrTx, key: string) {
  await db
    .update(idempotencyKeys)
    .set({ createdAt: new Date(0) })
    .where(and(eq(idempotencyKeys.key, key), sql`${idempotencyKeys.responseStatus} IS NULL`));
}

export async function storeIdempotentResponse(db: DbOrTx, key: string, status: number, body: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(eq(idempotencyKeys.key, key));
}

export async function findPaymentByKey(db: DbOrTx, key: string) {
  const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key)).limit(1);
  return row ?? null;
}

export async function insertPayment(db: DbOrTx, row: typeof payments.$inferInsert) {
  const [payment] = await db
    .insert(payments)
    .values(row)
    .onConflictDoUpdate({
      target: payments.idempotencyKey,
      set: { status: row.status, error: row.error ?? null },
    })
    .returning();
  return payment!;
}

export async function attachPayment(db: DbOrTx, paymentId: number, orderId: number) {
  await db.update(payments).set({ orderId }).where(eq(payments.id, paymentId));
}

export async function insertOrder(db: DbOrTx, row: typeof orders.$inferInsert) {
  const [order] = await db.insert(orders).values(row).returning({ id: orders.id });
  return order!.id;
}

export async function insertOrderLines(db: DbOrTx, rows: (typeof orderLines.$inferInsert)[]) {
  if (rows.length) await db.insert(orderLines).values(rows);
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
export async function fillCustomerDetails(db: DbOrTx, orderId: number, customerId: number) {
  await db.execute(sql`
    UPDATE orders SET customer_name = c.username, customer_phone = c.phone, customer_email = c.email
    FROM customers c WHERE orders.id = ${orderId} AND c.id = ${customerId}`);
}

export async function locationTimeZones(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: locations.id, timeZone: locations.timeZone })
    .from(locations)
    .where(inArray(locations.id, ids));
  return new Map(rows.map((r) => [r.id, r.timeZone]));
}
