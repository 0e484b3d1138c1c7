import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { outboxChannelEnum, outboxStatusEnum } from './enums.js';

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

/**
 * Every SMS and email leaves through here: written in the same transaction as its cause, then
 * delivered by the worker with retries.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: outboxChannelEnum('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    status: outboxStatusEnum('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`status IN ('pending', 'sending')`),
    index('outbox_created_idx').on(t.createdAt),
  ],
);
