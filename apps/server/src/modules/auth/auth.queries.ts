import { and, asc, count, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  auditLog,
  customers,
  locations,
  rateLimitEvents,
  sessions,
  smsCodes,
  staffUsers,
} from '../../db/schema/index.js';

export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function insertSession(
  db: DbOrTx,
  row: {
    tokenHash: string;
    kind: 'customer' | 'staff';
    customerId?: number;
    staffUserId?: number;
    issuedInDemo: boolean;
    createdAt: Date;
    expiresAt: Date;
  },
) {
  const [session] = await db.insert(sessions).values(row).returning({ id: sessions.id });
  return session!.id;
}

export async function revokeSession(db: DbOrTx, tokenHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every live session of a staff account. */
export async function revokeStaffSessions(db: DbOrTx, staffUserId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.staffUserId, staffUserId), isNull(sessions.revokedAt)));
}

const staffColumns = {
  user: staffUsers,
  locationName: locations.address,
  deliveryDays: locations.deliveryDays,
  minStockOrder: locations.minStockOrder,
  minStockDeliveryCharge: locations.minStockDeliveryCharge,
};

export type StaffRow = Awaited<ReturnType<typeof findStaffByEmail>> & {};

export async function findStaffByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select(staffColumns)
    .from(staffUsers)
    .leftJoin(locations, eq(locations.id, staffUsers.locationId))
    .where(eq(staffUsers.email, email))
    .limit(1);
  return row ?? null;
}

export async function findStaffById(db: DbOrTx, id: number) {
  const [row] = await db
    .select(staffColumns)
    .from(staffUsers)
    .leftJoin(locations, eq(locations.id, staffUsers.locationId))
    .where(eq(staffUsers.id, id))
    .limit(1);
  return row ?? null;
}

/** Serialises work on one key across transactions and server instances (PostgreSQL advisory lock). */
export async function lockKey(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
}

export async function countEvents(db: DbOrTx, bucket: string, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(
      and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key), gte(rateLimitEvents.at, since)),
    );
  return row?.n ?? 0;
}

/** When each event of `bucket` for `key` since `since` happened, oldest first. */
export async function eventTimes(db: DbOrTx, bucket: string, key: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: rateLimitEvents.at })
    .from(rateLimitEvents)
    .where(
      and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key), gte(rateLimitEvents.at, since)),
    )
    .orderBy(asc(rateLimitEvents.at), asc(rateLimitEvents.id));
  return rows.map((r) => r.at);
}

export async function recordEvent(db: DbOrTx, bucket: string, key: string, at: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitEvents)
    .values({ bucket, key, at })
    .returning({ id: rateLimitEvents.id });
  return row!.id;
}

export async function forgetEvent(db: DbOrTx, id: number): Promise<void> {
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.id, id));
}

export async function clearEvents(db: DbOrTx, bucket: string, key: string): Promise<void> {
  await db
    .delete(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key)));
}

/** Marks every live code of the phone consumed (a resend replaces the old code). */
export async function consumeLiveCodes(db: DbOrTx, phone: string, at: Date): Promise<void> {
  await db
    .update(smsCodes)
    .set({ consumedAt: at })
    .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.consumedAt)));
}

export async function insertSmsCode(
  db: DbOrTx,
  row: { phone: string; codeHash: string; createdAt: Date; expiresAt: Date },
) {
  await db.insert(smsCodes).values(row);
}

export async function findLiveCodeForUpdate(db: DbOrTx, phone: string, now: Date) {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.consumedAt), gt(smsCodes.expiresAt, now)))
    .orderBy(sql`${smsCodes.createdAt} DESC`)
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function updateCode(db: DbOrTx, id: number, set: { attempts?: number; consumedAt?: Date }) {
  await db.update(smsCodes).set(set).where(eq(smsCodes.id, id));
}

export async function findCustomerByPhone(db: DbOrTx, phone: string) {
  const [row] = await db.select().from(customers).where(eq(customers.phone, phone)).limit(1);
  return row ?? null;
}

export async function findCustomerById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}

/** Inserts the customer, or returns the existing one when two sign-ins race for a new phone. */
export async function findOrCreateCustomer(db: DbOrTx, phone: string, at: Date) {
  await db
    .insert(customers)
    .values({ phone, createdAt: at })
    .onConflictDoNothing({ target: customers.phone });
  return (await findCustomerByPhone(db, phone))!;
}

/**
 * The customer a Facebook user is, made on their first sign-in (with Facebook's name and email as
 * their profile); two first sign-ins at once make one customer.
 */
export async function findOrCreateFacebookCustomer(
  db: DbOrTx,
  user: { id: string; name: string | null; email: string | null },
  at: Date,
) {
  await db
    .insert(customers)
    .values({ facebookId: user.id, username: user.name, email: user.email, createdAt: at })
    .onConflictDoNothing({ target: customers.facebookId });
  const [row] = await db.select().from(customers).where(eq(customers.facebookId, user.id)).limit(1);
  return row!;
}

export async function updateCustomerProfile(
  db: DbOrTx,
  id: number,
  set: { username: string; email: string; address?: string; locationId?: number },
) {
  const [row] = await db.update(customers).set(set).where(eq(customers.id, id)).returning();
  return row ?? null;
}

export async function locationExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, id)).limit(1);
  return Boolean(row);
}

/** Active staff accounts with their password hashes (the production start checks them). */
export function activeStaffHashes(db: DbOrTx) {
  return db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      locationId: staffUsers.locationId,
      passwordHash: staffUsers.passwordHash,
    })
    .from(staffUsers)
    .where(eq(staffUsers.isActive, true));
}

/** Disables accounts; their sessions and remembered credentials stop working at once. */
export async function disableStaff(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(staffUsers)
    .set({ isActive: false, credentialVersion: sql`${staffUsers.credentialVersion} + 1` })
    .where(inArray(staffUsers.id, ids));
}

/**
 * Revokes the live sessions a production start must end: those issued in demo mode, or, when
 * `everyLive` (a database still holding demo passwords, whose sessions may predate the mark), every
 * live one. Returns how many of each kind.
 */
export async function revokeDemoSessions(
  db: DbOrTx,
  at: Date,
  everyLive: boolean,
): Promise<{ customer: number; staff: number }> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(isNull(sessions.revokedAt), everyLive ? undefined : eq(sessions.issuedInDemo, true)))
    .returning({ kind: sessions.kind });
  return {
    customer: rows.filter((r) => r.kind === 'customer').length,
    staff: rows.filter((r) => r.kind === 'staff').length,
  };
}

/** The server itself as the author of an audit entry (a production start), not a staff member. */
export const SYSTEM_ACTOR = { actorId: null, actorEmail: 'system', actorRole: 'system', address: 'server' };

/** Audit entries the server writes itself, in the caller's transaction (docs/audit.md). */
export async function insertSystemAudit(
  db: DbOrTx,
  entries: Omit<typeof auditLog.$inferInsert, keyof typeof SYSTEM_ACTOR | 'id'>[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(entries.map((e) => ({ ...SYSTEM_ACTOR, ...e })));
}
