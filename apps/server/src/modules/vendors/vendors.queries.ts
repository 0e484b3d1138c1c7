import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  feedPosts,
  kitchens,
  locations,
  mealCategories,
  mealCombos,
  mealSubitems,
  meals,
  vendorKitchens,
  vendors,
} from '../../db/schema/index.js';

export function listVendorRows(db: DbOrTx, locationId?: number) {
  return db
    .select({ vendor: vendors, locationAddress: locations.address })
    .from(vendors)
    .innerJoin(locations, eq(locations.id, vendors.locationId))
    .where(
      and(
        eq(vendors.isActive, true),
        eq(locations.isActive, true),
        locationId === undefined ? undefined : eq(vendors.locationId, locationId),
      ),
    )
    .orderBy(asc(vendors.id));
}

export function kitchensOfVendors(db: DbOrTx, vendorIds: number[]) {
  if (vendorIds.length === 0) return Promise.resolve([]);
  return db
    .select({ vendorId: vendorKitchens.vendorId, id: kitchens.id, title: kitchens.title })
    .from(vendorKitchens)
    .innerJoin(kitchens, eq(kitchens.id, vendorKitchens.kitchenId))
    .where(inArray(vendorKitchens.vendorId, vendorIds))
    .orderBy(asc(kitchens.title));
}

export function listKitchens(db: DbOrTx) {
  return db.select({ id: kitchens.id, title: kitchens.title }).from(kitchens).orderBy(asc(kitchens.title));
}

/** Enabled meals of a vendor with their category. */
export function enabledMeals(db: DbOrTx, vendorId: number) {
  return db
    .select({ meal: meals, categoryTitle: mealCategories.title })
    .from(meals)
    .leftJoin(mealCategories, eq(mealCategories.id, meals.categoryId))
    .where(and(eq(meals.vendorId, vendorId), eq(meals.status, 'Enabled')))
    .orderBy(asc(meals.categoryId), asc(meals.name));
}

export function enabledCombos(db: DbOrTx, mealIds: number[]) {
  if (mealIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(mealCombos)
    .where(and(inArray(mealCombos.mealId, mealIds), eq(mealCombos.status, 'Enabled')))
    .orderBy(asc(mealCombos.id));
}

export function enabledSubitems(db: DbOrTx, mealIds: number[]) {
  if (mealIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(mealSubitems)
    .where(and(inArray(mealSubitems.mealId, mealIds), eq(mealSubitems.status, 'Enabled')))
    .orderBy(asc(mealSubitems.id));
}

/** Enabled meals by id, with their vendor, for pricing a cart. */
export function mealsForPricing(db: DbOrTx, mealIds: number[]) {
  if (mealIds.length === 0) return Promise.resolve([]);
  return db
    .select({ meal: meals, vendor: vendors })
    .from(meals)
    .innerJoin(vendors, eq(vendors.id, meals.vendorId))
    .where(and(inArray(meals.id, mealIds), eq(meals.status, 'Enabled'), eq(vendors.isActive, true)));
}

export function listFeedPosts(db: DbOrTx, limit: number) {
  return db.select().from(feedPosts).orderBy(desc(feedPosts.publishedAt), desc(feedPosts.id)).limit(limit);
}

export async function insertFeedPost(db: DbOrTx, row: typeof feedPosts.$inferInsert) {
  const [post] = await db.insert(feedPosts).values(row).returning();
  return post!;
}

export async function deleteFeedPost(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(feedPosts).where(eq(feedPosts.id, id)).returning({ id: feedPosts.id })).length > 0;
}
