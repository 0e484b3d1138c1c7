import { KITCHEN_TICKET_STATUSES } from '@kitchaco/domain';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations } from './locations.js';
import { orders } from './orders.js';
import { staffUsers } from './staff.js';
import { vendors } from './vendors.js';

/**
 * A kitchen ticket: what one brand (its station) has to cook for one paid order. Written with the
 * order (checkout, marketplace webhook) in the same transaction; bumped queued -> started -> done on
 * the kitchen screen (docs/kitchen.md). When every ticket of an order is done the order is Ready.
 */
export const kitchenTickets = pgTable(
  'kitchen_tickets',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** The brand, which is the station that cooks it. */
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    status: text('status', { enum: KITCHEN_TICKET_STATUSES }).notNull().default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    bumpedBy: integer('bumped_by').references(() => staffUsers.id),
  },
  (t) => [
    uniqueIndex('kitchen_tickets_order_vendor_idx').on(t.orderId, t.vendorId),
    index('kitchen_tickets_open_idx').on(t.locationId, t.createdAt).where(sql`status <> 'done'`),
    index('kitchen_tickets_done_idx').on(t.locationId, t.doneAt).where(sql`status = 'done'`),
  ],
);

/**
 * A closure on top of the weekly hours (docs/kitchen.md, "Hours, closures and sold-out items"): the
 * whole location (vendor_id null) or one brand is closed from starts_at to ends_at, with a reason
 * customers see ("Christmas Day").
 */
export const locationClosures = pgTable(
  'location_closures',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    vendorId: integer('vendor_id').references(() => vendors.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('location_closures_location_idx').on(t.locationId, t.endsAt)],
);
