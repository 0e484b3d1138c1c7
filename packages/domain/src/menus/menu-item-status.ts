import { MEAL_STATUSES, type MealStatus } from '../constants.js';

/**
 * The status of a meal, combo or sub-item as a small state machine. The statuses are
 * `MEAL_STATUSES` (constants.ts; the database's `meal_status` enum reuses the tuple):
 *
 * - a super admin sets any status, by editing or by deciding a review;
 * - an operator's addition, and their change of an item not on sale, waits for review in place
 *   (any status → Waiting for review);
 * - an operator's change of a live (Enabled) item is kept apart as a pending change request, and the
 *   item stays Enabled and on sale meanwhile (Enabled → Enabled);
 * - the review decides: Enabled (approve), Rejected (reject, with a reason) or Disabled (reject and
 *   take off sale).
 */

/** Who works on a menu: a super admin, or a location's operator. */
export type MenuEditor = 'admin' | 'operator';

export const ON_SALE = 'Enabled' satisfies MealStatus;
export const WAITING_FOR_REVIEW = 'Waiting for review' satisfies MealStatus;

/** The status customers see: only an Enabled item is on the menu. */
export const isOnSale = (status: MealStatus | string): boolean => status === ON_SALE;
export const isWaitingForReview = (status: MealStatus | string): boolean => status === WAITING_FOR_REVIEW;

/** The super admin's decisions in Menu Review, each a status the item gets. */
export const REVIEW_DECISIONS = ['Enabled', 'Rejected', 'Disabled'] as const satisfies readonly MealStatus[];
export type ReviewDecisionStatus = (typeof REVIEW_DECISIONS)[number];

/** A change request's life: pending until decided, or superseded by a newer one. */
export const MENU_CHANGE_STATUSES = ['pending', 'approved', 'rejected', 'superseded'] as const;
export type MenuChangeStatus = (typeof MENU_CHANGE_STATUSES)[number];

/** A decision in words (the audit log's summaries), and the state a pending change is closed in. */
export const REVIEW_DECISION_OUTCOMES: Record<
  ReviewDecisionStatus,
  { words: string; change: Extract<MenuChangeStatus, 'approved' | 'rejected'> }
> = {
  Enabled: { words: 'approved', change: 'approved' },
  Rejected: { words: 'rejected', change: 'rejected' },
  Disabled: { words: 'rejected and disabled', change: 'rejected' },
};

/** Enabled first, Disabled last; the two review states sit between them (the list's status sorts). */
export const MEAL_STATUS_ORDER: Record<MealStatus, number> = {
  Enabled: 0,
  'Waiting for review': 1,
  Rejected: 2,
  Disabled: 3,
};

/**
 * Whether an editor's save may move an item from one status to another. A super admin: any move.
 * An operator: to Waiting for review, or a live item kept live (its change waits apart).
 */
export function canMealStatusChange(from: MealStatus, to: MealStatus, editor: MenuEditor): boolean {
  if (editor === 'admin') return true;
  return to === WAITING_FOR_REVIEW || (isOnSale(from) && isOnSale(to));
}

/**
 * The status an editor's save writes: a super admin's choice, an operator's always waits for
 * review (whatever was sent).
 */
export const savedStatus = (editor: MenuEditor, requested: MealStatus): MealStatus =>
  editor === 'admin' ? requested : WAITING_FOR_REVIEW;

/** An operator's change of a live item is kept as a pending change; the live row stays on sale. */
export const changeWaitsApart = (editor: MenuEditor, current: MealStatus | string): boolean =>
  editor === 'operator' && isOnSale(current);

/**
 * Status choices of a form: a super admin editing may set any of the four, a super admin adding
 * chooses Enabled or Disabled, an operator only Waiting for review (the server forces it anyway).
 */
export function statusChoices(editor: MenuEditor, adding: boolean): readonly MealStatus[] {
  if (editor === 'operator') return [WAITING_FOR_REVIEW];
  return adding ? ['Enabled', 'Disabled'] : MEAL_STATUSES;
}
