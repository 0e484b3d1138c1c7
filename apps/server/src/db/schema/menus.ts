import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { mealStatusEnum, money } from './enums.js';
import { staffUsers } from './staff.js';
import { vendors } from './vendors.js';

export const mealCategories = pgTable('meal_categories', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
});

export const meals = pgTable(
  'meals',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    categoryId: integer('category_id').references(() => mealCategories.id),
    name: text('name').notNull(),
    price: money('price').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    status: mealStatusEnum('status').notNull().default('Enabled'),
    /**
     * "Sold out": not on sale until this instant (set from the kitchen display or the menu screen,
     * without review); null or past: on sale.
     */
    soldOutUntil: timestamp('sold_out_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meals_vendor_idx').on(t.vendorId)],
);

/** A paid extra; several may be chosen, each multiplied by the quantity. */
export const mealCombos = pgTable(
  'meal_combos',
  {
    id: serial('id').primaryKey(),
    mealId: integer('meal_id')
      .notNull()
      .references(() => meals.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: money('price').notNull().default('0'),
    status: mealStatusEnum('status').notNull().default('Enabled'),
  },
  (t) => [index('meal_combos_meal_idx').on(t.mealId)],
);

/** A pick-one choice at no extra cost. */
export const mealSubitems = pgTable(
  'meal_subitems',
  {
    id: serial('id').primaryKey(),
    mealId: integer('meal_id')
      .notNull()
      .references(() => meals.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: mealStatusEnum('status').notNull().default('Enabled'),
  },
  (t) => [index('meal_subitems_meal_idx').on(t.mealId)],
);

/** What a change request is about. */
export type MenuChangeKind = 'meal' | 'combo' | 'subitem';
/** pending: waits for review; superseded: replaced by a newer change of the same item (or withdrawn). */
export type MenuChangeStatus = 'pending' | 'approved' | 'rejected' | 'superseded';
/**
 * The values of a meal, combo or sub-item as a change request keeps them (prices as exact text,
 * "12.50"). A meal has every field; a combo name, price and status; a sub-item name and status.
 */
export interface MenuChangeValues {
  name: string;
  price?: string;
  description?: string;
  category_id?: number | null;
  image?: string | null;
  status: string;
}

/**
 * An operator's change of a live meal, combo or sub-item, kept apart from the live row until a
 * super admin decides: the live row stays on sale meanwhile. At most one pending change per item.
 * Also the record of decisions on new items (then `before` is null): the operator reads the reason.
 */
export const menuChangeRequests = pgTable(
  'menu_change_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<MenuChangeKind>().notNull(),
    /** The meal, combo or sub-item changed. */
    targetId: integer('target_id').notNull(),
    /** The meal it belongs to (the meal itself for a meal). */
    mealId: integer('meal_id')
      .notNull()
      .references(() => meals.id, { onDelete: 'cascade' }),
    /** The live values when the change was asked for; null for a new item. */
    before: jsonb('before').$type<MenuChangeValues>(),
    /** The values proposed. */
    after: jsonb('after').$type<MenuChangeValues>().notNull(),
    status: text('status').$type<MenuChangeStatus>().notNull().default('pending'),
    requestedBy: integer('requested_by').references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: integer('reviewed_by').references(() => staffUsers.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Why it was rejected ('' when no reason was given). */
    reason: text('reason').notNull().default(''),
  },
  (t) => [
    index('menu_change_requests_meal_idx').on(t.mealId, t.createdAt),
    index('menu_change_requests_status_idx').on(t.status, t.createdAt),
    uniqueIndex('menu_change_requests_one_pending_idx')
      .on(t.kind, t.targetId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
