import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, money3, quantity, stockItemStatusEnum, stockOrderStatusEnum } from './enums.js';
import { locations } from './locations.js';
import { meals } from './menus.js';
import { staffUsers } from './staff.js';

/** Unit of a stock item ("kg", "box of 50", "bottle"). `wholeUnits` = quantities must be integers. */
export const stockUnits = pgTable('stock_units', {
  id: serial('id').primaryKey(),
  qtyType: text('qty_type').notNull().unique(),
  wholeUnits: boolean('whole_units').notNull().default(true),
});

/**
 * A stock list item of one location: its own price, par and status. The same product at several
 * locations is one row per location sharing a name ("change all locations" updates them together).
 */
export const stockListItems = pgTable(
  'stock_list_items',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    name: text('name').notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => stockUnits.id),
    price: money('price').notNull(),
    par: quantity('par').notNull().default('0'),
    hasGst: boolean('has_gst').notNull().default(true),
    hasExpiry: boolean('has_expiry').notNull().default(false),
    status: stockItemStatusEnum('status').notNull().default('enabled'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stock_list_items_location_name_idx').on(t.locationId, t.name)],
);

export const stockOrders = pgTable(
  'stock_orders',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    placedBy: integer('placed_by').references(() => staffUsers.id),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    status: stockOrderStatusEnum('status').notNull().default('pending'),
    subTotal: money('sub_total').notNull(),
    gst: money('gst').notNull(),
    /** The below-minimum order fee. */
    deliveryCharge: money('delivery_charge').notNull().default('0'),
    /** Signed change the stock admin made to the fee (+fee added, -fee removed). */
    adminAdjustment: money('admin_adjustment').notNull().default('0'),
    total: money('total').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: integer('approved_by').references(() => staffUsers.id),
    disapprovedAt: timestamp('disapproved_at', { withTimezone: true }),
    disapprovedBy: integer('disapproved_by').references(() => staffUsers.id),
    disapprovedReason: text('disapproved_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_orders_location_placed_idx').on(t.locationId, t.placedAt),
    index('stock_orders_status_idx').on(t.status, t.placedAt),
    // Stock sent and stock purchased: approved orders by approval time, per location.
    index('stock_orders_location_approved_idx')
      .on(t.locationId, t.approvedAt)
      .where(sql`status = 'approved'`),
  ],
);

/**
 * A line of a stock order. `kind` 'ordered' lines are what the location asked for; 'adjusted'
 * lines are what the stock admin approved where it differs (the spec's adjustedData).
 */
export const stockOrderLines = pgTable(
  'stock_order_lines',
  {
    id: serial('id').primaryKey(),
    stockOrderId: integer('stock_order_id')
      .notNull()
      .references(() => stockOrders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['ordered', 'adjusted'] }).notNull(),
    stockListItemId: integer('stock_list_item_id')
      .notNull()
      .references(() => stockListItems.id),
    name: text('name').notNull(),
    qtyType: text('qty_type').notNull(),
    price: money('price').notNull(),
    par: quantity('par').notNull().default('0'),
    qty: quantity('qty').notNull(),
    subTotal: money('sub_total').notNull(),
    gst: money3('gst').notNull(),
    total: money3('total').notNull(),
    expiryAdjustment: smallint('expiry_adjustment'),
  },
  (t) => [index('stock_order_lines_order_idx').on(t.stockOrderId)],
);

/** Expiry reminders shown in the stock header (set when an approved line carries an expiry). */
export const stockExpiryReminders = pgTable(
  'stock_expiry_reminders',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    stockListItemId: integer('stock_list_item_id')
      .notNull()
      .references(() => stockListItems.id),
    stockOrderId: integer('stock_order_id').references(() => stockOrders.id),
    name: text('name').notNull(),
    expiringOn: date('expiring_on', { mode: 'string' }).notNull(),
  },
  (t) => [index('stock_expiry_reminders_location_idx').on(t.locationId, t.expiringOn)],
);

/** Stock used by one unit of a meal. */
export const stockBundles = pgTable(
  'stock_bundles',
  {
    id: serial('id').primaryKey(),
    mealId: integer('meal_id')
      .notNull()
      .references(() => meals.id, { onDelete: 'cascade' }),
    stockListItemId: integer('stock_list_item_id')
      .notNull()
      .references(() => stockListItems.id),
    qty: quantity('qty').notNull(),
  },
  (t) => [uniqueIndex('stock_bundles_meal_item_idx').on(t.mealId, t.stockListItemId)],
);
