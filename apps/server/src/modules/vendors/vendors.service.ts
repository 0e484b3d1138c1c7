import {
  type FeedPost,
  nextSlot,
  openAt,
  PICKUP_ESTIMATE_SEARCH_SLOTS,
  pickupEstimate,
  slotOf,
  type Vendor,
  type VendorMenu,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { changeCatalog } from '../../lib/catalog-cache.js';
import { recordAudit } from '../audit/audit.record.js';
import { slotLoad } from '../kitchen/capacity.js';
import { locationScheduleData, presentSchedule, scheduleOf } from '../kitchen/schedules.js';
import {
  presentMealCombos,
  presentMenuMeal,
  presentPost,
  presentVendor,
  type VendorRow,
} from './vendors.presenter.js';
import * as q from './vendors.queries.js';

/** Items promised per slot at each location, over the slots a pickup estimate may look at. */
async function loadsOf(app: AppContext, places: VendorRow['place'][], now: Date) {
  const first = slotOf(now);
  const last = nextSlot(first, PICKUP_ESTIMATE_SEARCH_SLOTS + 2);
  // A kitchen without a capacity has room in every slot: its load is not read.
  const loads = await Promise.all(
    places.map((p) =>
      p.slotCapacityItems === null ? new Map<number, number>() : slotLoad(app.db, p.id, first, last),
    ),
  );
  return new Map(places.map((p, i) => [p.id, loads[i]!]));
}

async function presentVendors(app: AppContext, rows: VendorRow[]): Promise<Vendor[]> {
  const places = [...new Map(rows.map((r) => [r.place.id, r.place])).values()];
  const vendorIds = rows.map((r) => r.vendor.id);
  const now = app.clock.now();
  const [kitchens, prices, loads, ...data] = await Promise.all([
    q.kitchensOfVendors(app.db, vendorIds),
    q.enabledMealPrices(app.db, vendorIds),
    loadsOf(app, places, now),
    ...places.map((p) => locationScheduleData(app, p.id)),
  ]);
  const dataOf = new Map(places.map((p, i) => [p.id, data[i]!]));
  const pricesOf = new Map<number, typeof prices>();
  for (const p of prices) pricesOf.set(p.vendorId, [...(pricesOf.get(p.vendorId) ?? []), p]);
  const estimate = (place: VendorRow['place'], vendorId: number) => {
    const schedules = [
      scheduleOf(place, dataOf.get(place.id)!, null),
      scheduleOf(place, dataOf.get(place.id)!, vendorId),
    ];
    return pickupEstimate({
      now,
      capacity: place.slotCapacityItems,
      load: loads.get(place.id)!,
      busyUntil: place.busyUntil,
      open: (at) => openAt(at, ...schedules),
    });
  };
  return rows.map((row) =>
    presentVendor(row, {
      kitchens,
      schedule: presentSchedule(row.place, dataOf.get(row.place.id)!, row.vendor.id, now),
      prices: pricesOf.get(row.vendor.id) ?? [],
      pickupEstimate: estimate(row.place, row.vendor.id),
    }),
  );
}

export async function listVendors(app: AppContext, locationId?: number): Promise<Vendor[]> {
  return presentVendors(app, await q.listVendorRows(app.db, locationId));
}

export async function vendorFilters(app: AppContext) {
  return { Kitchen: await q.listKitchens(app.db) };
}

/** A vendor's menu as customers see it: only Enabled meals, combos and sub-items. */
export async function vendorMenu(app: AppContext, vendorId: number): Promise<VendorMenu> {
  const rows = (await q.listVendorRows(app.db)).filter((r) => r.vendor.id === vendorId);
  const [vendor] = await presentVendors(app, rows);
  if (!vendor) throw notFound('This restaurant is not available.');
  const mealRows = await q.enabledMeals(app.db, vendorId);
  const now = app.clock.now();
  const ids = mealRows.map((m) => m.meal.id);
  const [combos, subitems] = await Promise.all([
    q.enabledCombos(app.db, ids),
    q.enabledSubitems(app.db, ids),
  ]);
  const meals = mealRows.map((row) => presentMenuMeal(row, combos, subitems, now));
  return { vendor, meals };
}

export async function listFeed(app: AppContext, limit: number): Promise<FeedPost[]> {
  return (await q.listFeedPosts(app.db, limit)).map(presentPost);
}

export async function addFeedPost(
  app: AppContext,
  input: { title: string; body: string; link?: string | undefined; image?: string | undefined },
) {
  const post = await changeCatalog(app, async (tx) => {
    const added = await q.insertFeedPost(tx, {
      title: input.title,
      body: input.body,
      link: input.link ?? null,
      image: input.image ?? null,
      publishedAt: app.clock.now(),
    });
    await recordAudit(tx, {
      entityId: added.id,
      locationId: null,
      summary: `Feed post published: ${added.title}`,
      before: null,
      after: presentPost(added),
    });
    return added;
  });
  return { success: true as const, post: presentPost(post) };
}

export async function removeFeedPost(app: AppContext, id: number) {
  await changeCatalog(app, async (tx) => {
    const removed = await q.deleteFeedPost(tx, id);
    if (!removed) throw notFound('No such post.');
    await recordAudit(tx, {
      entityId: id,
      locationId: null,
      summary: `Feed post removed: ${removed.title}`,
      before: presentPost(removed),
      after: null,
    });
  });
  return { success: true as const };
}

/** meal-combo: a meal on sale with its Enabled combos and sub-items; 404 for any other. */
export async function mealCombos(app: AppContext, mealId: number) {
  const meal = (await mealsForPricing(app, [mealId])).get(mealId);
  if (!meal) throw notFound(`Meal ${mealId} is not on sale.`);
  return presentMealCombos(meal, app.clock.now());
}

/** Enabled meals of active vendors, with their Enabled combos and sub-items, for pricing a cart. */
export async function mealsForPricing(
  app: AppContext,
  mealIds: number[],
): Promise<Map<number, q.PricingMeal>> {
  return app.catalog.valuesById('pricing-meal', mealIds, (missing) => q.mealsForPricing(app.db, missing));
}
