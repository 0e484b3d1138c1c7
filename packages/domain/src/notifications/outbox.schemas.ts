import { z } from 'zod';
import { OUTBOX_CHANNELS } from '../constants.js';

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
