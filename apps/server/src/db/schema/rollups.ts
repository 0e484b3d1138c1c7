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
  timestamp,
} from 'drizzle-orm/pg-core';
import { orderStatusEnum, salesChannelEnum, stockOrderStatusEnum } from './enums.js';

/**
 * Sales rollups: sums of the orders ledger per business day, dekad and month, so a dashboard over a
 * year reads a few hundred rows however many orders the year holds. Database triggers record every
 * write to `orders`, `order_lines`, `stock_orders` and `order_adjustments` (checkout, status changes,
 * cancellations, marketplace webhooks and imports, the demo seed) in the same transaction, as rows
 * appended to the `*_rollup_pending` tables below: no two writers touch the same row, so checkouts
 * never wait for each other. `rollups_fold()` moves the pending rows into the rollups; the server
 * runs it every second and before every read of the rollups (db/rollups.ts), so a read always equals
 * the ledger. See migrations 0003, 0005, 0006 and 0011 and docs/performance.md. Nothing in the application
 * writes them.
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
export const salesRollups = pgTable(
  'sales_rollups',
  {
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
  },
  (t) => [primaryKey({ columns: [t.locationId, t.grain, t.period, t.channel, t.imported, t.canceled] })],
);

/** Orders and sales of each location (not canceled): the "sales by location" figures. */
export const locationSalesRollups = pgTable(
  'location_sales_rollups',
  {
    locationId: integer('location_id').notNull(),
    grain: grain(),
    period: date('period').notNull(),
    orders: integer('orders').notNull(),
    sales: money('sales').notNull(),
  },
  (t) => [primaryKey({ columns: [t.grain, t.period, t.locationId] })],
);

/** Orders and sales (not canceled) per hour of the day on the location's clock. */
export const hourlySalesRollups = pgTable(
  'hourly_sales_rollups',
  {
    locationId: integer('location_id').notNull(),
    grain: grain(),
    period: date('period').notNull(),
    hour: smallint('hour').notNull(),
    orders: integer('orders').notNull(),
    sales: money('sales').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.grain, t.period, t.hour] })],
);

/** Line totals (orders not canceled) per brand; vendor 0 = lines without a brand. */
export const vendorSalesRollups = pgTable(
  'vendor_sales_rollups',
  {
    locationId: integer('location_id').notNull(),
    grain: grain(),
    period: date('period').notNull(),
    vendorId: integer('vendor_id').notNull(),
    sales: money('sales').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.grain, t.period, t.vendorId] }),
    // All locations: every brand's rows of a period range in one index range.
    index('vendor_sales_rollups_period_idx').on(t.grain, t.period),
  ],
);

/**
 * Quantities sold (orders not canceled) per meal. A marketplace line that matched none of our
 * meals has meal 0 and the name as received; a matched line has an empty name (the meal's own
 * name is read from `meals`, so a renamed meal shows its new name, as the ledger query did).
 */
export const mealSalesRollups = pgTable(
  'meal_sales_rollups',
  {
    locationId: integer('location_id').notNull(),
    grain: grain(),
    period: date('period').notNull(),
    mealId: integer('meal_id').notNull(),
    mealName: text('meal_name').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.grain, t.period, t.mealId, t.mealName] })],
);

/** Stock sent: approved stock orders' totals by the business day of their approval. */
export const stockSentRollups = pgTable(
  'stock_sent_rollups',
  {
    locationId: integer('location_id').notNull(),
    grain: grain(),
    period: date('period').notNull(),
    total: money('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.grain, t.period] })],
);

/**
 * Adjustments per channel by the business day they occurred: marketplace adjustments (Deliveroo
 * refunds and corrections) and card refunds of our own channels (negative) with their reversals.
 */
export const adjustmentRollups = pgTable(
  'adjustment_rollups',
  {
    locationId: integer('location_id').notNull(),
    grain: grain(),
    period: date('period').notNull(),
    channel: salesChannelEnum('channel').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.grain, t.period, t.channel] }),
    // All locations' own refunds per location (sales by location): one index range per period run.
    index('adjustment_rollups_period_idx').on(t.grain, t.period),
  ],
);

/**
 * The adjustments of our own channels (card refunds, negative, and the reversals written when a
 * partly refunded order is canceled) per brand and per hour of the day on the location's clock, by
 * the business day they occurred: what the dashboard's sales by vendor and by hour take off. Vendor
 * 0 = a refund of no one brand ("Refunds (not itemised)"). Summed over brands and hours, a period's
 * rows equal the own channels' rows of `adjustment_rollups`. Marketplace adjustments are not here:
 * they count in no brand's or hour's sales (migration 0011).
 */
export const refundRollups = pgTable(
  'refund_rollups',
  {
    locationId: integer('location_id').notNull(),
    grain: grain(),
    period: date('period').notNull(),
    vendorId: integer('vendor_id').notNull(),
    hour: smallint('hour').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.grain, t.period, t.vendorId, t.hour] })],
);

/*
 * Writes waiting to be rolled up. The triggers copy the columns the rollups need from each row a
 * statement adds (sign 1) or takes away (sign -1), with plain inserts into these tables: no key, no
 * shared row, nothing computed, so writers never wait on one another and pay little. `rollups_fold()`
 * moves them into the rollups. A line carries its order's place, time and status as they were when
 * the line was written or the order moved.
 */
const pending = {
  locationId: () => integer('location_id').notNull(),
  sign: () => smallint('sign').notNull(),
};
export const ordersRollupPending = pgTable('orders_rollup_pending', {
  locationId: pending.locationId(),
  placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
  channel: salesChannelEnum('channel').notNull(),
  ingestedVia: text('ingested_via'),
  status: orderStatusEnum('status').notNull(),
  total: money('total').notNull(),
  platformFee: money('platform_fee').notNull(),
  sign: pending.sign(),
});
export const orderLinesRollupPending = pgTable('order_lines_rollup_pending', {
  locationId: pending.locationId(),
  placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
  status: orderStatusEnum('status').notNull(),
  vendorId: integer('vendor_id'),
  mealId: integer('meal_id'),
  mealName: text('meal_name').notNull(),
  quantity: integer('quantity').notNull(),
  lineTotal: money('line_total').notNull(),
  sign: pending.sign(),
});
export const stockOrdersRollupPending = pgTable('stock_orders_rollup_pending', {
  locationId: pending.locationId(),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  status: stockOrderStatusEnum('status').notNull(),
  total: money('total').notNull(),
  sign: pending.sign(),
});
export const adjustmentsRollupPending = pgTable('adjustments_rollup_pending', {
  locationId: pending.locationId(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  channel: salesChannelEnum('channel').notNull(),
  amount: money('amount').notNull(),
  sign: pending.sign(),
  /** The refunded brand, if any (migration 0011). */
  vendorId: integer('vendor_id'),
});
