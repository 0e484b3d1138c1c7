import { and, count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';

/**
 * A script asking for sign-in codes as fast as it can, from one address, in bursts of concurrent
 * requests (on PostgreSQL they really run side by side): the per-address limit holds, so the bill
 * for text messages stays at five.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in code abuse', () => {
  it('1,000 send-code requests from one address cause at most 5 SMS', async () => {
    const [before] = await t.database.db.select({ last: max(outbox.id) }).from(outbox);
    const last = before?.last ?? 0;
    const address = '198.51.100.7';
    const statuses: number[] = [];
    const started = performance.now();
    for (let burst = 0; burst < 10; burst++) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => {
          const n = burst * 100 + i;
          // Half to one victim's phone, half to a fresh phone each time.
          const phone = n % 2 === 0 ? '+61412000000' : `+614130${String(n).padStart(5, '0')}`;
          return t.app.inject({
            method: 'POST',
            url: '/api/v1/send-sms/',
            payload: { phone },
            remoteAddress: address,
          });
        }),
      );
      statuses.push(...answers.map((a) => a.statusCode));
    }
    const seconds = (performance.now() - started) / 1000;
    expect(statuses).toHaveLength(1000);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const [row] = await t.database.db
      .select({ sms: count() })
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), gt(outbox.id, last)));
    const sms = row?.sms;
    expect(sms).toBe(5);
    console.info(`1,000 send-code requests from one address: ${sms} SMS queued, ${seconds.toFixed(1)} s`);

    // Another address is not held back by the first one's abuse.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/send-sms/',
      payload: { phone: '+61413999999' },
      remoteAddress: '198.51.100.8',
    });
    expect(other.statusCode).toBe(200);
  });
});
