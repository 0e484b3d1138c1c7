import {
  type AddComboSubitemRequest,
  type AddMenuRequest,
  changeWaitsApart,
  DEFAULT_MEAL_CATEGORY_ID,
  isOnSale,
  MENU_MESSAGES,
  ON_SALE,
  savedStatus,
  toFixedString,
  toMills,
  type UpdateMenuRequest,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { MenuChangeKind, MenuChangeValues } from '../../db/schema/index.js';
import type { Actor, StaffActor } from '../../http/actor.js';
import { conflict, invalid, unavailable } from '../../http/errors.js';
import { ImageRejected, ImageStoreUnavailable, storeUpload } from '../../integrations/images.js';
import { changeCatalog } from '../../lib/catalog-cache.js';
import { checkLocation, editorOf, mealFor, staffOf } from './menu-access.js';
import { auditMeal, mealRecord } from './menu-audit.js';
import * as q from './menus.queries.js';
import { checkPrice, comboValues, mealValues, sameValues, subitemValues } from './menus.rules.js';

/** Editing menus: a meal added, a meal saved with its combos and sub-items, a combo or sub-item added. */

const CHANGE_RACE = 'Another change of this meal was saved at the same moment. Please reload and try again.';
const IMAGE_STORE_UNAVAILABLE =
  'The image could not be saved just now, so nothing was changed. Please try again in a moment.';

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
  const status = savedStatus(editorOf(user), input.meal_status);
  checkPrice(input.meal_price, status, MENU_MESSAGES.addPriceZero);
  await checkCategory(app.db, input.category_id);
  // The spec's default category (51) when none is chosen, if this catalogue has it.
  const categoryId =
    input.category_id ??
    ((await q.categoryExists(app.db, DEFAULT_MEAL_CATEGORY_ID)) ? DEFAULT_MEAL_CATEGORY_ID : null);
  const image = await imagePath(app, input.image);
  const now = app.clock.now();
  const meal = await changeCatalog(app, async (tx) => {
    const added = await q.insertMeal(tx, {
      vendorId: brand.id,
      categoryId,
      name: input.meal_name,
      price: toFixedString(toMills(input.meal_price)),
      description: input.description,
      image: image ?? null,
      status,
      createdAt: now,
      updatedAt: now,
    });
    await auditMeal(tx, added.id, null, (name) => `Meal ${name} added to ${brand.title} (${status})`);
    return added;
  });
  return { success: true as const, meal_id: meal.id };
}

/**
 * Saves the edit form: the meal's fields, its image when a new one is sent, and its combos and
 * sub-items (an entry without id is new; entries not sent are left as they are). A super admin's
 * save is live. An operator's change of a live (Enabled) meal, combo or sub-item is kept as a
 * pending change and the live row stays on sale; their other changes wait for review in place.
 * Everything of one save is written in one transaction.
 */
export async function updateMenu(app: AppContext, actor: Actor, input: UpdateMenuRequest) {
  const user = staffOf(actor);
  const item = input.menu_item;
  const found = await mealFor(app.db, user, item.id);
  const editor = editorOf(user);
  const admin = editor === 'admin';
  const live = isOnSale(found.meal.status);
  const status = savedStatus(editor, item.status);
  // An operator's change of a live meal stays Enabled once approved: the price-0 rule applies now.
  checkPrice(item.meal_price, admin || !live ? status : ON_SALE, MENU_MESSAGES.updatePriceZero);
  await checkCategory(app.db, item.category_id);
  const image = await imagePath(app, input.image);
  const { combos, subitems } = await q.extrasOf(app.db, [item.id]);
  const now = app.clock.now();
  const fields = {
    name: item.meal_name,
    price: toFixedString(toMills(item.meal_price)),
    description: item.description,
  };
  try {
    await changeCatalog(app, async (tx) => {
      const before = await mealRecord(tx, item.id);
      await saveMeal(tx);
      await auditMeal(tx, item.id, before, (name) =>
        admin ? `Meal ${name} saved` : `Meal ${name}: changes sent for review`,
      );
    });
  } catch (error) {
    // Two saves of the same item at once: the unique index allows one pending change per item.
    if (isUniqueViolation(error)) throw conflict(CHANGE_RACE);
    throw error;
  }
  return { success: true as const };

  async function saveMeal(tx: DbOrTx) {
    if (changeWaitsApart(editor, found.meal.status)) {
      const pending = await q.pendingChangeFor(tx, 'meal', item.id);
      const current = mealValues(found.meal);
      await proposeChange(tx, user, now, {
        kind: 'meal',
        targetId: item.id,
        mealId: item.id,
        live: current,
        pending,
        proposed: {
          ...fields,
          category_id: item.category_id !== undefined ? item.category_id : current.category_id,
          // No new image: the one of the change being edited, else the live one.
          image: image ?? (pending ? pending.after.image : current.image) ?? null,
          status: ON_SALE,
        },
      });
    } else {
      await q.updateMeal(tx, item.id, {
        ...fields,
        status,
        ...(item.category_id !== undefined ? { categoryId: item.category_id } : {}),
        ...(image ? { image } : {}),
        updatedAt: now,
      });
    }
    for (const combo of item.meal_combo ?? []) {
      const price = toFixedString(toMills(combo.price));
      if (!combo.id) {
        await q.insertCombo(tx, {
          mealId: item.id,
          name: combo.name,
          price,
          status: savedStatus(editor, combo.status),
        });
        continue;
      }
      const before = combos.find((c) => c.id === combo.id);
      if (!before) throw invalid(`combo ${combo.id} is not a combo of this meal`, 'meal_combo');
      if (changeWaitsApart(editor, before.status)) {
        await proposeChange(tx, user, now, {
          kind: 'combo',
          targetId: combo.id,
          mealId: item.id,
          live: comboValues(before),
          pending: await q.pendingChangeFor(tx, 'combo', combo.id),
          proposed: { name: combo.name, price, status: ON_SALE },
        });
        continue;
      }
      const changed =
        before.name !== combo.name ||
        toMills(before.price) !== toMills(combo.price) ||
        before.status !== combo.status;
      if (!changed) continue;
      await q.updateCombo(tx, combo.id, item.id, {
        name: combo.name,
        price,
        status: savedStatus(editor, combo.status),
      });
    }
    for (const sub of item.meal_subitem ?? []) {
      if (!sub.id) {
        await q.insertSubitem(tx, {
          mealId: item.id,
          name: sub.name,
          status: savedStatus(editor, sub.status),
        });
        continue;
      }
      const before = subitems.find((s) => s.id === sub.id);
      if (!before) throw invalid(`sub-item ${sub.id} is not a sub-item of this meal`, 'meal_subitem');
      if (changeWaitsApart(editor, before.status)) {
        await proposeChange(tx, user, now, {
          kind: 'subitem',
          targetId: sub.id,
          mealId: item.id,
          live: subitemValues(before),
          pending: await q.pendingChangeFor(tx, 'subitem', sub.id),
          proposed: { name: sub.name, status: ON_SALE },
        });
        continue;
      }
      if (before.name === sub.name && before.status === sub.status) continue;
      await q.updateSubitem(tx, sub.id, item.id, { name: sub.name, status: savedStatus(editor, sub.status) });
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * An operator's change of a live item, inside the save's transaction (`tx`; an audit record of
 * the request belongs here). Values equal to the pending change: nothing to do. Equal to the live
 * ones: the pending change is withdrawn (superseded). Otherwise a new pending change replaces it.
 */
async function proposeChange(
  tx: DbOrTx,
  user: StaffActor,
  now: Date,
  change: {
    kind: MenuChangeKind;
    targetId: number;
    mealId: number;
    live: MenuChangeValues;
    pending: q.ChangeRow | null;
    proposed: MenuChangeValues;
  },
): Promise<'kept' | 'withdrawn' | 'unchanged' | 'proposed'> {
  const { pending, live, proposed } = change;
  if (pending && sameValues(pending.after, proposed)) return 'kept';
  if (pending) await q.closeChange(tx, pending.id, { status: 'superseded' });
  if (sameValues(live, proposed)) return pending ? 'withdrawn' : 'unchanged';
  await q.insertChange(tx, {
    kind: change.kind,
    targetId: change.targetId,
    mealId: change.mealId,
    before: live,
    after: proposed,
    status: 'pending',
    requestedBy: user.id,
    createdAt: now,
  });
  return 'proposed';
}

/** The add dialog of the edit page: one combo (with a price) or one sub-item (always free). */
export async function addComboOrSubitem(app: AppContext, actor: Actor, input: AddComboSubitemRequest) {
  const user = staffOf(actor);
  await mealFor(app.db, user, input.meal_id);
  const status = savedStatus(editorOf(user), input.type_status);
  await changeCatalog(app, async (tx) => {
    const before = await mealRecord(tx, input.meal_id);
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
    await auditMeal(
      tx,
      input.meal_id,
      before,
      (name) => `Meal ${name}: ${input.add_type} ${input.type_name} added`,
    );
  });
  return { success: true as const };
}
