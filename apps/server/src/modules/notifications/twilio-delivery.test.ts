import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index.js';
import { type FakeTwilio, startFakeTwilio } from '../../fakes/twilio.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { freePort } from '../../test/ports.js';
import { deliverDueMessages, queueSms } from './outbox.service.js';

/**
 * End to end: the outbox worker sends through the real Twilio adapter to the fake of Twilio, which
 * posts its signed status callbacks over HTTP to the listening app, as Twilio does
 * (docs/operations.md, "SMS delivery status"). Before status callbacks, Twilio's `queued` answer
 * was all the platform knew: an SMS no phone received stayed `sent`.
 */
let t: TestApp;
let twilio: FakeTwilio;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  // The test says when Twilio's callbacks arrive: after the worker recorded the MessageSid.
  twilio.callbackMode('manual');
  const port = await freePort();
  t = await createTestApp({
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: '+61400000001',
    TWILIO_API_URL: twilio.url,
    TWILIO_STATUS_CALLBACK_URL: `http://127.0.0.1:${port}/api/v1/notifications/twilio/status/`,
    SMS_SENDS_PER_ADDRESS: '1000',
  });
  await t.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await twilio.close();
  await t.close();
});

const rowOf = async (id: number) => (await t.database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

/** Queues an SMS, lets the worker send it, then lets Twilio's callbacks arrive. */
async function sendThroughTwilio(to: string) {
  const id = await queueSms(t.database.db, t.clock.now(), to, 'Your Kitchaco code is 4821');
  await deliverDueMessages(t.app.appContext);
  const sent = await rowOf(id);
  expect(sent).toMatchObject({ status: 'sent', deliveryStatus: 'queued' });
  expect(sent.providerId).toMatch(/^SM[0-9a-f]{32}$/);
  await twilio.flushCallbacks();
  return { id, sid: sent.providerId! };
}

const answersFor = (sid: string) =>
  twilio.callbacks.filter((c) => c.sid === sid).map((c) => [c.status, c.answer, JSON.parse(c.body).outcome]);

describe('an SMS through Twilio, followed to the phone', () => {
  it('ends delivered, with the time Twilio said so', async () => {
    const { id, sid } = await sendThroughTwilio('+61412000101');
    expect(await rowOf(id)).toMatchObject({
      status: 'sent',
      deliveryStatus: 'delivered',
      deliveryErrorCode: null,
      deliveryFinalAt: t.clock.now(),
    });
    expect(answersFor(sid)).toEqual([
      ['sending', 200, 'applied'],
      ['sent', 200, 'applied'],
      ['delivered', 200, 'applied'],
    ]);
  });

  it.each([30003, 30005, 30006] as const)(
    'ends undelivered with error %i when the phone cannot be reached',
    async (code) => {
      const to = `+6141200${code}`;
      twilio.undeliverable(to, code);
      const { id } = await sendThroughTwilio(to);
      expect(await rowOf(id)).toMatchObject({
        status: 'sent',
        deliveryStatus: 'undelivered',
        deliveryErrorCode: String(code),
        deliveryFinalAt: t.clock.now(),
      });
    },
  );

  it('ends delivered when Twilio posts every callback twice and in reverse order', async () => {
    twilio.callbackFaults({ duplicate: true, reverse: true });
    try {
      const { id, sid } = await sendThroughTwilio('+61412000102');
      expect(await rowOf(id)).toMatchObject({ deliveryStatus: 'delivered', deliveryErrorCode: null });
      expect(answersFor(sid)).toEqual([
        ['delivered', 200, 'applied'],
        ['delivered', 200, 'duplicate'],
        ['sent', 200, 'stale'],
        ['sent', 200, 'stale'],
        ['sending', 200, 'stale'],
        ['sending', 200, 'stale'],
      ]);
    } finally {
      twilio.callbackFaults({});
    }
  });

  it('keeps undelivered when the late sent and sending arrive after it', async () => {
    twilio.callbackFaults({ reverse: true });
    try {
      const to = '+61412000103';
      twilio.undeliverable(to, 30003);
      const { id } = await sendThroughTwilio(to);
      expect(await rowOf(id)).toMatchObject({ deliveryStatus: 'undelivered', deliveryErrorCode: '30003' });
    } finally {
      twilio.callbackFaults({});
    }
  });
});
