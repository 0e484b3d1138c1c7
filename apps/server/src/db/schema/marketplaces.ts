import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { salesChannelEnum } from './enums.js';
import { locations } from './locations.js';
import { vendors } from './vendors.js';

/**
 * A delivery platform's store (restaurant, site) and where its orders belong: a location and,
 * usually, one brand there. Without a brand, meal names are matched across every brand of the
 * location. An order from a store with no row here is refused, so nothing lands at a guessed place.
 */
export const marketplaceStores = pgTable(
  'marketplace_stores',
  {
    id: serial('id').primaryKey(),
    channel: salesChannelEnum('channel').notNull(),
    /** The platform's own id of the store, as its order notifications and exports carry it. */
    storeId: text('store_id').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    vendorId: integer('vendor_id').references(() => vendors.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketplace_stores_channel_store_idx').on(t.channel, t.storeId),
    index('marketplace_stores_location_idx').on(t.locationId),
    check(
      'marketplace_stores_channel_check',
      sql`${t.channel} IN ('uber_eats', 'deliveroo', 'doordash', 'menulog')`,
    ),
  ],
);
