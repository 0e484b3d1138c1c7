import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { outboxChannelEnum, outboxStatusEnum } from './enums.js';
import { locations } from './locations.js';

/** An in-store kiosk and the card terminal paired with it. */
export const kiosks = pgTable(
  'kiosks',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    username: text('username').notNull(),
    phone: text('phone'),
    /** Square terminal device code last issued ('0' = not connected). */
    squareTerminalDeviceCode: text('square_terminal_device_code').notNull().default('0'),
    squareTerminalDeviceId: text('square_terminal_device_id').notNull().default('0'),
    deviceCodeExpiresAt: timestamp('device_code_expires_at', { withTimezone: true }),
    /** The provider's id of the last device code, to learn when the terminal paired. */
    deviceCodeId: text('device_code_id'),
    /** UNPAIRED (waiting), PAIRED or EXPIRED, as the provider last told us; null before any code. */
    deviceCodeStatus: text('device_code_status'),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
  },
  (t) => [
    index('kiosks_location_idx').on(t.locationId),
    uniqueIndex('kiosks_device_code_idx').on(t.deviceCodeId).where(sql`device_code_id IS NOT NULL`),
  ],
);

/** A message from the landing page's contact form. */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  clientAddress: text('client_address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
