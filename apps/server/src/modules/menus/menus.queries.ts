import type { MealStatus } from '@kitchaco/domain';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  locations,
  type MenuChangeKind,
  type MenuChangeStatus,
  mealCategories,
  mealCombos,
  mealSubitems,
  meals,
  menuChangeRequests,
  staffUsers,
  vendors,
} from '../../db/schema/index.js';

export type MealRow = typeof meals.$inferSelect;
export type ComboRow = typeof mealCombos.$inferSelect;
export type SubitemRow = typeof mealSubitems.$inferSelect;

/** Brands of a location (or all), with their location's name. */
export async function brandsOf(db: DbOrTx, locationId: number | 'all') {
  const query = db
    .select({
      id: vendors.id,
      title: vendors.title,
      locationId: vendors.locationId,
      location: locations.name,
    })
    .from(vendors)
    .innerJoin(locations, eq(locations.id, vendors.locationId));
  return (locationId === 'all' ? query : query.where(eq(vendors.locationId, locationId))).orderBy(
    asc(vendors.locationId),
    asc(vendors.title),
  );
}

export async function mealsOfBrands(db: DbOrTx, vendorIds: number[]) {
  if (vendorIds.length === 0) return [];
  return db
    .select()
    .from(meals)
    .where(inArray(meals.vendorId, vendorIds))
    .orderBy(asc(meals.name), asc(meals.id));
}

export async function extrasOf(db: DbOrTx, mealIds: number[]) {
  if (mealIds.length === 0) return { combos: [], subitems: [] };
  const [combos, subitems] = await Promise.all([
    db.select().from(mealCombos).where(inArray(mealCombos.mealId, mealIds)).orderBy(asc(mealCombos.id)),
    db.select().from(mealSubitems).where(inArray(mealSubitems.mealId, mealIds)).orderBy(asc(mealSubitems.id)),
  ]);
  return { combos, subitems };
}

export async function listCategories(db: DbOrTx) {
  return db.select().from(mealCategories).orderBy(asc(mealCategories.title));
}

export async function categoryExists(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: mealCategories.id })
    .from(mealCategories)
    .where(eq(mealCategories.id, id));
  return Boolean(row);
}

/** A meal with its brand and location (for the access check). */
export async function findMeal(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      meal: meals,
      vendorTitle: vendors.title,
      vendorActive: vendors.isActive,
      locationId: vendors.locationId,
    })
    .from(meals)
    .innerJoin(vendors, eq(vendors.id, meals.vendorId))
    .where(eq(meals.id, id));
  return row ?? null;
}

export async function findBrand(db: DbOrTx, id: number) {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, id));
  return row ?? null;
}

export async function insertMeal(db: DbOrTx, values: typeof meals.$inferInsert) {
  const [row] = await db.insert(meals).values(values).returning();
  return row!;
}

export async function updateMeal(db: DbOrTx, id: number, values: Partial<typeof meals.$inferInsert>) {
  await db.update(meals).set(values).where(eq(meals.id, id));
}

export async function insertCombo(db: DbOrTx, values: typeof mealCombos.$inferInsert) {
  await db.insert(mealCombos).values(values);
}

export async function updateCombo(
  db: DbOrTx,
  id: number,
  mealId: number,
  values: Partial<typeof mealCombos.$inferInsert>,
) {
  const done = await db
    .update(mealCombos)
    .set(values)
    .where(and(eq(mealCombos.id, id), eq(mealCombos.mealId, mealId)))
    .returning({ id: mealCombos.id });
  return done.length > 0;
}

export async function insertSubitem(db: DbOrTx, values: typeof mealSubitems.$inferInsert) {
  await db.insert(mealSubitems).values(values);
}

export async function updateSubitem(
  db: DbOrTx,
  id: number,
  mealId: number,
  values: Partial<typeof mealSubitems.$inferInsert>,
) {
  const done = await db
    .update(mealSubitems)
    .set(values)
    .where(and(eq(mealSubitems.id, id), eq(mealSubitems.mealId, mealId)))
    .returning({ id: mealSubitems.id });
  return done.length > 0;
}

const WAITING: MealStatus = 'Waiting for review';

/** Everything waiting for review, with where it belongs. */
export async function waitingForReview(db: DbOrTx) {
  const base = (where: SQL) =>
    db
      .select({
        meal: meals,
        vendor: vendors.title,
        location: locations.name,
      })
      .from(meals)
      .innerJoin(vendors, eq(vendors.id, meals.vendorId))
      .innerJoin(locations, eq(locations.id, vendors.locationId))
      .where(where);
  const [waitingMeals, combos, subitems] = await Promise.all([
    base(eq(meals.status, WAITING)),
    db
      .select({ combo: mealCombos, meal: meals, vendor: vendors.title, location: locations.name })
      .from(mealCombos)
      .innerJoin(meals, eq(meals.id, mealCombos.mealId))
      .innerJoin(vendors, eq(vendors.id, meals.vendorId))
      .innerJoin(locations, eq(locations.id, vendors.locationId))
      .where(eq(mealCombos.status, WAITING)),
    db
      .select({ subitem: mealSubitems, meal: meals, vendor: vendors.title, location: locations.name })
      .from(mealSubitems)
      .innerJoin(meals, eq(meals.id, mealSubitems.mealId))
      .innerJoin(vendors, eq(vendors.id, meals.vendorId))
      .innerJoin(locations, eq(locations.id, vendors.locationId))
      .where(eq(mealSubitems.status, WAITING)),
  ]);
  return { waitingMeals, combos, subitems };
}

export async function findCombo(db: DbOrTx, id: number) {
  const [row] = await db.select().from(mealCombos).where(eq(mealCombos.id, id));
  return row ?? null;
}

export async function findSubitem(db: DbOrTx, id: number) {
  const [row] = await db.select().from(mealSubitems).where(eq(mealSubitems.id, id));
  return row ?? null;
}

// ---------------------------------------------------------------- change requests

export type ChangeRow = typeof menuChangeRequests.$inferSelect;

const requesterName = staffUsers.email;

/** The pending change of one item, locked until the transaction ends (FOR UPDATE). */
export async function pendingChangeFor(db: DbOrTx, kind: MenuChangeKind, targetId: number) {
  const [row] = await db
    .select()
    .from(menuChangeRequests)
    .where(
      and(
        eq(menuChangeRequests.kind, kind),
        eq(menuChangeRequests.targetId, targetId),
        eq(menuChangeRequests.status, 'pending'),
      ),
    )
    .for('update');
  return row ?? null;
}

/** Pending changes of these meals (and their combos and sub-items), with who asked. */
export async function pendingChangesOf(db: DbOrTx, mealIds: number[]) {
  if (mealIds.length === 0) return [];
  return db
    .select({ change: menuChangeRequests, requestedBy: requesterName })
    .from(menuChangeRequests)
    .leftJoin(staffUsers, eq(staffUsers.id, menuChangeRequests.requestedBy))
    .where(and(inArray(menuChangeRequests.mealId, mealIds), eq(menuChangeRequests.status, 'pending')))
    .orderBy(asc(menuChangeRequests.createdAt), asc(menuChangeRequests.id));
}

/** The latest decision (approved or rejected) per meal, on the meal or any of its combos and sub-items. */
export async function lastDecisionsOf(db: DbOrTx, mealIds: number[]) {
  if (mealIds.length === 0) return [];
  return db
    .selectDistinctOn([menuChangeRequests.mealId])
    .from(menuChangeRequests)
    .where(
      and(
        inArray(menuChangeRequests.mealId, mealIds),
        inArray(menuChangeRequests.status, ['approved', 'rejected']),
      ),
    )
    .orderBy(
      asc(menuChangeRequests.mealId),
      desc(menuChangeRequests.reviewedAt),
      desc(menuChangeRequests.id),
    );
}

export async function insertChange(db: DbOrTx, values: typeof menuChangeRequests.$inferInsert) {
  const [row] = await db.insert(menuChangeRequests).values(values).returning();
  return row!;
}

/** Closes a change request (superseded, approved or rejected). */
export async function closeChange(
  db: DbOrTx,
  id: number,
  values: {
    status: Exclude<MenuChangeStatus, 'pending'>;
    reviewedBy?: number | null;
    reviewedAt?: Date;
    reason?: string;
  },
) {
  await db.update(menuChangeRequests).set(values).where(eq(menuChangeRequests.id, id));
}

/** Every pending change with its meal, brand, location and who asked (the review queue). */
export async function pendingChangesForReview(db: DbOrTx) {
  return db
    .select({
      change: menuChangeRequests,
      meal: meals,
      vendor: vendors.title,
      location: locations.name,
      requestedBy: requesterName,
    })
    .from(menuChangeRequests)
    .innerJoin(meals, eq(meals.id, menuChangeRequests.mealId))
    .innerJoin(vendors, eq(vendors.id, meals.vendorId))
    .innerJoin(locations, eq(locations.id, vendors.locationId))
    .leftJoin(staffUsers, eq(staffUsers.id, menuChangeRequests.requestedBy))
    .where(eq(menuChangeRequests.status, 'pending'));
}
