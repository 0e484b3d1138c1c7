import { DEFAULT_TIME_ZONE, type OpeningHours } from '@kitchaco/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { money, rate } from './enums.js';

/**
 * An external operator: a franchisee business that runs one or more locations and is paid a
 * fortnightly payout. Commission rates are per sales channel, as a fraction (0.3000 = 30%).
 */
export const externalOperators = pgTable('external_operators', {
  id: serial('id').primaryKey(),
  businessName: text('business_name').notNull(),
  email: text('email').notNull(),
  abn: text('abn'),
  inStoreCashRate: rate('in_store_cash_rate').notNull().default('0'),
  inStoreCardRate: rate('in_store_card_rate').notNull().default('0'),
  onlinePickupRate: rate('online_pickup_rate').notNull().default('0'),
  onlineDeliveryRate: rate('online_delivery_rate').notNull().default('0'),
  uberEatsRate: rate('uber_eats_rate').notNull().default('0'),
  doordashRate: rate('doordash_rate').notNull().default('0'),
  deliverooRate: rate('deliveroo_rate').notNull().default('0'),
  menulogRate: rate('menulog_rate').notNull().default('0'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A pickup location ("kitchaco" on the wire). Each hosts several vendors (brands). */
export const locations = pgTable('locations', {
  id: serial('id').primaryKey(),
  /** Short name, usually the suburb ("Reservoir"). */
  name: text('name').notNull(),
  /** The address line the spec calls `location` ("31, Malua Street, Reservoir"). */
  address: text('address').notNull(),
  suburb: text('suburb').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
  /** Weekday names on which stock is delivered. */
  deliveryDays: text('delivery_days').array().notNull().default(sql`'{}'::text[]`),
  minStockOrder: money('min_stock_order').notNull().default('0'),
  minStockDeliveryCharge: money('min_stock_delivery_charge').notNull().default('0'),
  /** Charge for customer delivery orders from this location. */
  deliveryCharge: money('delivery_charge').notNull().default('0'),
  openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull().default({}),
  squareLocationId: text('square_location_id'),
  email: text('email'),
  externalOperatorId: integer('external_operator_id').references(() => externalOperators.id),
  isActive: boolean('is_active').notNull().default(true),
  /**
   * The secret of the location's public pickup board display (`/pickup-board?display=<token>`);
   * rotated by `pickup_board_link` (docs/kitchen.md).
   */
  displayToken: text('display_token')
    .notNull()
    .unique()
    .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  /**
   * Items the kitchen can make per 15-minute slot (docs/kitchen.md, "Capacity"); null: unlimited.
   * Set by the operator (`save_kitchen_capacity`).
   */
  slotCapacityItems: integer('slot_capacity_items'),
  /** The "busy" switch: online ordering is paused until this instant (null or past: not busy). */
  busyUntil: timestamp('busy_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
