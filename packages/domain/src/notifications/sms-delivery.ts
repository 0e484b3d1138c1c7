import { z } from 'zod';

/**
 * Where an outbound SMS is after Twilio accepted it: the Message resource's `status` values of an
 * outbound message (https://www.twilio.com/docs/messaging/api/message-resource#message-status-values;
 * `receiving` and `received` are inbound only), as the status callback's `MessageStatus` reports
 * them (https://www.twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks).
 */
export const SMS_DELIVERY_STATUSES = [
  'accepted',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'canceled',
  'partially_delivered',
  'read',
] as const;
export type SmsDeliveryStatus = (typeof SMS_DELIVERY_STATUSES)[number];

/**
 * How far along each status is. Callbacks can arrive out of order and more than once (Twilio's
 * "Track the Message Status of Outbound Messages", https://www.twilio.com/docs/messaging/guides/track-outbound-message-status),
 * so a status replaces the one kept only when it is further along: `delivered` never goes back to
 * `sent`, and of two ends (`undelivered` after `delivered`) the first one kept stays. `read` (a
 * read receipt, WhatsApp and RCS) comes after delivery.
 */
export const SMS_DELIVERY_RANK: Record<SmsDeliveryStatus, number> = {
  accepted: 0,
  scheduled: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  canceled: 4,
  partially_delivered: 4,
  read: 5,
};

/** A status as one of SMS_DELIVERY_STATUSES; anything else (none, a status unknown here) as null. */
export function smsDeliveryStatusOf(value: string | null | undefined): SmsDeliveryStatus | null {
  return (SMS_DELIVERY_STATUSES as readonly (string | null | undefined)[]).includes(value)
    ? (value as SmsDeliveryStatus)
    : null;
}

/** The ends of a message's way: the time it reached one is kept (`delivery_final_at`). */
export const SMS_DELIVERY_FINAL: readonly SmsDeliveryStatus[] = [
  'delivered',
  'undelivered',
  'failed',
  'canceled',
  'partially_delivered',
];

/** The ends at which the customer did not get the text: an admin and an alert should see them. */
export const SMS_NOT_DELIVERED: readonly SmsDeliveryStatus[] = ['undelivered', 'failed', 'canceled'];

/** The request header carrying Twilio's signature (https://www.twilio.com/docs/usage/security). */
export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

export const twilioStatusHeaders = z.object({
  [TWILIO_SIGNATURE_HEADER]: z.string().max(200).optional(),
});

/**
 * The fields of Twilio's status callback that the platform reads, as Twilio posts them
 * (`application/x-www-form-urlencoded`; https://www.twilio.com/docs/messaging/guides/track-outbound-message-status,
 * "Step 1": MessageSid, MessageStatus, ErrorCode (only for failed and undelivered), AccountSid,
 * From, To, ApiVersion, SmsSid, SmsStatus, and RawDlrDoneDate for some delivery reports). Twilio
 * adds parameters over time: the signature covers every one, and those not named here are ignored.
 */
export const twilioStatusCallback = z.object({
  MessageSid: z
    .string({ error: 'MessageSid is required' })
    .regex(/^(?:SM|MM)[0-9a-fA-F]{32}$/, 'MessageSid must be a Message SID (SM or MM and 32 hex digits)'),
  MessageStatus: z.enum(SMS_DELIVERY_STATUSES, {
    error: `MessageStatus must be one of ${SMS_DELIVERY_STATUSES.join(', ')}`,
  }),
  // Twilio's error codes are numbers (https://www.twilio.com/docs/api/errors), e.g. 30003.
  ErrorCode: z
    .string()
    .regex(/^\d{0,10}$/, 'ErrorCode must be a Twilio error code (digits)')
    .optional()
    .transform((code) => code || undefined),
  AccountSid: z.string().max(64).optional(),
  To: z.string().max(64).optional(),
  From: z.string().max(64).optional(),
});
export type TwilioStatusCallback = z.output<typeof twilioStatusCallback>;

/**
 * What the platform did with a callback: `applied` (the row moved on), `stale` (the row is already
 * further along: an earlier status arriving late), `duplicate` (the row already has this status),
 * `unknown` (no SMS of ours has this MessageSid).
 */
export const twilioStatusResponse = z.object({
  success: z.literal(true),
  outcome: z.enum(['applied', 'stale', 'duplicate', 'unknown']),
});
export type TwilioStatusResponse = z.infer<typeof twilioStatusResponse>;
