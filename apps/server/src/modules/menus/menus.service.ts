import {
  type AddComboSubitemRequest,
  type AddMenuRequest,
  type AdminMeal,
  DEFAULT_MEAL_CATEGORY_ID,
  MENU_MESSAGES,
  type MealStatus,
  type MenuChangeField,
  type MenuReviewDecision,
  type PendingMenuChange,
  toAmount,
  toFixedString,
  toMills,
  type UpdateMenuRequest,
  type MenuChangeValues as WireChangeValues,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { MenuChangeKind, MenuChangeValues } from '../../db/schema/index.js';
import type { Actor, StaffActor } from '../../http/actor.js';
import { conflict, forbidden, invalid, notFound, unavailable } from '../../http/errors.js';
import { ImageRejected, ImageStoreUnavailable, imageOrNull, storeUpload } from '../../integrations/images.js';
import { changeCatalog } from '../../lib/catalog-cache.js';
import { changedFields as auditDiff, recordAudit } from '../audit/audit.record.js';
import * as q from './menus.queries.js';

const WAITING: MealStatus = 'Waiting for review';
const CHANGE_REPLACED =
  'This change was replaced by a newer one, or already decided. The review queue has been read again.';
const CHANGE_RACE = 'Another change of this meal was saved at the same moment. Please reload and try again.';
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

// ---------------------------------------------------------------- change values

/** A live meal's values as a change request keeps them. */
function mealValues(meal: q.MealRow): MenuChangeValues {
  return {
    name: meal.name,
    price: toFixedString(toMills(meal.price)),
    description: meal.description,
    category_id: meal.categoryId,
    image: imageOrNull(meal.image),
    status: meal.status,
  };
}
const comboValues = (c: q.ComboRow): MenuChangeValues => ({
  name: c.name,
  price: toFixedString(toMills(c.price)),
  status: c.status,
});
const subitemValues = (s: q.SubitemRow): MenuChangeValues => ({ name: s.name, status: s.status });

/** The fields where two sets of values differ, in the review's order. */
function changedFields(before: MenuChangeValues, after: MenuChangeValues): MenuChangeField[] {
  const changed: MenuChangeField[] = [];
  if (before.name !== after.name) changed.push('name');
  if (toMills(before.price ?? '0') !== toMills(after.price ?? '0')) changed.push('price');
  if ((before.description ?? '') !== (after.description ?? '')) changed.push('description');
  if ((before.category_id ?? null) !== (after.category_id ?? null)) changed.push('category');
  if (before.status !== after.status) changed.push('status');
  if ((before.image ?? null) !== (after.image ?? null)) changed.push('image');
  return changed;
}
const sameValues = (a: MenuChangeValues, b: MenuChangeValues) => changedFields(a, b).length === 0;

type CategoryNames = ReadonlyMap<number, string>;

async function categoryNames(db: DbOrTx): Promise<CategoryNames> {
  return new Map((await q.listCategories(db)).map((c) => [c.id, c.title]));
}

function wireValues(v: MenuChangeValues, categories: CategoryNames): WireChangeValues {
  return {
    name: v.name,
    price: v.price === undefined ? 0 : money(v.price),
    ...(v.description !== undefined ? { description: v.description } : {}),
    ...(v.category_id !== undefined
      ? {
          category_id: v.category_id,
          category: v.category_id === null ? null : (categories.get(v.category_id) ?? null),
        }
      : {}),
    ...(v.image !== undefined ? { image: imageOrNull(v.image) } : {}),
    status: v.status as MealStatus,
  };
}

function presentChange(
  row: q.ChangeRow,
  requestedBy: string | null,
  categories: CategoryNames,
): PendingMenuChange {
  // A pending change always has its before (the live values); new items wait in place instead.
  const before = row.before ?? row.after;
  return {
    id: row.id,
    kind: row.kind,
    before: wireValues(before, categories),
    after: wireValues(row.after, categories),
    changed: changedFields(before, row.after),
    requested_by: requestedBy ?? '',
    created_at: row.createdAt.toISOString(),
  };
}

function presentDecision(row: q.ChangeRow): MenuReviewDecision {
  return {
    id: row.id,
    kind: row.kind,
    name: row.after.name,
    decision: row.status === 'approved' ? 'approved' : 'rejected',
    reason: row.reason,
    reviewed_at: (row.reviewedAt ?? row.createdAt).toISOString(),
  };
}

const changeKey = (kind: MenuChangeKind, id: number) => `${kind}:${id}`;

/** Pending changes and last decisions of some meals, for the staff reads. */
interface ReviewState {
  pending: ReadonlyMap<string, PendingMenuChange>;
  last: ReadonlyMap<number, MenuReviewDecision>;
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

function presentMeal(
  meal: q.MealRow,
  combos: q.ComboRow[],
  subitems: q.SubitemRow[],
  review?: ReviewState,
): AdminMeal {
  const pendingOf = (kind: MenuChangeKind, id: number) => {
    const change = review?.pending.get(changeKey(kind, id));
    return change ? { pending_change: change } : {};
  };
  const last = review?.last.get(meal.id);
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
      .map((c) => ({
        id: c.id,
        name: c.name,
        price: money(c.price),
        status: c.status,
        ...pendingOf('combo', c.id),
      })),
    meal_subitem: subitems
      .filter((s) => s.mealId === meal.id)
      .map((s) => ({ id: s.id, name: s.name, price: 0, status: s.status, ...pendingOf('subitem', s.id) })),
    updated_at: meal.updatedAt.toISOString(),
    sold_out_until: meal.soldOutUntil?.toISOString() ?? null,
    ...pendingOf('meal', meal.id),
    ...(last ? { last_review: last } : {}),
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
  const menu = brands.map((b) => ({
    id: b.id,
    title: b.title,
    kitchaco: b.locationId,
    kitchaco__location: b.location,
    meals: mealRows.filter((m) => m.vendorId === b.id).map((m) => presentMeal(m, combos, subitems, review)),
  }));
  const waiting =
    review.pending.size +
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

/** A meal as the audit log keeps it: its fields, combos, sub-items and pending changes. */
async function mealRecord(db: DbOrTx, mealId: number) {
  const found = await q.findMeal(db, mealId);
  if (!found) return null;
  const [{ combos, subitems }, pending] = await Promise.all([
    q.extrasOf(db, [mealId]),
    q.pendingChangesOf(db, [mealId]),
  ]);
  return {
    locationId: found.locationId,
    values: {
      ...mealValues(found.meal),
      combos: combos.map((c) => ({ id: c.id, name: c.name, price: c.price, status: c.status })),
      subitems: subitems.map((x) => ({ id: x.id, name: x.name, status: x.status })),
      pending_changes: pending.map(({ change: c }) => ({ kind: c.kind, id: c.targetId, after: c.after })),
    },
  };
}

/** Records what one menu write did to a meal, read before and after it in its transaction. */
async function auditMeal(
  tx: DbOrTx,
  mealId: number,
  before: Awaited<ReturnType<typeof mealRecord>>,
  summary: (name: string) => string,
  action?: string,
) {
  const after = await mealRecord(tx, mealId);
  const name = after?.values.name ?? before?.values.name ?? `#${mealId}`;
  const diff =
    before && after
      ? auditDiff(before.values, after.values)
      : { before: before?.values ?? null, after: after?.values ?? null };
  await recordAudit(tx, {
    entityId: mealId,
    locationId: (after ?? before)?.locationId ?? null,
    summary: summary(name),
    ...diff,
    ...(action ? { action } : {}),
  });
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
  const admin = isSuperAdmin(user);
  const live = found.meal.status === 'Enabled';
  const status = admin ? item.status : WAITING;
  // An operator's change of a live meal stays Enabled once approved: the price-0 rule applies now.
  checkPrice(item.meal_price, admin || !live ? status : 'Enabled', MENU_MESSAGES.updatePriceZero);
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
    if (!admin && live) {
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
          status: 'Enabled',
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
          status: admin ? combo.status : WAITING,
        });
        continue;
      }
      const before = combos.find((c) => c.id === combo.id);
      if (!before) throw invalid(`combo ${combo.id} is not a combo of this meal`, 'meal_combo');
      if (!admin && before.status === 'Enabled') {
        await proposeChange(tx, user, now, {
          kind: 'combo',
          targetId: combo.id,
          mealId: item.id,
          live: comboValues(before),
          pending: await q.pendingChangeFor(tx, 'combo', combo.id),
          proposed: { name: combo.name, price, status: 'Enabled' },
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
        status: admin ? combo.status : WAITING,
      });
    }
    for (const sub of item.meal_subitem ?? []) {
      if (!sub.id) {
        await q.insertSubitem(tx, {
          mealId: item.id,
          name: sub.name,
          status: admin ? sub.status : WAITING,
        });
        continue;
      }
      const before = subitems.find((s) => s.id === sub.id);
      if (!before) throw invalid(`sub-item ${sub.id} is not a sub-item of this meal`, 'meal_subitem');
      if (!admin && before.status === 'Enabled') {
        await proposeChange(tx, user, now, {
          kind: 'subitem',
          targetId: sub.id,
          mealId: item.id,
          live: subitemValues(before),
          pending: await q.pendingChangeFor(tx, 'subitem', sub.id),
          proposed: { name: sub.name, status: 'Enabled' },
        });
        continue;
      }
      if (before.name === sub.name && before.status === sub.status) continue;
      await q.updateSubitem(tx, sub.id, item.id, { name: sub.name, status: admin ? sub.status : WAITING });
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
  const status = isSuperAdmin(user) ? input.type_status : WAITING;
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

/** What operators changed and now waits for the super admin, oldest first, before and after. */
export async function reviewQueue(app: AppContext) {
  const [{ waitingMeals, combos, subitems }, changes, categories] = await Promise.all([
    q.waitingForReview(app.db),
    q.pendingChangesForReview(app.db),
    categoryNames(app.db),
  ]);
  const inPlace = (
    kind: MenuChangeKind,
    id: number,
    r: { meal: q.MealRow; vendor: string; location: string },
    values: MenuChangeValues,
  ) => ({
    kind,
    id,
    meal_id: r.meal.id,
    meal_name: r.meal.name,
    name: values.name,
    price: values.price === undefined ? 0 : money(values.price),
    vendor: r.vendor,
    kitchaco__location: r.location,
    updated_at: r.meal.updatedAt.toISOString(),
    // Nothing of it is live: a new item (or one not on sale) waits in place.
    change_id: null,
    before: null,
    after: wireValues(values, categories),
    changed: [] as MenuChangeField[],
  });
  const items = [
    ...changes.map((r) => {
      const change = presentChange(r.change, r.requestedBy, categories);
      return {
        kind: r.change.kind,
        id: r.change.targetId,
        meal_id: r.meal.id,
        meal_name: r.meal.name,
        name: change.after.name,
        price: change.after.price,
        vendor: r.vendor,
        kitchaco__location: r.location,
        updated_at: change.created_at,
        change_id: change.id,
        before: change.before,
        after: change.after,
        changed: change.changed,
        requested_by: change.requested_by,
      };
    }),
    ...waitingMeals.map((r) => inPlace('meal', r.meal.id, r, mealValues(r.meal))),
    ...combos.map((r) => inPlace('combo', r.combo.id, r, comboValues(r.combo))),
    ...subitems.map((r) => inPlace('subitem', r.subitem.id, r, subitemValues(r.subitem))),
  ].sort((a, b) => a.updated_at.localeCompare(b.updated_at) || a.id - b.id);
  return { success: true as const, items };
}

type Decision = 'Enabled' | 'Rejected' | 'Disabled';

/**
 * The super admin's decision on one waiting meal, combo or sub-item, in one transaction that
 * announces the catalogue change. A pending change of a live item: Enabled applies it to the live
 * row, Rejected keeps the live row (with the reason for the operator), Disabled rejects it and
 * takes the item off sale. An item waiting in place gets the status decided, as before.
 */
export async function reviewMenuItem(
  app: AppContext,
  actor: Actor,
  input: {
    kind: MenuChangeKind;
    id: number;
    decision: Decision;
    reason?: string | undefined;
    change_id?: number | undefined;
  },
) {
  const reviewer = staffOf(actor);
  const now = app.clock.now();
  const reason = input.decision === 'Enabled' ? '' : (input.reason ?? '');
  await changeCatalog(app, async (tx) => {
    const pending = await q.pendingChangeFor(tx, input.kind, input.id);
    if (input.change_id !== undefined && pending?.id !== input.change_id) throw conflict(CHANGE_REPLACED);
    const mealId = pending?.mealId ?? (await mealOfItem(tx, input.kind, input.id));
    const before = mealId === null ? null : await mealRecord(tx, mealId);
    if (pending) await decideChange(tx, reviewer, now, pending, input.decision, reason);
    else await decideInPlace(tx, reviewer, now, input, reason);
    if (mealId === null) return;
    const what = input.kind === 'meal' ? '' : ` (${input.kind} ${input.id})`;
    const verdict = DECISION_WORDS[input.decision];
    await auditMeal(
      tx,
      mealId,
      before,
      (name) => `Meal ${name}${what}: ${pending ? 'change ' : ''}${verdict}${reason ? `: ${reason}` : ''}`,
      `menu.review_${verdict.split(' ')[0]}`,
    );
  });
  return { success: true as const };
}

/** A pending change decided (`tx`: the review's transaction; an audit record belongs here). */
async function decideChange(
  tx: DbOrTx,
  reviewer: StaffActor,
  now: Date,
  change: q.ChangeRow,
  decision: Decision,
  reason: string,
) {
  const closed = { reviewedBy: reviewer.id, reviewedAt: now };
  if (decision !== 'Enabled') {
    await q.closeChange(tx, change.id, { status: 'rejected', reason, ...closed });
    if (decision === 'Disabled') await setStatus(tx, change.kind, change.targetId, 'Disabled', now);
    return;
  }
  // Only the fields the operator changed: a super admin's edit of another field meanwhile stays.
  const after = change.after;
  const fields = new Set(changedFields(change.before ?? after, after));
  const common = {
    ...(fields.has('name') ? { name: after.name } : {}),
    ...(fields.has('status') ? { status: after.status as MealStatus } : {}),
  };
  const price = fields.has('price') && after.price !== undefined ? { price: after.price } : {};
  if (change.kind === 'meal') {
    const found = await q.findMeal(tx, change.targetId);
    if (!found) throw notFound(`Meal ${change.targetId} does not exist.`);
    const patch = {
      ...common,
      ...price,
      ...(fields.has('description') ? { description: after.description ?? '' } : {}),
      ...(fields.has('category') ? { categoryId: after.category_id ?? null } : {}),
      ...(fields.has('image') ? { image: after.image ?? null } : {}),
    };
    checkPrice(
      patch.price ?? found.meal.price,
      patch.status ?? found.meal.status,
      MENU_MESSAGES.updatePriceZero,
    );
    await q.updateMeal(tx, change.targetId, { ...patch, updatedAt: now });
  } else if (change.kind === 'combo') {
    const found = await q.updateCombo(tx, change.targetId, change.mealId, { ...common, ...price });
    if (!found && Object.keys({ ...common, ...price }).length > 0) {
      throw notFound(`Combo ${change.targetId} does not exist.`);
    }
  } else if (Object.keys(common).length > 0) {
    if (!(await q.updateSubitem(tx, change.targetId, change.mealId, common))) {
      throw notFound(`Sub-item ${change.targetId} does not exist.`);
    }
  }
  await q.closeChange(tx, change.id, { status: 'approved', ...closed });
}

const DECISION_WORDS: Record<Decision, string> = {
  Enabled: 'approved',
  Rejected: 'rejected',
  Disabled: 'rejected and disabled',
};

/** The meal a meal, combo or sub-item belongs to; null when there is none. */
async function mealOfItem(tx: DbOrTx, kind: MenuChangeKind, id: number): Promise<number | null> {
  if (kind === 'meal') return id;
  const item = kind === 'combo' ? await q.findCombo(tx, id) : await q.findSubitem(tx, id);
  return item?.mealId ?? null;
}

async function setStatus(tx: DbOrTx, kind: MenuChangeKind, id: number, status: MealStatus, now: Date) {
  if (kind === 'meal') await q.updateMeal(tx, id, { status, updatedAt: now });
  else if (kind === 'combo') {
    const combo = await q.findCombo(tx, id);
    if (combo) await q.updateCombo(tx, id, combo.mealId, { status });
  } else {
    const sub = await q.findSubitem(tx, id);
    if (sub) await q.updateSubitem(tx, id, sub.mealId, { status });
  }
}

/**
 * An item waiting in place (new, or changed while not on sale) gets the status decided. A decision
 * on a waiting item is kept as a closed change request (before: null) so the operator reads the
 * reason (`tx`: the review's transaction; an audit record belongs here).
 */
async function decideInPlace(
  tx: DbOrTx,
  reviewer: StaffActor,
  now: Date,
  input: { kind: MenuChangeKind; id: number; decision: Decision },
  reason: string,
) {
  let record: { mealId: number; values: MenuChangeValues; waiting: boolean };
  if (input.kind === 'meal') {
    const found = await q.findMeal(tx, input.id);
    if (!found) throw notFound(`Meal ${input.id} does not exist.`);
    checkPrice(found.meal.price, input.decision, MENU_MESSAGES.updatePriceZero);
    await q.updateMeal(tx, input.id, { status: input.decision, updatedAt: now });
    record = { mealId: input.id, values: mealValues(found.meal), waiting: found.meal.status === WAITING };
  } else if (input.kind === 'combo') {
    const combo = await q.findCombo(tx, input.id);
    if (!combo) throw notFound(`Combo ${input.id} does not exist.`);
    await q.updateCombo(tx, combo.id, combo.mealId, { status: input.decision });
    record = { mealId: combo.mealId, values: comboValues(combo), waiting: combo.status === WAITING };
  } else {
    const sub = await q.findSubitem(tx, input.id);
    if (!sub) throw notFound(`Sub-item ${input.id} does not exist.`);
    await q.updateSubitem(tx, sub.id, sub.mealId, { status: input.decision });
    record = { mealId: sub.mealId, values: subitemValues(sub), waiting: sub.status === WAITING };
  }
  if (!record.waiting) return;
  await q.insertChange(tx, {
    kind: input.kind,
    targetId: input.id,
    mealId: record.mealId,
    before: null,
    after: record.values,
    status: input.decision === 'Enabled' ? 'approved' : 'rejected',
    reviewedBy: reviewer.id,
    reviewedAt: now,
    reason,
    createdAt: now,
  });
}
