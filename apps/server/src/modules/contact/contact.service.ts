import type { ContactRequest } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import { contactMessages } from '../../db/schema/index.js';
import { tooManyRequests } from '../../http/errors.js';
import { countEvents, lockKey, recordEvent } from '../auth/auth.queries.js';
import { queueEmail } from '../notifications/outbox.service.js';

const BUCKET = 'contact-address';
const HOUR_MS = 3_600_000;

/**
 * A visitor's message from the landing page: kept, and emailed to the provider through the outbox
 * in the same transaction. A few messages per client address per hour keep spam out.
 */
export async function sendContactMessage(app: AppContext, input: ContactRequest, clientAddress: string) {
  const now = app.clock.now();
  const limit = app.config.contact.perAddressPerHour;
  await app.db.transaction(async (tx) => {
    await lockKey(tx, `${BUCKET}:${clientAddress}`);
    if ((await countEvents(tx, BUCKET, clientAddress, new Date(now.getTime() - HOUR_MS))) >= limit) {
      throw tooManyRequests('Too many messages from this address. Please try again later.', 3600);
    }
    await recordEvent(tx, BUCKET, clientAddress, now);
    await tx.insert(contactMessages).values({ ...input, clientAddress, createdAt: now });
    await queueEmail(tx, now, {
      to: app.config.contact.email,
      subject: `Website enquiry from ${input.name}`,
      body: `Name: ${input.name}\nPhone: ${input.phone}\nEmail: ${input.email}\n\n${input.message}`,
    });
  });
  return { success: true as const, message: [{ status: 'sent' as const, email: app.config.contact.email }] };
}
