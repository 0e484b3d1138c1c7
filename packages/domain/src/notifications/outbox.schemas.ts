import { z } from 'zod';
import { OUTBOX_CHANNELS } from '../constants.js';
import { dbId } from '../wire/wire.js';
import { SMS_DELIVERY_STATUSES } from './sms-delivery.js';

/** A message of the outbox as the demo-mode page reads it. */
export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() })),
  status: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxListResponse = z.object({ messages: z.array(outboxMessage) });

/** Where a message is in its delivery (the outbox table's `status`). */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * A message as the super admin's health page shows it: who it was for with all but the end
 * masked, never its text (a sign-in code), with its delivery's state and last error.
 */
export const adminOutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  /** The recipient with all but its last characters masked: `•••• 4321`, `j•••@example.com`. */
  to: z.string(),
  /** An email's subject; null for an SMS (whose text may be a sign-in code). */
  subject: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  /** When the worker tries it next (pending and sending only). */
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  /** The provider's id of the message (Twilio's MessageSid), once it accepted it. */
  provider_id: z.string().nullable(),
  /**
   * Where the SMS is after the provider accepted it, from Twilio's status callbacks (`delivered`,
   * `undelivered`, `failed`, ...); null for an email, a local SMS, or before any is known.
   */
  delivery_status: z.enum(SMS_DELIVERY_STATUSES).nullable(),
  /** Twilio's error code of an undelivered or failed SMS (30003 unreachable, 30005 unknown number, ...). */
  delivery_error_code: z.string().nullable(),
  /** When Twilio reported the SMS's end (delivered, undelivered, failed). */
  delivery_final_at: z.string().nullable(),
});
export type AdminOutboxMessage = z.infer<typeof adminOutboxMessage>;

export const adminOutboxRequest = z.object({
  channel: z
    .enum(OUTBOX_CHANNELS, { error: `channel must be one of ${OUTBOX_CHANNELS.join(', ')}` })
    .optional(),
  status: z
    .enum(OUTBOX_STATUSES, { error: `status must be one of ${OUTBOX_STATUSES.join(', ')}` })
    .optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type AdminOutboxRequest = z.input<typeof adminOutboxRequest>;

export const adminOutboxResponse = z.object({
  success: z.literal(true),
  messages: z.array(adminOutboxMessage),
});
export type AdminOutboxResponse = z.infer<typeof adminOutboxResponse>;

export const retryOutboxRequest = z.object({ id: dbId });
export const retryOutboxResponse = z.object({ success: z.literal(true), message: adminOutboxMessage });
