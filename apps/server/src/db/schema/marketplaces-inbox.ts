import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { salesChannelEnum } from './enums.js';

/**
 * Every verified marketplace webhook, kept raw as it arrived ("receive fast, process safely"): the
 * route writes the row and answers at once; a worker reads it afterwards, calls the platform when
 * it must (Uber Eats sends only ids), stores the order and records how it went. One row per
 * platform event id, so a resent notification is stored once. Generic by platform.
 */
export const marketplaceInbox = pgTable(
  'marketplace_inbox',
  {
    id: serial('id').primaryKey(),
    channel: salesChannelEnum('channel').notNull(),
    /** The platform's id of the event (Uber Eats `event_id`): unique per channel. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The platform's order (or other resource) id the event is about, when it names one. */
    resourceId: text('resource_id'),
    /** The request headers worth keeping (signature, environment), lower-case names. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** The body exactly as received (UTF-8), the bytes the signature was checked over. */
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'processed', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** A pending row is taken once this has passed (backoff after a failed attempt). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease on the row: another worker leaves it alone until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Why the last attempt failed (a failed row: why it gave up). */
    lastError: text('last_error'),
    /** What processing did ("accepted", "denied: ...", "status Canceled", "ignored: ..."). */
    outcome: text('outcome'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('marketplace_inbox_channel_event_idx').on(t.channel, t.eventId),
    index('marketplace_inbox_pending_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('marketplace_inbox_received_idx').on(t.receivedAt),
    check('marketplace_inbox_status_check', sql`${t.status} IN ('pending', 'processed', 'failed')`),
    check('marketplace_inbox_attempts_check', sql`${t.attempts} >= 0`),
    check(
      'marketplace_inbox_channel_check',
      sql`${t.channel} IN ('uber_eats', 'deliveroo', 'doordash', 'menulog')`,
    ),
  ],
);
