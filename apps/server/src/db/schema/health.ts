import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { locations } from './locations.js';

/**
 * Each outside provider's last success and last error, shared by every instance, so the super
 * admins' health page says whether SMS, email, card payments and the marketplaces work
 * (docs/operations.md, "Health page"). One row per provider (`twilio`, `email`, `square`,
 * `uber_eats`, `doordash`); successes are written at most every 30 s per instance, so a busy
 * checkout does not write a row per call. The error text never carries a secret, a phone
 * number, an email address or card data (modules/health/provider-status.ts scrubs it).
 */
export const providerStatus = pgTable('provider_status', {
  provider: text('provider').primaryKey(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/**
 * The kitchen displays (kitchen event streams) open on every instance: a row per open stream,
 * written when it opens, deleted when it closes, and its `seen_at` moved by its instance every
 * 30 s. A row not seen for 90 s belongs to an instance that died without closing it: it is not
 * counted, and it is deleted by the next heartbeat of any instance.
 */
export const kitchenDisplays = pgTable(
  'kitchen_displays',
  {
    id: uuid('id').primaryKey(),
    /** The server instance holding the stream (random per process). */
    instanceId: text('instance_id').notNull(),
    /** The location whose tickets it shows; null: a super admin's display of every location. */
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('kitchen_displays_instance_idx').on(t.instanceId),
    index('kitchen_displays_seen_idx').on(t.seenAt),
  ],
);
