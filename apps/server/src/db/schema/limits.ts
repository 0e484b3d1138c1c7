import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Events counted by rate limits (code sends per phone and per address, failed sign-ins). Kept in
 * the database so several server instances share the count.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_events_idx').on(t.bucket, t.key, t.at)],
);

/**
 * Fixed-window counters for limits that must hold under races on any number of instances
 * (checkout attempts and declines): one `INSERT ... ON CONFLICT DO UPDATE` increments a counter
 * atomically and returns its new value, so exactly `limit` callers see a value within it.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    n: integer('n').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_expires_idx').on(t.expiresAt)],
);
