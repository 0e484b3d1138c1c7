import { type FeedPost, type MenuMeal, priceLevel, toAmount, toMills, type Vendor } from '@kitchaco/domain';
import type { feedPosts } from '../../db/schema/index.js';
import { imageOrNull } from '../../integrations/images.js';
import type * as q from './vendors.queries.js';

export type VendorRow = Awaited<ReturnType<typeof q.listVendorRows>>[number];
type MealRow = Awaited<ReturnType<typeof q.enabledMeals>>[number];
type ComboRow = Awaited<ReturnType<typeof q.enabledCombos>>[number];
type SubitemRow = Awaited<ReturnType<typeof q.enabledSubitems>>[number];
type PriceRow = Awaited<ReturnType<typeof q.enabledMealPrices>>[number];

/** A meal's sold-out end as customers see it: null once passed (docs/kitchen.md). */
const soldOut = (until: Date | string | null, now: Date) =>
  until && new Date(until).getTime() > now.getTime() ? new Date(until).toISOString() : null;

/** A vendor as the customer's list shows it, with what was worked out for it. */
export function presentVendor(
  { vendor, locationAddress }: VendorRow,
  extras: {
    kitchens: readonly { id: number; title: string; vendorId: number }[];
    schedule: Vendor['schedule'];
    prices: readonly PriceRow[];
    pickupEstimate: Vendor['pickup_estimate'];
  },
): Vendor {
  return {
    id: vendor.id,
    title: vendor.title,
    address: vendor.address,
    logo: imageOrNull(vendor.logo),
    image: imageOrNull(vendor.image),
    description: vendor.description,
    kitchaco: { id: vendor.locationId, location: locationAddress },
    kitchens: extras.kitchens.filter((k) => k.vendorId === vendor.id).map(({ id, title }) => ({ id, title })),
    schedule: extras.schedule,
    price_level: priceLevel(extras.prices.map((m) => ({ price: toMills(m.price), category: m.category }))),
    pickup_estimate: extras.pickupEstimate,
  };
}

/** A meal of a vendor's menu as customers see it, with its Enabled combos and sub-items. */
export function presentMenuMeal(
  { meal, categoryTitle }: MealRow,
  combos: readonly ComboRow[],
  subitems: readonly SubitemRow[],
  now: Date,
): MenuMeal {
  return {
    id: meal.id,
    meal_name: meal.name,
    meal_price: toAmount(toMills(meal.price)),
    description: meal.description,
    meal_image: imageOrNull(meal.image),
    category:
      meal.categoryId !== null && categoryTitle ? { id: meal.categoryId, title: categoryTitle } : null,
    meal_combo: combos
      .filter((c) => c.mealId === meal.id)
      .map((c) => ({ id: c.id, name: c.name, price: toAmount(toMills(c.price)) })),
    meal_subitem: subitems.filter((s) => s.mealId === meal.id).map((s) => ({ id: s.id, name: s.name })),
    sold_out_until: soldOut(meal.soldOutUntil, now),
  };
}

export function presentPost(p: typeof feedPosts.$inferSelect): FeedPost {
  return {
    id: p.id,
    title: p.title,
    body: p.body,
    image: imageOrNull(p.image),
    link: p.link,
    published_at: p.publishedAt.toISOString(),
  };
}

/** meal-combo's answer: a meal on sale with its Enabled combos and sub-items. */
export function presentMealCombos(meal: q.PricingMeal, now: Date) {
  return {
    success: true as const,
    meal_id: meal.id,
    meal_combo: meal.combos.map((c) => ({ id: c.id, name: c.name, price: toAmount(toMills(c.price)) })),
    meal_subitem: meal.subitems.map((s) => ({ id: s.id, name: s.name })),
    sold_out_until: soldOut(meal.soldOutUntil, now),
  };
}
