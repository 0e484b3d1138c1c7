import {
  type AdminMeal,
  type MealStatus,
  type MenuChangeField,
  type MenuReviewDecision,
  type PendingMenuChange,
  toAmount,
  toMills,
  type MenuChangeValues as WireChangeValues,
} from '@kitchaco/domain';
import type { MenuChangeKind, MenuChangeValues } from '../../db/schema/index.js';
import { imageOrNull } from '../../integrations/images.js';
import type * as q from './menus.queries.js';
import { changedFields } from './menus.rules.js';

export type CategoryNames = ReadonlyMap<number, string>;

export function wireValues(v: MenuChangeValues, categories: CategoryNames): WireChangeValues {
  return {
    name: v.name,
    price: v.price === undefined ? 0 : toAmount(toMills(v.price)),
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

export function presentChange(
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

export function presentDecision(row: q.ChangeRow): MenuReviewDecision {
  return {
    id: row.id,
    kind: row.kind,
    name: row.after.name,
    decision: row.status === 'approved' ? 'approved' : 'rejected',
    reason: row.reason,
    reviewed_at: (row.reviewedAt ?? row.createdAt).toISOString(),
  };
}

export const changeKey = (kind: MenuChangeKind, id: number) => `${kind}:${id}`;

/** Pending changes and last decisions of some meals, for the staff reads. */
export interface ReviewState {
  pending: ReadonlyMap<string, PendingMenuChange>;
  last: ReadonlyMap<number, MenuReviewDecision>;
}

export function presentMeal(
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
    meal_price: toAmount(toMills(meal.price)),
    status: meal.status,
    description: meal.description,
    meal_image: imageOrNull(meal.image),
    category_id: meal.categoryId,
    meal_combo: combos
      .filter((c) => c.mealId === meal.id)
      .map((c) => ({
        id: c.id,
        name: c.name,
        price: toAmount(toMills(c.price)),
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

/** A brand of the management view with its meals in any status. */
export function presentBrand(
  brand: Awaited<ReturnType<typeof q.brandsOf>>[number],
  mealRows: q.MealRow[],
  combos: q.ComboRow[],
  subitems: q.SubitemRow[],
  review: ReviewState,
) {
  return {
    id: brand.id,
    title: brand.title,
    kitchaco: brand.locationId,
    kitchaco__location: brand.location,
    meals: mealRows
      .filter((m) => m.vendorId === brand.id)
      .map((m) => presentMeal(m, combos, subitems, review)),
  };
}

export const presentCategory = (c: { id: number; title: string }) => ({ id: c.id, title: c.title });

/** A pending change of a live item as the review queue lists it: live values beside the proposed ones. */
export function presentQueuedChange(
  r: Awaited<ReturnType<typeof q.pendingChangesForReview>>[number],
  categories: CategoryNames,
) {
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
}

/** An item waiting in place as the review queue lists it. */
export function presentWaitingItem(
  kind: MenuChangeKind,
  id: number,
  r: { meal: q.MealRow; vendor: string; location: string },
  values: MenuChangeValues,
  categories: CategoryNames,
) {
  return {
    kind,
    id,
    meal_id: r.meal.id,
    meal_name: r.meal.name,
    name: values.name,
    price: values.price === undefined ? 0 : toAmount(toMills(values.price)),
    vendor: r.vendor,
    kitchaco__location: r.location,
    updated_at: r.meal.updatedAt.toISOString(),
    // Nothing of it is live: a new item (or one not on sale) waits in place.
    change_id: null,
    before: null,
    after: wireValues(values, categories),
    changed: [] as MenuChangeField[],
  };
}
