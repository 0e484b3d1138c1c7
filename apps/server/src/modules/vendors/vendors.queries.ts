import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
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
    .select({
      vendor: vendors,
      locationAddress: locations.address,
      place: {
        id: locations.id,
        timeZone: locations.timeZone,
        openingHours: locations.openingHours,
        slotCapacityItems: locations.slotCapacityItems,
        busyUntil: locations.busyUntil,
      },
    })
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

/** Prices of the Enabled meals of some vendors, with their category's title (for price levels). */
export function enabledMealPrices(db: DbOrTx, vendorIds: number[]) {
  if (vendorIds.length === 0) return Promise.resolve([]);
  return db
    .select({ vendorId: meals.vendorId, price: meals.price, category: mealCategories.title })
    .from(meals)
    .leftJoin(mealCategories, eq(mealCategories.id, meals.categoryId))
    .where(and(inArray(meals.vendorId, vendorIds), eq(meals.status, 'Enabled')));
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

export interface PricingMeal {
  id: number;
  name: string;
  price: string;
  vendorId: number;
  vendorTitle: string;
  locationId: number;
  /** Sold out until then (ISO), or null. */
  soldOutUntil: string | null;
  combos: { id: number; name: string; price: string }[];
  subitems: { id: number; name: string }[];
}

/**
 * Enabled meals of active vendors by id, each with its Enabled combos and sub-items, for pricing a
 * cart: one round trip, as a checkout waits on it.
 */
export async function mealsForPricing(db: DbOrTx, mealIds: number[]): Promise<PricingMeal[]> {
  if (mealIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT m.id, m.name, m.price::text AS price, v.id AS "vendorId", v.title AS "vendorTitle",
      v.location_id AS "locationId",
      to_char(m.sold_out_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "soldOutUntil",
      coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'price', c.price::text) ORDER BY c.id)
        FROM meal_combos c WHERE c.meal_id = m.id AND c.status = 'Enabled'), '[]') AS combos,
      coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.id)
        FROM meal_subitems s WHERE s.meal_id = m.id AND s.status = 'Enabled'), '[]') AS subitems
    FROM meals m JOIN vendors v ON v.id = m.vendor_id
    WHERE m.id IN (${sql.join(
      mealIds.map((id) => sql`${id}`),
      sql`, `,
    )}) AND m.status = 'Enabled' AND v.is_active`);
  return (result as unknown as { rows: PricingMeal[] }).rows;
}

export function listFeedPosts(db: DbOrTx, limit: number) {
  return db.select().from(feedPosts).orderBy(desc(feedPosts.publishedAt), desc(feedPosts.id)).limit(limit);
}

export async function insertFeedPost(db: DbOrTx, row: typeof feedPosts.$inferInsert) {
  const [post] = await db.insert(feedPosts).values(row).returning();
  return post!;
}

/** Removes a post; answers it as it was, or null when there was none. */
export async function deleteFeedPost(db: DbOrTx, id: number) {
  const [removed] = await db.delete(feedPosts).where(eq(feedPosts.id, id)).returning();
  return removed ?? null;
}
