import { z } from 'zod';
import { MEAL_STATUSES } from '../constants.js';
import { amount, dbId, locationChoice, MAX_INT32, textOrNull, wholeNumber } from '../wire/wire.js';
import { REVIEW_DECISIONS } from './menu-item-status.js';

/**
 * Wire contracts of menu management (super admin and operator) on the admin data endpoint.
 * Names and messages are the spec's. An operator's additions and changes always wait for review.
 */

const id = dbId;
const count = z.number().int();

export const MENU_MESSAGES = {
  addPriceZero: 'Error! Meal item cannot be added when the price = 0 and status = enabled.',
  updatePriceZero: 'Error! Meal item cannot be updated with the price = 0 and status = enabled.',
  selectBrand: 'Please select ateleast 1 brand before adding the menu',
  selectBrandAndRetry: 'Please select a brand and try again.',
  addedAdmin: 'Add successfully! You can add combo and subitems. Do you want to add combo and subitems now?',
  addedOperator: 'Add successfully! You can add combo and subitems in the next step',
  addMore: 'Updated Successfully! Do you want to add more items?',
  updated: 'Updated successfully',
  added: 'Added successfully',
  noResults: 'No results',
} as const;

/** Largest image accepted, decoded (the spec sends base64). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Images are resized to fit within this width and height. */
export const IMAGE_MAX_SIDE = 1200;

export const mealStatus = z.enum(MEAL_STATUSES);
/** A price a client sends (a number or its text, "18.00"): exact decimal text, 2 decimals at most. */
const price = amount({ min: 0, max: 10_000, decimals: 2 });
const name = z.string().trim().min(1, 'name is required').max(120, 'name is at most 120 characters');

/** A base64 image as the spec sends it (a data URL prefix is accepted); '' or 'NULL' = no change. */
export const imageUpload = z
  .string()
  .max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 200, 'the image is larger than 5 MB');

/** What a change request (or a review decision) is about. */
export const menuChangeKind = z.enum(['meal', 'combo', 'subitem']);
export type MenuChangeKind = z.infer<typeof menuChangeKind>;
/** The fields compared in a review, in the order the review shows them. */
export const MENU_CHANGE_FIELDS = ['name', 'price', 'description', 'category', 'status', 'image'] as const;
export const menuChangeField = z.enum(MENU_CHANGE_FIELDS);
export type MenuChangeField = z.infer<typeof menuChangeField>;

/**
 * The values of a meal, combo or sub-item on one side of a change: a meal has every field, a combo
 * name, price and status, a sub-item name, price (always 0) and status.
 */
export const menuChangeValues = z.object({
  name: z.string(),
  price: z.number(),
  description: z.string().optional(),
  category_id: count.nullable().optional(),
  /** The category's title, for people. */
  category: z.string().nullable().optional(),
  image: z.string().nullable().optional(),
  status: mealStatus,
});
export type MenuChangeValues = z.infer<typeof menuChangeValues>;

/**
 * An operator's change of a live meal, combo or sub-item, waiting for review: customers still see
 * the live version (`before`) until it is approved.
 */
export const pendingMenuChange = z.object({
  /** The change request (`change_id` of review_menu_item). */
  id: count,
  kind: menuChangeKind,
  before: menuChangeValues,
  after: menuChangeValues,
  /** The fields that differ. */
  changed: z.array(menuChangeField),
  requested_by: z.string(),
  created_at: z.string(),
});
export type PendingMenuChange = z.infer<typeof pendingMenuChange>;

/** The last decision on an operator's change or addition of this meal (or of its combos and sub-items). */
export const menuReviewDecision = z.object({
  id: count,
  kind: menuChangeKind,
  /** The item's name as proposed. */
  name: z.string(),
  decision: z.enum(['approved', 'rejected']),
  /** Why it was rejected ('' when none was given). */
  reason: z.string(),
  reviewed_at: z.string(),
});
export type MenuReviewDecision = z.infer<typeof menuReviewDecision>;

export const adminCombo = z.object({
  id: count,
  name: z.string(),
  price: z.number(),
  status: mealStatus,
  /** An operator's change waiting for review; the values above stay live until it is approved. */
  pending_change: pendingMenuChange.optional(),
});
export const adminSubitem = z.object({
  id: count,
  name: z.string(),
  /** Sub-items are free: always 0.00. */
  price: z.number(),
  status: mealStatus,
  pending_change: pendingMenuChange.optional(),
});
export const adminMeal = z.object({
  id: count,
  vendor_id: count,
  meal_name: z.string(),
  meal_price: z.number(),
  status: mealStatus,
  description: z.string(),
  meal_image: z.string().nullable(),
  category_id: count.nullable(),
  meal_combo: z.array(adminCombo),
  meal_subitem: z.array(adminSubitem),
  updated_at: z.string(),
  /** Sold out until then (ISO; set with set_meal_sold_out, no review); null: on sale. */
  sold_out_until: z.string().nullable().optional(),
  /** An operator's change of this (live) meal waiting for review; the values above stay live meanwhile. */
  pending_change: pendingMenuChange.optional(),
  /** The last review decision on this meal, its combos or sub-items (staff reads only). */
  last_review: menuReviewDecision.optional(),
});
export type AdminMeal = z.infer<typeof adminMeal>;

export const adminMenuRequest = z.object({
  /** A location (0 = all for the super admin); an operator always gets their own. */
  kitchaco_location: locationChoice(-1),
});
export const adminBrand = z.object({
  id: count,
  title: z.string(),
  kitchaco: count,
  kitchaco__location: z.string(),
  meals: z.array(adminMeal),
});
export type AdminBrand = z.infer<typeof adminBrand>;
export const adminMenuResponse = z.object({
  success: z.literal(true),
  kitchaco_location: count,
  menu_details: z.array(adminBrand),
  /** Meals, combos and sub-items waiting for review in this menu. */
  waiting_for_review: count,
});

export const categoriesResponse = z.object({
  categories: z.array(z.object({ id: count, title: z.string() })),
});

export const specificMenuItemRequest = z.object({
  meal_id: id,
  /** The spec's menu page inside the mobile app: a published meal, read without signing in. */
  app_view: z.boolean().optional(),
});
export const specificMenuItemResponse = z.object({
  success: z.literal(true),
  menu_item: adminMeal.extend({ vendor_title: z.string(), kitchaco: count }),
});

/** A combo or sub-item as the edit form sends it: id 0 (or absent) adds a new one. */
const editCombo = z.object({ id: wholeNumber(0).optional(), name, price, status: mealStatus });
const editSubitem = z.object({ id: wholeNumber(0).optional(), name, status: mealStatus });

export const updateMenuRequest = z.object({
  menu_item: z.object({
    id,
    meal_name: name,
    meal_price: price,
    status: mealStatus,
    description: textOrNull(1000),
    category_id: id.nullable().optional(),
    meal_combo: z.array(editCombo).max(50).optional(),
    meal_subitem: z.array(editSubitem).max(50).optional(),
  }),
  image: imageUpload.optional(),
});
export type UpdateMenuRequest = z.infer<typeof updateMenuRequest>;

export const addComboSubitemRequest = z.object({
  meal_id: id,
  add_type: z.enum(['Combo', 'SubItem']),
  type_name: name,
  type_price: price.default('0'),
  type_status: mealStatus.default('Enabled'),
});
export type AddComboSubitemRequest = z.infer<typeof addComboSubitemRequest>;

export const addMenuRequest = z.object({
  meal_name: name,
  meal_status: mealStatus.default('Enabled'),
  meal_price: price,
  description: textOrNull(1000),
  image: imageUpload.optional(),
  /** Any missing or impossible brand (the operator form sends -1 when none is chosen): the spec's message. */
  vendor_id: z.union([z.number(), z.string()], { error: MENU_MESSAGES.selectBrand }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
    if (Number.isInteger(n) && n >= 1 && n <= MAX_INT32) return n;
    ctx.addIssue({ code: 'custom', message: MENU_MESSAGES.selectBrand });
    return z.NEVER;
  }),
  category_id: id.optional(),
});
export type AddMenuRequest = z.infer<typeof addMenuRequest>;
export const addMenuResponse = z.object({ success: z.literal(true), meal_id: count });
export const menuSuccessResponse = z.object({ success: z.literal(true) });

/** What waits for the super admin's review, across every location. */
export const reviewQueueResponse = z.object({
  success: z.literal(true),
  items: z.array(
    z.object({
      kind: z.enum(['meal', 'combo', 'subitem']),
      id: count,
      meal_id: count,
      meal_name: z.string(),
      name: z.string(),
      price: z.number(),
      vendor: z.string(),
      kitchaco__location: z.string(),
      updated_at: z.string(),
      /**
       * The change request when a live item was changed (send it back as `change_id`); null for a
       * new item (or one not on sale) waiting in place.
       */
      change_id: count.nullable().optional(),
      /** The live values (what customers see now); null when nothing of it is live. */
      before: menuChangeValues.nullable().optional(),
      /** The values proposed (what customers see once approved). */
      after: menuChangeValues.optional(),
      /** The fields that differ between before and after. */
      changed: z.array(menuChangeField).optional(),
      requested_by: z.string().optional(),
    }),
  ),
});
/** The longest rejection reason kept. */
export const MAX_REVIEW_REASON = 500;
export const reviewMenuItemRequest = z.object({
  kind: menuChangeKind,
  id,
  decision: z.enum(REVIEW_DECISIONS),
  /** Why it is rejected, shown to the operator; optional for old clients (then ''). */
  reason: z
    .string()
    .trim()
    .max(MAX_REVIEW_REASON, `The reason is at most ${MAX_REVIEW_REASON} characters`)
    .optional(),
  /** The change decided, as the queue showed it: a newer change of the item answers 409. */
  change_id: id.optional(),
});
