import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { outbox } from '../../db/schema/index.js';
import type { Adapters } from '../../integrations/adapters.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  deliverDueMessages,
  pruneOutbox,
  queueEmail,
  queueSms,
  retryDelaySeconds,
} from './outbox.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Adapters that record what they send and can be made to fail. */
function recordingAdapters() {
  const sent: string[] = [];
  let failing = false;
  const adapters: Adapters = {
    payments: t.app.appContext.adapters.payments,
    images: t.app.appContext.adapters.images,
    cardTerminals: t.app.appContext.adapters.cardTerminals,
    facebook: t.app.appContext.adapters.facebook,
    sms: {
      name: 'test',
      async send(m) {
        if (failing) throw new Error('provider down');
        sent.push(`sms:${m.to}:${m.body}`);
        return { providerId: String(sent.length) };
      },
    },
    email: {
      name: 'test',
      async send(m) {
        if (failing) throw new Error('provider down');
        sent.push(`email:${m.to}:${m.subject}:${m.attachments.length}`);
        return { providerId: String(sent.length) };
      },
    },
  };
  return { adapters, sent, setFailing: (v: boolean) => (failing = v) };
}

function contextWith(adapters: Adapters): AppContext {
  return { ...t.app.appContext, adapters };
}

describe('outbox', () => {
  it('keeps nothing of a rolled-back transaction', async () => {
    const before = (await t.database.db.select().from(outbox)).length;
    await t.database.db
      .transaction(async (tx) => {
        await queueSms(tx, t.clock.now(), '+61400000111', 'never');
        throw new Error('rollback');
      })
      .catch(() => {});
    expect((await t.database.db.select().from(outbox)).length).toBe(before);
  });

  it('retries while the provider is down, then delivers each message exactly once', async () => {
    const { adapters, sent, setFailing } = recordingAdapters();
    const ctx = contextWith(adapters);
    const id = await queueEmail(t.database.db, t.clock.now(), {
      to: 'ops@example.test',
      subject: 'Report',
      body: 'Attached',
      attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: 'JVBERi0=' }],
    });
    setFailing(true);
    expect(await deliverDueMessages(ctx)).toMatchObject({ sent: 0 });
    let [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider down' });

    // Not due yet: nothing is tried again before the back-off has passed.
    expect((await deliverDueMessages(ctx)).failed).toBe(0);
    setFailing(false);
    t.clock.advance(retryDelaySeconds(1) * 1000);
    await deliverDueMessages(ctx);
    [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    t.clock.advance(3_600_000);
    await deliverDueMessages(ctx);
    expect(sent.filter((s) => s.startsWith('email:ops@example.test'))).toEqual([
      'email:ops@example.test:Report:1',
    ]);
  });

  it('gives up after the configured attempts and marks the message failed', async () => {
    const { adapters, setFailing } = recordingAdapters();
    setFailing(true);
    const ctx = contextWith(adapters);
    const id = await queueSms(t.database.db, t.clock.now(), '+61400000222', 'hello');
    for (let i = 0; i < t.app.appContext.config.outbox.maxAttempts; i++) {
      await deliverDueMessages(ctx);
      t.clock.advance(3_600_000);
    }
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.status).toBe('failed');
  });

  it('shows the newest messages in demo mode only', async () => {
    await queueSms(t.database.db, t.clock.now(), '+61400000333', 'Your code is 1234');
    const res = await t.app.inject({ url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages[0]).toMatchObject({
      channel: 'sms',
      to: '+61400000333',
      body: 'Your code is 1234',
    });

    const { buildApp } = await import('../../app.js');
    const production = await buildApp({
      config: loadConfig({
        NODE_ENV: 'production',
        ALLOW_EMBEDDED_DATABASE: 'true',
        APP_SECRET: 'x'.repeat(40),
        PAYMENTS_PROVIDER: 'test',
        LOG_LEVEL: 'silent',
      }),
      database: t.database,
      logger: false,
    });
    expect((await production.inject({ url: '/api/dev/outbox' })).statusCode).toBe(404);
    await production.close();
  });
});

describe('outbox retention', () => {
  it('deletes delivered and failed messages older than OUTBOX_RETENTION_DAYS, never one still owed', async () => {
    const db = t.database.db;
    const now = t.clock.now().getTime();
    const days = (n: number) => new Date(now - n * 86_400_000);
    const write = async (status: 'sent' | 'failed' | 'pending', age: number, recipient: string) => {
      const id = await queueEmail(db, days(age), {
        to: recipient,
        subject: 'Retention',
        body: 'A message with an attachment',
        attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', content: 'JVBERi0=' }],
      });
      await db.update(outbox).set({ status }).where(eq(outbox.id, id));
      return id;
    };
    const oldSent = await write('sent', 31, 'old-sent@retention.test');
    const oldFailed = await write('failed', 45, 'old-failed@retention.test');
    const oldPending = await write('pending', 60, 'old-pending@retention.test');
    const recentSent = await write('sent', 29, 'recent-sent@retention.test');

    expect(t.app.appContext.config.outbox.retentionDays).toBe(30);
    await pruneOutbox(t.app.appContext);
    const left = new Set((await db.select({ id: outbox.id }).from(outbox)).map((r) => r.id));
    expect(left.has(oldSent)).toBe(false);
    expect(left.has(oldFailed)).toBe(false);
    expect(left.has(oldPending)).toBe(true);
    expect(left.has(recentSent)).toBe(true);
  });
});
