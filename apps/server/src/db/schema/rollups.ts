import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { salesChannelEnum } from './enums.js';

/**
 * Sales rollups: sums of the orders ledger per business day, dekad and month, so a dashboard over a
 * year reads a few hundred rows however many orders the year holds. Database triggers record every
 * write to `orders`, `order_lines`, `stock_orders` and `order_adjustments` (checkout, status changes,
 * cancellations, marketplace webhooks and imports, the demo seed) in the same transaction, as rows
 * appended to the matching `*_delta` table: no two writers touch the same row, so checkouts never
 * wait for each other. `rollups_fold()` moves the deltas into the rollups; the server runs it every
 * second and before every read of the rollups (db/rollups.ts), so a read always equals the ledger.
 * See migrations 0003, 0005 and 0006 and docs/performance.md. Nothing in the application writes
 * them.
 *
 * Every table is keyed by `grain` ('day', 'dekad' = days 1-10, 11-20 or 21 to the month's end, or
 * 'month') and `period` (its first day) in the location's own time zone. `location_id` 0 holds the sum of all locations where
 * "All locations" is read, so that answer does not grow with the number of locations either.
 * Sums over canceled orders are kept apart (sales_rollups) or left out (the others), as the reports
 * count them.
 */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const grain = () => text('grain', { enum: ['day', 'dekad', 'month'] }).notNull();

/** Orders, finished orders, sales and platform fees per channel, CSV-imported or not, canceled or not. */
const salesRollupsColumns = () => ({
  locationId: integer('location_id').notNull(),
  grain: grain(),
  period: date('period').notNull(),
  channel: salesChannelEnum('channel').notNull(),
  imported: boolean('imported').notNull(),
  canceled: boolean('canceled').notNull(),
  orders: integer('orders').notNull(),
  finished: integer('finished').notNull(),
  sales: money('sales').notNull(),
  fees: money('fees').notNull(),
});
export const salesRollups = pgTable('sales_rollups', salesRollupsColumns(), (t) => [
  primaryKey({ columns: [t.locationId, t.grain, t.period, t.channel, t.imported, t.canceled] }),
]);

/** Orders and sales of each location (not canceled): the "sales by location" figures. */
const locationSalesRollupsColumns = () => ({
  locationId: integer('location_id').notNull(),
  grain: grain(),
  period: date('period').notNull(),
  orders: integer('orders').notNull(),
  sales: money('sales').notNull(),
});
export const locationSalesRollups = pgTable('location_sales_rollups', locationSalesRollupsColumns(), (t) => [
  primaryKey({ columns: [t.grain, t.period, t.locationId] }),
]);

/** Orders and sales (not canceled) per hour of the day on the location's clock. */
const hourlySalesRollupsColumns = () => ({
  locationId: integer('location_id').notNull(),
  grain: grain(),
  period: date('period').notNull(),
  hour: smallint('hour').notNull(),
  orders: integer('orders').notNull(),
  sales: money('sales').notNull(),
});
export const hourlySalesRollups = pgTable('hourly_sales_rollups', hourlySalesRollupsColumns(), (t) => [
  primaryKey({ columns: [t.locationId, t.grain, t.period, t.hour] }),
]);

/** Line totals (orders not canceled) per brand; vendor 0 = lines without a brand. */
const vendorSalesRollupsColumns = () => ({
  locationId: integer('location_id').notNull(),
  grain: grain(),
  period: date('period').notNull(),
  vendorId: integer('vendor_id').notNull(),
  sales: money('sales').notNull(),
});
export const vendorSalesRollups = pgTable('vendor_sales_rollups', vendorSalesRollupsColumns(), (t) => [
  primaryKey({ columns: [t.locationId, t.grain, t.period, t.vendorId] }),
  // All locations: every brand's rows of a period range in one index range.
  index('vendor_sales_rollups_period_idx').on(t.grain, t.period),
]);

/**
 * Quantities sold (orders not canceled) per meal. A marketplace line that matched none of our
 * meals has meal 0 and the name as received; a matched line has an empty name (the meal's own
 * name is read from `meals`, so a renamed meal shows its new name, as the ledger query did).
 */
const mealSalesRollupsColumns = () => ({
  locationId: integer('location_id').notNull(),
  grain: grain(),
  period: date('period').notNull(),
  mealId: integer('meal_id').notNull(),
  mealName: text('meal_name').notNull(),
  quantity: integer('quantity').notNull(),
});
export const mealSalesRollups = pgTable('meal_sales_rollups', mealSalesRollupsColumns(), (t) => [
  primaryKey({ columns: [t.locationId, t.grain, t.period, t.mealId, t.mealName] }),
]);

/** Stock sent: approved stock orders' totals by the business day of their approval. */
const stockSentRollupsColumns = () => ({
  locationId: integer('location_id').notNull(),
  grain: grain(),
  period: date('period').notNull(),
  total: money('total').notNull(),
});
export const stockSentRollups = pgTable('stock_sent_rollups', stockSentRollupsColumns(), (t) => [
  primaryKey({ columns: [t.locationId, t.grain, t.period] }),
]);

/** Marketplace adjustments (refunds, corrections) per channel by the business day they occurred. */
const adjustmentRollupsColumns = () => ({
  locationId: integer('location_id').notNull(),
  grain: grain(),
  period: date('period').notNull(),
  channel: salesChannelEnum('channel').notNull(),
  amount: money('amount').notNull(),
});
export const adjustmentRollups = pgTable('adjustment_rollups', adjustmentRollupsColumns(), (t) => [
  primaryKey({ columns: [t.locationId, t.grain, t.period, t.channel] }),
]);

/*
 * The deltas: what each write adds to (or, with negative figures, takes from) the rollups, appended
 * by the triggers without a key, so concurrent writers never wait on one another's row. Several rows
 * may carry the same key; `rollups_fold()` sums them into the rollups and deletes them.
 */
export const salesRollupsDelta = pgTable('sales_rollups_delta', salesRollupsColumns());
export const locationSalesRollupsDelta = pgTable(
  'location_sales_rollups_delta',
  locationSalesRollupsColumns(),
);
export const hourlySalesRollupsDelta = pgTable('hourly_sales_rollups_delta', hourlySalesRollupsColumns());
export const vendorSalesRollupsDelta = pgTable('vendor_sales_rollups_delta', vendorSalesRollupsColumns());
export const mealSalesRollupsDelta = pgTable('meal_sales_rollups_delta', mealSalesRollupsColumns());
export const stockSentRollupsDelta = pgTable('stock_sent_rollups_delta', stockSentRollupsColumns());
export const adjustmentRollupsDelta = pgTable('adjustment_rollups_delta', adjustmentRollupsColumns());
