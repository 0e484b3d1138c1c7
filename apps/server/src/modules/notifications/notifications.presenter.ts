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
