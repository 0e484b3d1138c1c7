import {
  isWaitingForReview,
  MENU_MESSAGES,
  type MealStatus,
  REVIEW_DECISION_OUTCOMES,
  type ReviewDecisionStatus,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { MenuChangeKind, MenuChangeValues } from '../../db/schema/index.js';
import type { Actor, StaffActor } from '../../http/actor.js';
import { conflict, notFound } from '../../http/errors.js';
import { changeCatalog } from '../../lib/catalog-cache.js';
import { staffOf } from './menu-access.js';
import { auditMeal, mealRecord } from './menu-audit.js';
import { categoryNames } from './menu-reading.service.js';
import { presentQueuedChange, presentWaitingItem } from './menus.presenter.js';
import * as q from './menus.queries.js';
import { changedFields, checkPrice, comboValues, mealValues, subitemValues } from './menus.rules.js';

/** Menu Review: the queue of what operators added or changed, and the super admin's decisions. */

const CHANGE_REPLACED =
  'This change was replaced by a newer one, or already decided. The review queue has been read again.';

/** What operators changed and now waits for the super admin, oldest first, before and after. */
export async function reviewQueue(app: AppContext) {
  const [{ waitingMeals, combos, subitems }, changes, categories] = await Promise.all([
    q.waitingForReview(app.db),
    q.pendingChangesForReview(app.db),
    categoryNames(app.db),
  ]);
  const items = [
    ...changes.map((r) => presentQueuedChange(r, categories)),
    ...waitingMeals.map((r) => presentWaitingItem('meal', r.meal.id, r, mealValues(r.meal), categories)),
    ...combos.map((r) => presentWaitingItem('combo', r.combo.id, r, comboValues(r.combo), categories)),
    ...subitems.map((r) =>
      presentWaitingItem('subitem', r.subitem.id, r, subitemValues(r.subitem), categories),
    ),
  ].sort((a, b) => a.updated_at.localeCompare(b.updated_at) || a.id - b.id);
  return { success: true as const, items };
}

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
    decision: ReviewDecisionStatus;
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
    const verdict = REVIEW_DECISION_OUTCOMES[input.decision].words;
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
  decision: ReviewDecisionStatus,
  reason: string,
) {
  const closed = { reviewedBy: reviewer.id, reviewedAt: now };
  const outcome = REVIEW_DECISION_OUTCOMES[decision].change;
  if (outcome !== 'approved') {
    await q.closeChange(tx, change.id, { status: outcome, reason, ...closed });
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
  await q.closeChange(tx, change.id, { status: outcome, ...closed });
}

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
  input: { kind: MenuChangeKind; id: number; decision: ReviewDecisionStatus },
  reason: string,
) {
  let record: { mealId: number; values: MenuChangeValues; waiting: boolean };
  if (input.kind === 'meal') {
    const found = await q.findMeal(tx, input.id);
    if (!found) throw notFound(`Meal ${input.id} does not exist.`);
    checkPrice(found.meal.price, input.decision, MENU_MESSAGES.updatePriceZero);
    await q.updateMeal(tx, input.id, { status: input.decision, updatedAt: now });
    record = {
      mealId: input.id,
      values: mealValues(found.meal),
      waiting: isWaitingForReview(found.meal.status),
    };
  } else if (input.kind === 'combo') {
    const combo = await q.findCombo(tx, input.id);
    if (!combo) throw notFound(`Combo ${input.id} does not exist.`);
    await q.updateCombo(tx, combo.id, combo.mealId, { status: input.decision });
    record = { mealId: combo.mealId, values: comboValues(combo), waiting: isWaitingForReview(combo.status) };
  } else {
    const sub = await q.findSubitem(tx, input.id);
    if (!sub) throw notFound(`Sub-item ${input.id} does not exist.`);
    await q.updateSubitem(tx, sub.id, sub.mealId, { status: input.decision });
    record = { mealId: sub.mealId, values: subitemValues(sub), waiting: isWaitingForReview(sub.status) };
  }
  if (!record.waiting) return;
  await q.insertChange(tx, {
    kind: input.kind,
    targetId: input.id,
    mealId: record.mealId,
    before: null,
    after: record.values,
    status: REVIEW_DECISION_OUTCOMES[input.decision].change,
    reviewedBy: reviewer.id,
    reviewedAt: now,
    reason,
    createdAt: now,
  });
}
