import {
  type AddComboSubitemRequest,
  type AddMenuRequest,
  type AdminMeal,
  DEFAULT_MEAL_CATEGORY_ID,
  MENU_MESSAGES,
  type MealStatus,
  toAmount,
  toFixedString,
  toMills,
  type UpdateMenuRequest,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor, StaffActor } from '../../http/actor.js';
import { forbidden, invalid, notFound, unavailable } from '../../http/errors.js';
import { ImageRejected, ImageStoreUnavailable, imageOrNull, storeUpload } from '../../integrations/images.js';
import { changeCatalog } from '../../lib/catalog-cache.js';
import * as q from './menus.queries.js';

const WAITING: MealStatus = 'Waiting for review';
const IMAGE_STORE_UNAVAILABLE =
  'The image could not be saved just now, so nothing was changed. Please try again in a moment.';

function staffOf(actor: Actor): StaffActor {
  if (actor.kind !== 'staff') throw forbidden('Staff only.');
  return actor.user;
}

const isSuperAdmin = (user: StaffActor) => user.roles.has('super_admin');

/** An operator works on their own location only. */
function ownLocation(user: StaffActor): number {
  if (user.locationId === null) throw forbidden('Your account is not linked to a location.');
  return user.locationId;
}

function checkLocation(user: StaffActor, locationId: number) {
  if (!isSuperAdmin(user) && ownLocation(user) !== locationId) {
    throw forbidden('This brand is not at your location.');
  }
}

const money = (text: string) => toAmount(toMills(text));

function presentMeal(meal: q.MealRow, combos: q.ComboRow[], subitems: q.SubitemRow[]): AdminMeal {
  return {
    id: meal.id,
    vendor_id: meal.vendorId,
    meal_name: meal.name,
    meal_price: money(meal.price),
    status: meal.status,
    description: meal.description,
    meal_image: imageOrNull(meal.image),
    category_id: meal.categoryId,
    meal_combo: combos
      .filter((c) => c.mealId === meal.id)
      .map((c) => ({ id: c.id, name: c.name, price: money(c.price), status: c.status })),
    meal_subitem: subitems
      .filter((s) => s.mealId === meal.id)
      .map((s) => ({ id: s.id, name: s.name, price: 0, status: s.status })),
    updated_at: meal.updatedAt.toISOString(),
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
  const { combos, subitems } = await q.extrasOf(
    app.db,
    mealRows.map((m) => m.id),
  );
  const menu = brands.map((b) => ({
    id: b.id,
    title: b.title,
    kitchaco: b.locationId,
    kitchaco__location: b.location,
    meals: mealRows.filter((m) => m.vendorId === b.id).map((m) => presentMeal(m, combos, subitems)),
  }));
  const waiting =
    mealRows.filter((m) => m.status === WAITING).length +
    combos.filter((c) => c.status === WAITING).length +
    subitems.filter((s) => s.status === WAITING).length;
  return {
    success: true as const,
    kitchaco_location: locationId === 'all' ? 0 : locationId,
    menu_details: menu,
    waiting_for_review: waiting,
  };
}

export async function categories(app: AppContext) {
  return { categories: (await q.listCategories(app.db)).map((c) => ({ id: c.id, title: c.title })) };
}

async function mealFor(db: DbOrTx, user: StaffActor, mealId: number) {
  const found = await q.findMeal(db, mealId);
  if (!found) throw notFound(`Meal ${mealId} does not exist.`);
  checkLocation(user, found.locationId);
  return found;
}

export async function specificMenuItem(app: AppContext, actor: Actor, mealId: number) {
  if (actor.kind === 'anonymous') return publishedMenuItem(app, mealId);
  const user = staffOf(actor);
  const found = await mealFor(app.db, user, mealId);
  const { combos, subitems } = await q.extrasOf(app.db, [mealId]);
  return {
    success: true as const,
    menu_item: {
      ...presentMeal(found.meal, combos, subitems),
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
  if (found?.meal.status !== 'Enabled' || !found.vendorActive) {
    throw notFound(`Meal ${mealId} does not exist.`);
  }
  const { combos, subitems } = await q.extrasOf(app.db, [mealId]);
  const enabled = <T extends { status: string }>(rows: T[]) => rows.filter((r) => r.status === 'Enabled');
  return {
    success: true as const,
    menu_item: {
      ...presentMeal(found.meal, enabled(combos), enabled(subitems)),
      vendor_title: found.vendorTitle,
      kitchaco: found.locationId,
    },
  };
}

/** The price-0 rule: an Enabled meal must cost something. */
function checkPrice(price: string, status: MealStatus, message: string) {
  if (status === 'Enabled' && toMills(price) <= 0) throw invalid(message, 'meal_price');
}

async function imagePath(app: AppContext, image: string | undefined): Promise<string | undefined> {
  if (image === undefined || image === '' || image === 'NULL') return undefined;
  try {
    return await storeUpload(app.adapters.images, image);
  } catch (error) {
    if (error instanceof ImageRejected) throw invalid(error.message, 'image');
    if (error instanceof ImageStoreUnavailable) {
      // Stored before the meal's transaction, so nothing of the meal has changed.
      app.log.error({ err: error }, 'meal image could not be stored');
      throw unavailable(IMAGE_STORE_UNAVAILABLE);
    }
    throw error;
  }
}

async function checkCategory(db: DbOrTx, categoryId: number | null | undefined) {
  if (categoryId !== null && categoryId !== undefined && !(await q.categoryExists(db, categoryId))) {
    throw invalid(`category ${categoryId} does not exist`, 'category_id');
  }
}

/**
 * Adds a meal to a brand. A super admin's meal has the status chosen (Enabled by default); an
 * operator's waits for review whatever was sent.
 */
export async function addMenu(app: AppContext, actor: Actor, input: AddMenuRequest) {
  const user = staffOf(actor);
  const brand = await q.findBrand(app.db, input.vendor_id);
  if (!brand) throw invalid(MENU_MESSAGES.selectBrand, 'vendor_id');
  checkLocation(user, brand.locationId);
  const status = isSuperAdmin(user) ? input.meal_status : WAITING;
  checkPrice(input.meal_price, status, MENU_MESSAGES.addPriceZero);
  await checkCategory(app.db, input.category_id);
  // The spec's default category (51) when none is chosen, if this catalogue has it.
  const categoryId =
    input.category_id ??
    ((await q.categoryExists(app.db, DEFAULT_MEAL_CATEGORY_ID)) ? DEFAULT_MEAL_CATEGORY_ID : null);
  const image = await imagePath(app, input.image);
  const now = app.clock.now();
  const meal = await changeCatalog(app, (tx) =>
    q.insertMeal(tx, {
      vendorId: brand.id,
      categoryId,
      name: input.meal_name,
      price: toFixedString(toMills(input.meal_price)),
      description: input.description,
      image: image ?? null,
      status,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return { success: true as const, meal_id: meal.id };
}

/**
 * Saves the edit form: the meal's fields, its image when a new one is sent, and its combos and
 * sub-items (an entry without id is new; entries not sent are left as they are). An operator's
 * change puts the meal, and every combo or sub-item they add or change, back in review.
 */
export async function updateMenu(app: AppContext, actor: Actor, input: UpdateMenuRequest) {
  const user = staffOf(actor);
  const item = input.menu_item;
  await mealFor(app.db, user, item.id);
  const admin = isSuperAdmin(user);
  const status = admin ? item.status : WAITING;
  checkPrice(item.meal_price, status, MENU_MESSAGES.updatePriceZero);
  await checkCategory(app.db, item.category_id);
  const image = await imagePath(app, input.image);
  const { combos, subitems } = await q.extrasOf(app.db, [item.id]);
  const now = app.clock.now();
  await changeCatalog(app, async (tx) => {
    await q.updateMeal(tx, item.id, {
      name: item.meal_name,
      price: toFixedString(toMills(item.meal_price)),
      description: item.description,
      status,
      ...(item.category_id !== undefined ? { categoryId: item.category_id } : {}),
      ...(image ? { image } : {}),
      updatedAt: now,
    });
    for (const combo of item.meal_combo ?? []) {
      const price = toFixedString(toMills(combo.price));
      if (!combo.id) {
        await q.insertCombo(tx, {
          mealId: item.id,
          name: combo.name,
          price,
          status: admin ? combo.status : WAITING,
        });
        continue;
      }
      const before = combos.find((c) => c.id === combo.id);
      if (!before) throw invalid(`combo ${combo.id} is not a combo of this meal`, 'meal_combo');
      const changed =
        before.name !== combo.name ||
        toMills(before.price) !== toMills(combo.price) ||
        before.status !== combo.status;
      if (!changed) continue;
      await q.updateCombo(tx, combo.id, item.id, {
        name: combo.name,
        price,
        status: admin ? combo.status : WAITING,
      });
    }
    for (const sub of item.meal_subitem ?? []) {
      if (!sub.id) {
        await q.insertSubitem(tx, { mealId: item.id, name: sub.name, status: admin ? sub.status : WAITING });
        continue;
      }
      const before = subitems.find((s) => s.id === sub.id);
      if (!before) throw invalid(`sub-item ${sub.id} is not a sub-item of this meal`, 'meal_subitem');
      if (before.name === sub.name && before.status === sub.status) continue;
      await q.updateSubitem(tx, sub.id, item.id, { name: sub.name, status: admin ? sub.status : WAITING });
    }
  });
  return { success: true as const };
}

/** The add dialog of the edit page: one combo (with a price) or one sub-item (always free). */
export async function addComboOrSubitem(app: AppContext, actor: Actor, input: AddComboSubitemRequest) {
  const user = staffOf(actor);
  await mealFor(app.db, user, input.meal_id);
  const status = isSuperAdmin(user) ? input.type_status : WAITING;
  await changeCatalog(app, async (tx) => {
    if (input.add_type === 'Combo') {
      await q.insertCombo(tx, {
        mealId: input.meal_id,
        name: input.type_name,
        price: toFixedString(toMills(input.type_price)),
        status,
      });
    } else {
      await q.insertSubitem(tx, { mealId: input.meal_id, name: input.type_name, status });
    }
    await q.updateMeal(tx, input.meal_id, { updatedAt: app.clock.now() });
  });
  return { success: true as const };
}

/** What operators changed and now waits for the super admin, oldest first. */
export async function reviewQueue(app: AppContext) {
  const { waitingMeals, combos, subitems } = await q.waitingForReview(app.db);
  const items = [
    ...waitingMeals.map((r) => ({
      kind: 'meal' as const,
      id: r.meal.id,
      meal_id: r.meal.id,
      meal_name: r.meal.name,
      name: r.meal.name,
      price: money(r.meal.price),
      vendor: r.vendor,
      kitchaco__location: r.location,
      updated_at: r.meal.updatedAt.toISOString(),
    })),
    ...combos.map((r) => ({
      kind: 'combo' as const,
      id: r.combo.id,
      meal_id: r.meal.id,
      meal_name: r.meal.name,
      name: r.combo.name,
      price: money(r.combo.price),
      vendor: r.vendor,
      kitchaco__location: r.location,
      updated_at: r.meal.updatedAt.toISOString(),
    })),
    ...subitems.map((r) => ({
      kind: 'subitem' as const,
      id: r.subitem.id,
      meal_id: r.meal.id,
      meal_name: r.meal.name,
      name: r.subitem.name,
      price: 0,
      vendor: r.vendor,
      kitchaco__location: r.location,
      updated_at: r.meal.updatedAt.toISOString(),
    })),
  ].sort((a, b) => a.updated_at.localeCompare(b.updated_at) || a.id - b.id);
  return { success: true as const, items };
}

/** The super admin's decision on one waiting meal, combo or sub-item. */
export async function reviewMenuItem(
  app: AppContext,
  input: { kind: 'meal' | 'combo' | 'subitem'; id: number; decision: 'Enabled' | 'Rejected' | 'Disabled' },
) {
  await changeCatalog(app, async (tx) => {
    if (input.kind === 'meal') {
      const found = await q.findMeal(tx, input.id);
      if (!found) throw notFound(`Meal ${input.id} does not exist.`);
      checkPrice(found.meal.price, input.decision, MENU_MESSAGES.updatePriceZero);
      await q.updateMeal(tx, input.id, { status: input.decision, updatedAt: app.clock.now() });
    } else if (input.kind === 'combo') {
      const combo = await q.findCombo(tx, input.id);
      if (!combo) throw notFound(`Combo ${input.id} does not exist.`);
      await q.updateCombo(tx, combo.id, combo.mealId, { status: input.decision });
    } else {
      const sub = await q.findSubitem(tx, input.id);
      if (!sub) throw notFound(`Sub-item ${input.id} does not exist.`);
      await q.updateSubitem(tx, sub.id, sub.mealId, { status: input.decision });
    }
  });
  return { success: true as const };
}
