import { isOnSale, isWaitingForReview } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { invalid, notFound } from '../../http/errors.js';
import { isSuperAdmin, mealFor, ownLocation, staffOf } from './menu-access.js';
import {
  type CategoryNames,
  changeKey,
  presentBrand,
  presentCategory,
  presentChange,
  presentDecision,
  presentMeal,
  type ReviewState,
} from './menus.presenter.js';
import * as q from './menus.queries.js';

/** Reading menus: the management view, one meal (for staff, or as anyone may see it), categories. */

export async function categoryNames(db: DbOrTx): Promise<CategoryNames> {
  return new Map((await q.listCategories(db)).map((c) => [c.id, c.title]));
}

async function reviewStateOf(db: DbOrTx, mealIds: number[]): Promise<ReviewState> {
  const [pendingRows, decided, categories] = await Promise.all([
    q.pendingChangesOf(db, mealIds),
    q.lastDecisionsOf(db, mealIds),
    categoryNames(db),
  ]);
  return {
    pending: new Map(
      pendingRows.map((r) => [
        changeKey(r.change.kind, r.change.targetId),
        presentChange(r.change, r.requestedBy, categories),
      ]),
    ),
    last: new Map(decided.map((r) => [r.mealId, presentDecision(r)])),
  };
}

/** The brands of a location with every meal in any status (the management view). */
export async function adminMenu(app: AppContext, actor: Actor, requested: number) {
  const user = staffOf(actor);
  let locationId: number | 'all';
  if (!isSuperAdmin(user)) locationId = ownLocation(user);
  else if (requested === 0) locationId = 'all';
  else if (requested > 0) locationId = requested;
  else throw invalid('kitchaco_location must be 0 (all) or a location id', 'kitchaco_location');
  const brands = await q.brandsOf(app.db, locationId);
  const mealRows = await q.mealsOfBrands(
    app.db,
    brands.map((b) => b.id),
  );
  const mealIds = mealRows.map((m) => m.id);
  const [{ combos, subitems }, review] = await Promise.all([
    q.extrasOf(app.db, mealIds),
    reviewStateOf(app.db, mealIds),
  ]);
  const menu = brands.map((b) => presentBrand(b, mealRows, combos, subitems, review));
  const waiting =
    review.pending.size +
    mealRows.filter((m) => isWaitingForReview(m.status)).length +
    combos.filter((c) => isWaitingForReview(c.status)).length +
    subitems.filter((s) => isWaitingForReview(s.status)).length;
  return {
    success: true as const,
    kitchaco_location: locationId === 'all' ? 0 : locationId,
    menu_details: menu,
    waiting_for_review: waiting,
  };
}

export async function categories(app: AppContext) {
  return { categories: (await q.listCategories(app.db)).map(presentCategory) };
}

export async function specificMenuItem(app: AppContext, actor: Actor, mealId: number) {
  if (actor.kind === 'anonymous') return publishedMenuItem(app, mealId);
  const user = staffOf(actor);
  const found = await mealFor(app.db, user, mealId);
  const [{ combos, subitems }, review] = await Promise.all([
    q.extrasOf(app.db, [mealId]),
    reviewStateOf(app.db, [mealId]),
  ]);
  return {
    success: true as const,
    menu_item: {
      ...presentMeal(found.meal, combos, subitems, review),
      vendor_title: found.vendorTitle,
      kitchaco: found.locationId,
    },
  };
}

/**
 * A meal as anyone may see it (app_view, not signed in): only an Enabled meal of an active brand,
 * with its Enabled combos and sub-items; anything else is "not found", whatever it is.
 */
async function publishedMenuItem(app: AppContext, mealId: number) {
  const found = await q.findMeal(app.db, mealId);
  if (!found || !isOnSale(found.meal.status) || !found.vendorActive) {
    throw notFound(`Meal ${mealId} does not exist.`);
  }
  const { combos, subitems } = await q.extrasOf(app.db, [mealId]);
  const enabled = <T extends { status: string }>(rows: T[]) => rows.filter((r) => isOnSale(r.status));
  return {
    success: true as const,
    menu_item: {
      ...presentMeal(found.meal, enabled(combos), enabled(subitems)),
      vendor_title: found.vendorTitle,
      kitchaco: found.locationId,
    },
  };
}
