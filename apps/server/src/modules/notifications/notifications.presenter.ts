import { type AdminOutboxMessage, smsDeliveryStatusOf } from '@kitchaco/domain';
import type { OutboxRow } from './outbox.queries.js';

/**
 * An outbox message as the development outbox shows it: attachments by name, type and size (their
 * base64 content's decoded length), never their content.
 */
export function presentOutboxMessage(m: OutboxRow) {
  return {
    id: m.id,
    channel: m.channel,
    to: m.recipient,
    subject: m.subject,
    body: m.body,
    attachments: m.attachments.map((a) => ({
      filename: a.filename,
      content_type: a.contentType,
      size: Math.floor((a.content.length * 3) / 4),
    })),
    status: m.status,
    created_at: m.createdAt.toISOString(),
  };
}

/** A recipient with all but its end masked: `•••• 000` for a phone, `j•••@example.com` for an email. */
export function maskRecipient(channel: 'sms' | 'email', recipient: string): string {
  if (channel === 'email') {
    const at = recipient.lastIndexOf('@');
    return at > 0 ? `${recipient[0]}•••${recipient.slice(at)}` : '•••';
  }
  return `•••• ${recipient.slice(-3)}`;
}

/**
 * An outbox message as the super admins' health page shows it: never its text (an SMS may carry
 * a sign-in code, an email an invoice), the recipient masked, its delivery's state and last error.
 */
export function presentAdminOutboxMessage(m: OutboxRow): AdminOutboxMessage {
  const waiting = m.status === 'pending' || m.status === 'sending';
  return {
    id: m.id,
    channel: m.channel,
    to: maskRecipient(m.channel, m.recipient),
    subject: m.channel === 'email' ? m.subject : null,
    status: m.status,
    attempts: m.attempts,
    last_error: m.lastError,
    created_at: m.createdAt.toISOString(),
    next_attempt_at: waiting ? m.nextAttemptAt.toISOString() : null,
    sent_at: m.sentAt?.toISOString() ?? null,
    provider_id: m.providerId,
    delivery_status: smsDeliveryStatusOf(m.deliveryStatus),
    delivery_error_code: m.deliveryErrorCode,
    delivery_final_at: m.deliveryFinalAt?.toISOString() ?? null,
  };
}
