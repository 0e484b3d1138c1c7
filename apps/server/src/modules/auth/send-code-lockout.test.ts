import { and, count, eq, gt, like, max } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox } from '../../db/schema/index.js';
import { createTestApp, secondInstance, type TestApp } from '../../test/app.js';
import { createCustomer } from '../../test/factories.js';
import { SMS_BUDGET_SPENT } from './auth.service.js';

/**
 * Strangers asking for sign-in codes to a customer's number can slow its codes down, never shut
 * its owner out: whatever was sent before, from however many addresses, the owner is sent a code
 * within 10 minutes, and every refusal's Retry-After is the wait it then meets (the clock is the
 * test's). The bill stays bounded: per address, per number range, per day for the whole service.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;

async function smsTo(t: TestApp, phone: string, afterId = 0): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone), gt(outbox.id, afterId)));
  return row?.n ?? 0;
}

async function lastOutboxId(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ last: max(outbox.id) }).from(outbox);
  return row?.last ?? 0;
}

const send = (t: TestApp, phone: string, address: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/send-sms/', payload: { phone }, remoteAddress: address });

const retryAfter = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);

describe('strangers cannot lock a number out of its codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('50 sends from 50 addresses, then the owner is sent a code within 10 minutes; each Retry-After is exact', async () => {
    const phone = '+61412700001';
    const before = await lastOutboxId(t);
    for (let i = 1; i <= 50; i++) {
      const res = await send(t, phone, `203.0.113.${i}`);
      expect([200, 429]).toContain(res.statusCode);
      if (res.statusCode === 429) expect(retryAfter(res)).toBeLessThanOrEqual(600);
      t.clock.advance(2 * SECOND);
    }
    const strangers = await smsTo(t, phone, before);
    expect(strangers).toBeGreaterThanOrEqual(3);

    // The owner, from their own address: sent a code at once, or told exactly when.
    const asked = t.clock.now().getTime();
    const first = await send(t, phone, '198.51.100.1');
    if (first.statusCode === 429) {
      const wait = retryAfter(first);
      expect(wait).toBeLessThanOrEqual(600);
      t.clock.advance((wait - 1) * SECOND);
      const early = await send(t, phone, '198.51.100.1');
      expect(early.statusCode).toBe(429);
      expect(retryAfter(early)).toBe(1);
      t.clock.advance(SECOND);
      expect((await send(t, phone, '198.51.100.1')).statusCode).toBe(200);
    } else {
      expect(first.statusCode).toBe(200);
    }
    expect(t.clock.now().getTime() - asked).toBeLessThanOrEqual(10 * MINUTE);
    expect(await smsTo(t, phone, before)).toBe(strangers + 1);
  });

  it('a stranger sending at every moment allowed for a day never makes anyone wait more than 10 minutes', async () => {
    const phone = '+61412710002';
    const warnings = vi.spyOn(t.app.appContext.log, 'warn');
    const start = t.clock.now().getTime();
    let sends = 0;
    let address = 0;
    // The stranger asks, waits exactly the Retry-After it is given, and asks again: each time it is
    // sent a code (the wait was the truth), and no wait is longer than 10 minutes.
    while (t.clock.now().getTime() - start < 24 * 60 * MINUTE) {
      const res = await send(t, phone, `203.0.114.${++address % 250}`);
      if (res.statusCode === 200) {
        sends += 1;
        continue;
      }
      expect(res.statusCode).toBe(429);
      const wait = retryAfter(res);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(600);
      t.clock.advance(wait * SECOND);
      const again = await send(t, phone, `203.0.114.${++address % 250}`);
      expect(again.statusCode, `sent after the ${wait} s it was told`).toBe(200);
      sends += 1;
    }
    // About one code per 10 minutes once spaced out: the bill of a day of this is bounded.
    expect(sends).toBeLessThanOrEqual(3 + 4 + 24 * 6);
    // Said once in the log, without the number's last digits.
    const flooded = warnings.mock.calls.filter(
      (c) => (c[0] as { code?: string }).code === 'SMS_PHONE_FLOODED',
    );
    warnings.mockRestore();
    expect(flooded).toHaveLength(1);
    expect(flooded[0]![0]).toMatchObject({ phone: '+6141271****', sent: 11 });
    const owner = await send(t, phone, '198.51.100.2');
    const wait = owner.statusCode === 200 ? 0 : retryAfter(owner);
    expect(wait).toBeLessThanOrEqual(600);
    t.clock.advance(wait * SECOND);
    expect((await send(t, phone, '198.51.100.2')).statusCode).toBe(200);
  }, 120_000);

  it("sends a number's first codes without a wait, then spaces them out 1, 2, 4, 8, 10, 10 minutes", async () => {
    const phone = '+61412720003';
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await send(t, phone, `198.51.100.${30 + i}`);
      if (res.statusCode === 200) {
        waits.push(0);
        continue;
      }
      waits.push(retryAfter(res));
      t.clock.advance(retryAfter(res) * SECOND);
      expect((await send(t, phone, `198.51.100.${30 + i}`)).statusCode).toBe(200);
    }
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    expect(waits.slice(3)).toEqual([60, 120, 240, 480, 600, 600]);
  });
});

describe('SMS pumping stays bounded', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMS_DAILY_BUDGET: '30', SMS_SENDS_PER_PREFIX_PER_HOUR: '20' });
  });
  afterAll(() => t.close());

  it("caps codes to one range of new numbers per hour, truthfully, but never holds back a customer's number", async () => {
    const before = await lastOutboxId(t);
    const start = t.clock.now().getTime();
    const statuses: number[] = [];
    let lastRefusal: LightMyRequestResponse | null = null;
    for (let i = 0; i < 25; i++) {
      const res = await send(t, `+61499900${String(i).padStart(3, '0')}`, `192.0.2.${i + 1}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) lastRefusal = res;
      t.clock.advance(SECOND);
    }
    expect(statuses).toEqual([...Array(20).fill(200), ...Array(5).fill(429)]);
    // The first of the range's codes leaves the hour 3,600 s after it was sent, 24 s before.
    expect(retryAfter(lastRefusal!)).toBe(3600 - 24);
    // A customer's number in the same range is sent its code.
    const customer = await createCustomer(t.database.db, { phone: '+61499909999' });
    expect((await send(t, customer.phone!, '192.0.2.200')).statusCode).toBe(200);
    // A new number of the range is sent one once the hour frees a place, not a second earlier.
    t.clock.set(new Date(start + 3600 * SECOND - SECOND));
    expect((await send(t, '+61499900100', '192.0.2.201')).statusCode).toBe(429);
    t.clock.advance(SECOND);
    expect((await send(t, '+61499900100', '192.0.2.201')).statusCode).toBe(200);
    const [queued] = await t.database.db
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), gt(outbox.id, before), like(outbox.recipient, '+6149990%')));
    expect(queued?.n).toBe(22);
  });

  it('stops at the daily budget with 503 until midnight UTC, with an error line at 80 %', async () => {
    const errors = vi.spyOn(t.app.appContext.log, 'error');
    try {
      // 22 sent so far today; 8 more are the budget of 30.
      const statuses: number[] = [];
      let refusal: LightMyRequestResponse | null = null;
      for (let i = 0; i < 12; i++) {
        const res = await send(t, `+6148${String(i).padStart(2, '0')}00000`, `192.0.3.${i + 1}`);
        statuses.push(res.statusCode);
        if (res.statusCode === 503) refusal = res;
      }
      expect(statuses).toEqual([...Array(8).fill(200), ...Array(4).fill(503)]);
      expect(refusal!.json()).toMatchObject({ success: false, error: SMS_BUDGET_SPENT });
      const now = t.clock.now();
      const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
      expect(retryAfter(refusal!)).toBe(Math.ceil((midnight - now.getTime()) / 1000));
      const codes = errors.mock.calls.map((c) => (c[0] as { code?: string }).code);
      expect(codes.filter((c) => c === 'SMS_BUDGET_NEAR')).toHaveLength(1);
      expect(codes.filter((c) => c === 'SMS_BUDGET_SPENT')).toHaveLength(1);
      t.clock.set(new Date(midnight));
      expect((await send(t, '+61498700000', '192.0.3.100')).statusCode).toBe(200);
    } finally {
      errors.mockRestore();
    }
  });
});

/**
 * On PostgreSQL the requests really run side by side, on two instances: the counts are taken under
 * the keys' locks, so no limit is passed, and the owner is still sent a code.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('parallel sends on two instances (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMS_DAILY_BUDGET: '40', SMS_SENDS_PER_PREFIX_PER_HOUR: '20' });
  });
  afterAll(() => t.close());

  it('200 parallel sends from 200 addresses pass no limit and do not lock the owner out', async () => {
    const other = await secondInstance(t);
    try {
      const victim = '+61412800000';
      const before = await lastOutboxId(t);
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => {
          const app = i % 2 === 0 ? t.app : other;
          // Half to the victim, half to new numbers of one premium-looking range.
          const phone = i % 4 < 2 ? victim : `+6149000${String(i).padStart(4, '0')}`;
          return app.inject({
            method: 'POST',
            url: '/api/v1/send-sms/',
            payload: { phone },
            remoteAddress: `203.0.115.${i % 250}`,
          });
        }),
      );
      expect(answers.filter((a) => ![200, 429].includes(a.statusCode))).toEqual([]);
      expect(await smsTo(t, victim, before)).toBe(3);
      const [range] = await t.database.db
        .select({ n: count() })
        .from(outbox)
        .where(and(eq(outbox.channel, 'sms'), gt(outbox.id, before), like(outbox.recipient, '+6149000%')));
      expect(range?.n).toBe(20);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(23);
      const longest = Math.max(...answers.filter((a) => a.statusCode === 429).map(retryAfter));
      expect(longest).toBeLessThanOrEqual(3600);

      // The owner: told the truth, and sent a code then.
      const owner = await send(t, victim, '198.51.100.9');
      expect(owner.statusCode).toBe(429);
      expect(retryAfter(owner)).toBe(60);
      t.clock.advance(60 * SECOND);
      expect(
        (
          await other.inject({
            method: 'POST',
            url: '/api/v1/send-sms/',
            payload: { phone: victim },
            remoteAddress: '198.51.100.9',
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('parallel sends to new numbers of many ranges stop exactly at the daily budget', async () => {
    const other = await secondInstance(t);
    try {
      const before = await lastOutboxId(t);
      // 24 sent so far today; 16 left of 40.
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          (i % 2 === 0 ? t.app : other).inject({
            method: 'POST',
            url: '/api/v1/send-sms/',
            payload: { phone: `+614${String(i).padStart(3, '0')}00000` },
            remoteAddress: `203.0.116.${i}`,
          }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(16);
      expect(answers.filter((a) => a.statusCode === 503)).toHaveLength(84);
      const [sent] = await t.database.db
        .select({ n: count() })
        .from(outbox)
        .where(and(eq(outbox.channel, 'sms'), gt(outbox.id, before)));
      expect(sent?.n).toBe(16);
    } finally {
      await other.close();
    }
  });
});
