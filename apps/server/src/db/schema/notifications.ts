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
    /** The provider's id of the message once it accepted it (Twilio's MessageSid). */
    providerId: text('provider_id'),
    /**
     * Where an SMS is after Twilio accepted it (an SMS_DELIVERY_STATUSES value of packages/domain),
     * moved forward only by Twilio's status callbacks; null for email and the local adapter.
     */
    deliveryStatus: text('delivery_status'),
    /** Twilio's ErrorCode of an undelivered or failed SMS (30003, 30005, ...). */
    deliveryErrorCode: text('delivery_error_code'),
    /** When Twilio reported the end of its way: delivered, undelivered, failed. */
    deliveryFinalAt: timestamp('delivery_final_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`status IN ('pending', 'sending')`),
    index('outbox_created_idx').on(t.createdAt),
    // Status callbacks find their row by MessageSid.
    index('outbox_provider_id_idx').on(t.providerId).where(sql`provider_id IS NOT NULL`),
  ],
);
