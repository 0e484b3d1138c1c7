import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { outbox } from '../../db/schema/index.js';
import type { Adapters } from '../../integrations/adapters.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { unsealedBody } from '../../test/outbox.js';
import { deliverDueMessages, queueEmail } from './outbox.service.js';

/**
 * The SMS and email providers go down while people sign in and reports are sent, with several
 * server instances delivering the outbox side by side (on PostgreSQL they really race; SKIP LOCKED
 * shares the work). Nothing is lost, nothing is sent twice, and a sign-in code queued while the
 * provider was down still signs in once it arrives.
 */
let t: TestApp;
beforeAll(async () => {
  // 30 new numbers of one range from one address: load for the outbox, not the abuse it limits.
  t = await createTestApp({ SMS_SENDS_PER_ADDRESS: '1000', SMS_SENDS_PER_PREFIX_PER_HOUR: '1000' });
});
afterAll(() => t.close());

type Health = 'down' | 'flaky' | 'up';

/** SMS and email providers that can be down, fail every other call, or work; they count deliveries. */
function providers() {
  const delivered = new Map<string, number>();
  let health: Health = 'down';
  let calls = 0;
  const attempt = (key: string) => {
    calls += 1;
    if (health === 'down' || (health === 'flaky' && calls % 2 === 0)) {
      throw new Error(`provider unavailable (${health})`);
    }
    delivered.set(key, (delivered.get(key) ?? 0) + 1);
    return { providerId: `p-${calls}` };
  };
  const adapters: Adapters = {
    ...t.app.appContext.adapters,
    sms: { name: 'flaky-sms', send: async (m) => attempt(`sms:${m.to}:${m.body}`) },
    email: { name: 'flaky-email', send: async (m) => attempt(`email:${m.to}:${m.subject}`) },
  };
  return { adapters, delivered, setHealth: (h: Health) => (health = h) };
}

const INSTANCES = 3;

/** One polling round of every instance at once, then the clock moves (past the longest back-off). */
async function round(ctx: AppContext, advanceMs = 31 * 60_000) {
  const results = await Promise.all(Array.from({ length: INSTANCES }, () => deliverDueMessages(ctx)));
  t.clock.advance(advanceMs);
  return results.reduce((sum, r) => ({ sent: sum.sent + r.sent, failed: sum.failed + r.failed }), {
    sent: 0,
    failed: 0,
  });
}

/** A customer asks for a sign-in code from one address. */
const askCode = (phone: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/send-sms/', payload: { phone }, remoteAddress });

describe('outbox while the providers are down', () => {
  it('retries until delivered: every message exactly once, none lost, codes still sign in', async () => {
    const { adapters, delivered, setHealth } = providers();
    const ctx: AppContext = { ...t.app.appContext, adapters };
    const phones = Array.from({ length: 30 }, (_, i) => `+614130${String(i).padStart(5, '0')}`);
    const ids: number[] = [];

    // Sign-in codes are asked for while the SMS provider is down: the request does not depend on it.
    for (const phone of phones) {
      expect((await askCode(phone, '10.77.0.1')).statusCode).toBe(200);
    }
    const smsRows = await t.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), inArray(outbox.recipient, phones)));
    ids.push(...smsRows.map((r) => r.id));
    for (let i = 0; i < 15; i++) {
      ids.push(
        await queueEmail(t.database.db, t.clock.now(), {
          to: `operator${i}@example.test`,
          subject: `Fortnight invoice ${i}`,
          body: 'Attached',
        }),
      );
    }
    expect(ids).toHaveLength(45);

    const log: { sent: number; failed: number }[] = [];
    setHealth('down');
    for (let i = 0; i < 3; i++) log.push(await round(ctx));
    expect(log.every((r) => r.sent === 0)).toBe(true);
    const waiting = await t.database.db.select().from(outbox).where(inArray(outbox.id, ids));
    expect(waiting.every((m) => m.status === 'pending' && m.lastError?.includes('unavailable'))).toBe(true);

    setHealth('flaky');
    for (let i = 0; i < 2; i++) log.push(await round(ctx));
    setHealth('up');
    for (let i = 0; i < 3; i++) log.push(await round(ctx));

    const rows = await t.database.db.select().from(outbox).where(inArray(outbox.id, ids));
    expect(rows.map((m) => m.status)).toEqual(ids.map(() => 'sent'));
    expect(rows.every((m) => m.attempts >= 4)).toBe(true);
    // Each message reached its provider once, and only once, across every instance and retry.
    expect(delivered.size).toBe(ids.length);
    expect([...delivered.values()].every((n) => n === 1)).toBe(true);
    expect(log.reduce((sum, r) => sum + r.sent, 0)).toBe(ids.length);

    // A code queued while the provider is down, delivered on the retry 5 s later, still signs in.
    const phone = '+61413099999';
    expect((await askCode(phone, '10.77.0.2')).statusCode).toBe(200);
    setHealth('down');
    await round(ctx, 6_000);
    setHealth('up');
    await round(ctx, 6_000);
    const [late] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, phone), eq(outbox.channel, 'sms')))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(late).toMatchObject({ status: 'sent', attempts: 2 });
    const text = unsealedBody(t.app.appContext, late!);
    expect(delivered.get(`sms:${phone}:${text}`)).toBe(1);
    const code = /sign-in code is (\d{4})\b/.exec(text)![1];
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login-phone/',
      payload: { phone, code },
      remoteAddress: '10.77.0.2',
    });
    expect(login.statusCode).toBe(200);
  });
});
