import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, salesChannelEnum } from './enums.js';
import { locations } from './locations.js';

/**
 * One row of a platform's payout report (Uber Eats Payment Details, DoorDash Transaction details),
 * as imported, at the location its store maps to: what the platform says it paid, refunded or
 * adjusted for an order. Reconciliation sets these beside the orders ledger (docs/marketplaces.md,
 * "Payout reconciliation"). `row_key` is a hash of the row's content and its occurrence in the
 * file, so importing the same report twice, or two overlapping reports, stores each row once.
 */
export const marketplacePayoutLines = pgTable(
  'marketplace_payout_lines',
  {
    id: serial('id').primaryKey(),
    channel: salesChannelEnum('channel').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** The platform's store id as the report writes it. */
    storeId: text('store_id').notNull(),
    /** The platform's order id: orders.external_id of the same channel. */
    platformOrderId: text('platform_order_id').notNull(),
    /** The order's local date (Uber Eats: the refund's on a refund row). */
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['sale', 'refund', 'canceled', 'adjustment'] }).notNull(),
    /** The status or transaction type as the report writes it. */
    status: text('status').notNull(),
    /** Sales (incl. GST), the platform's fee and the money paid, signed as the report writes them. */
    sales: money('sales').notNull(),
    fee: money('fee').notNull(),
    payout: money('payout').notNull(),
    payoutDate: date('payout_date', { mode: 'string' }),
    payoutRef: text('payout_ref'),
    /** sha256 (hex) of the channel and the row's key (payout-import.ts). */
    rowKey: text('row_key').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketplace_payout_lines_row_idx').on(t.channel, t.rowKey),
    index('marketplace_payout_lines_location_date_idx').on(t.locationId, t.orderDate),
    index('marketplace_payout_lines_order_idx').on(t.channel, t.platformOrderId),
    check(
      'marketplace_payout_lines_kind_check',
      sql`${t.kind} IN ('sale', 'refund', 'canceled', 'adjustment')`,
    ),
    check('marketplace_payout_lines_channel_check', sql`${t.channel} IN ('uber_eats', 'doordash')`),
  ],
);
