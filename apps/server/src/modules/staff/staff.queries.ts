import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { externalOperators, locations, staffUsers } from '../../db/schema/index.js';

const accountColumns = {
  id: staffUsers.id,
  email: staffUsers.email,
  firstName: staffUsers.firstName,
  lastName: staffUsers.lastName,
  isStockUser: staffUsers.isStockUser,
  isStockAdmin: staffUsers.isStockAdmin,
  isSuperAdmin: staffUsers.isSuperAdmin,
  isOperator: staffUsers.isOperator,
  isKitchen: staffUsers.isKitchen,
  locationId: staffUsers.locationId,
  locationName: locations.name,
  externalOperatorId: staffUsers.externalOperatorId,
  isActive: staffUsers.isActive,
  mustChangePassword: staffUsers.mustChangePassword,
  createdAt: staffUsers.createdAt,
};

/** A staff account as the staff screen shows it: never its password hash. */
export type AccountRow = Awaited<ReturnType<typeof findAccount>> & {};

export function listAccounts(db: DbOrTx) {
  return db
    .select(accountColumns)
    .from(staffUsers)
    .leftJoin(locations, eq(locations.id, staffUsers.locationId))
    .orderBy(asc(staffUsers.email));
}

export async function findAccount(db: DbOrTx, id: number) {
  const [row] = await db
    .select(accountColumns)
    .from(staffUsers)
    .leftJoin(locations, eq(locations.id, staffUsers.locationId))
    .where(eq(staffUsers.id, id))
    .limit(1);
  return row ?? null;
}

/** The account's row locked for the change (two super admins editing it wait for each other). */
export async function lockAccount(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.id, id))
    .for('update');
  return Boolean(row);
}

export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, email))
    .limit(1);
  return Boolean(row);
}

/** Serialises first-run set-ups (PostgreSQL advisory lock, until the transaction ends). */
export async function lockFirstRun(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('kitchaco_first_run'))`);
}

/** Whether any super admin exists, enabled or not (a set-up database). */
export async function superAdminExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.isSuperAdmin, true))
    .limit(1);
  return Boolean(row);
}

export type RoleFlags = Pick<
  typeof staffUsers.$inferInsert,
  'isSuperAdmin' | 'isStockAdmin' | 'isOperator' | 'isKitchen' | 'isStockUser'
>;

/** Inserts an account; null when the email is already taken (the unique index decides). */
export async function insertAccount(
  db: DbOrTx,
  row: RoleFlags & {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    locationId: number | null;
    externalOperatorId: number | null;
    mustChangePassword: boolean;
    createdAt: Date;
  },
): Promise<number | null> {
  const [inserted] = await db
    .insert(staffUsers)
    .values(row)
    .onConflictDoNothing({ target: staffUsers.email })
    .returning({ id: staffUsers.id });
  return inserted?.id ?? null;
}

export async function updateAccount(
  db: DbOrTx,
  id: number,
  set: Partial<RoleFlags> & {
    firstName?: string;
    lastName?: string;
    locationId?: number | null;
    externalOperatorId?: number | null;
    isActive?: boolean;
  },
  bumpCredentials: boolean,
): Promise<void> {
  await db
    .update(staffUsers)
    .set({
      ...set,
      ...(bumpCredentials ? { credentialVersion: sql`${staffUsers.credentialVersion} + 1` } : {}),
    })
    .where(eq(staffUsers.id, id));
}

/** A new password: cached credential checks of the old one stop working (credential version). */
export async function setPassword(
  db: DbOrTx,
  id: number,
  passwordHash: string,
  mustChangePassword: boolean,
): Promise<void> {
  await db
    .update(staffUsers)
    .set({
      passwordHash,
      mustChangePassword,
      credentialVersion: sql`${staffUsers.credentialVersion} + 1`,
    })
    .where(eq(staffUsers.id, id));
}

export function listLocationChoices(db: DbOrTx) {
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.isActive, true))
    .orderBy(asc(locations.id));
}

export function listExternalOperators(db: DbOrTx) {
  return db
    .select({ id: externalOperators.id, business_name: externalOperators.businessName })
    .from(externalOperators)
    .orderBy(asc(externalOperators.businessName), asc(externalOperators.id));
}

export async function activeLocationExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: locations.id, isActive: locations.isActive })
    .from(locations)
    .where(eq(locations.id, id))
    .limit(1);
  return Boolean(row?.isActive);
}

export async function externalOperatorExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: externalOperators.id })
    .from(externalOperators)
    .where(eq(externalOperators.id, id))
    .limit(1);
  return Boolean(row);
}

export async function insertLocation(db: DbOrTx, row: typeof locations.$inferInsert) {
  const [inserted] = await db.insert(locations).values(row).returning();
  return inserted!;
}
