import type { ContactRequest } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import { tooManyRequests } from '../../http/errors.js';
import { takeRateLimitSlot } from '../auth/rate-limit.service.js';
import { queueEmail } from '../notifications/outbox.service.js';
import { presentContactSent } from './contact.presenter.js';
import { insertContactMessage } from './contact.queries.js';

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
    const since = new Date(now.getTime() - HOUR_MS);
    if (!(await takeRateLimitSlot(tx, BUCKET, clientAddress, { limit, since, now }))) {
      throw tooManyRequests('Too many messages from this address. Please try again later.', 3600);
    }
    await insertContactMessage(tx, { ...input, clientAddress, createdAt: now });
    await queueEmail(tx, now, {
      to: app.config.contact.email,
      subject: `Website enquiry from ${input.name}`,
      body: `Name: ${input.name}\nPhone: ${input.phone}\nEmail: ${input.email}\n\n${input.message}`,
    });
  });
  return presentContactSent(app.config.contact.email);
}
