import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { outbox } from '../../db/schema/index.js';
import type { Adapters } from '../../integrations/adapters.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { codeFromOutbox } from '../../test/outbox.js';
import {
  deliverDueMessages,
  pruneOutbox,
  queueEmail,
  queueSealedSms,
  queueSms,
  retryDelaySeconds,
  UNOPENABLE_BODY,
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

  it('shows the newest messages in demo mode only, sign-in codes opened', async () => {
    await queueSms(t.database.db, t.clock.now(), '+61400000333', 'Your code is 1234');
    await queueSealedSms(t.database.db, OTHER_SECRET, t.clock.now(), '+61400000334', 'Old code 5678');
    expect((await askCode('+61400000335')).statusCode).toBe(200);
    const code = await codeFromOutbox(t.app.appContext, '+61400000335');
    const res = await t.app.inject({ url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const [newest, unopenable, plain] = res.json().messages;
    expect(newest).toMatchObject({
      channel: 'sms',
      to: '+61400000335',
      body: `Your Kitchaco sign-in code is ${code}. It expires in 5 minutes. Never share it.`,
    });
    expect(unopenable).toMatchObject({ to: '+61400000334', body: UNOPENABLE_BODY });
    expect(plain).toMatchObject({ channel: 'sms', to: '+61400000333', body: 'Your code is 1234' });

    const { buildApp } = await import('../../app.js');
    const production = await buildApp({
      config: loadConfig({
        NODE_ENV: 'production',
        PROVIDER_ABN: '51 824 753 556',
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

const OTHER_SECRET = 'a-secret-this-server-was-never-given-0123456789';
let address = 0;
const askCode = (phone: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/send-sms/',
    payload: { phone },
    remoteAddress: `10.35.0.${++address}`,
  });

describe('sealed sign-in codes', () => {
  it('stores the sign-in code SMS sealed: no code and no text in the row', async () => {
    const phone = '+61400000444';
    expect((await askCode(phone)).statusCode).toBe(200);
    const code = await codeFromOutbox(t.app.appContext, phone);
    // Read as anyone with the database (or a backup of it) would, not through the app's code.
    const result = await t.database.db.execute(
      sql`SELECT channel::text, subject, body FROM outbox WHERE recipient = ${phone}`,
    );
    const rows = (result as unknown as { rows: { channel: string; subject: string | null; body: string }[] })
      .rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'sms', subject: null });
    expect(rows[0]!.body).toMatch(/^sealed:v1:[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(rows[0]!.body).not.toContain(code);
    const readable = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM outbox WHERE body LIKE '%sign-in code%' OR body LIKE ${`%${code}.%`}`,
    );
    expect((readable as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('hands the SMS adapter the plain text, and the code it carries signs in', async () => {
    const { adapters, sent } = recordingAdapters();
    const phone = '+61400000555';
    expect((await askCode(phone)).statusCode).toBe(200);
    await deliverDueMessages(contextWith(adapters));
    const texts = sent.filter((s) => s.startsWith(`sms:${phone}:`));
    expect(texts).toHaveLength(1);
    const code =
      /^sms:\+61400000555:Your Kitchaco sign-in code is (\d{4})\. It expires in 5 minutes\. Never share it\.$/.exec(
        texts[0]!,
      )?.[1];
    expect(code).toBeDefined();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login-phone/',
      payload: { phone, code },
      remoteAddress: `10.35.0.${address}`,
    });
    expect(login.statusCode).toBe(200);
  });

  it('fails a code sealed under another APP_SECRET (or moved to another number) at once, sends nothing, says why', async () => {
    const { adapters, sent } = recordingAdapters();
    const ctx = contextWith(adapters);
    const errors = vi.spyOn(ctx.log, 'error');
    const foreign = await queueSealedSms(
      t.database.db,
      OTHER_SECRET,
      t.clock.now(),
      '+61400000666',
      'Your Kitchaco sign-in code is 1234.',
    );
    // Sealed for one number, then pointed at another: the recipient is sealed with the text.
    const moved = await queueSealedSms(
      t.database.db,
      t.app.appContext.config.secret,
      t.clock.now(),
      '+61400000667',
      'Your Kitchaco sign-in code is 4321.',
    );
    await t.database.db.update(outbox).set({ recipient: '+61400000668' }).where(eq(outbox.id, moved));
    const plain = await queueSms(
      t.database.db,
      t.clock.now(),
      '+61400000669',
      'Kitchaco: order #1 is now Ready.',
    );

    await deliverDueMessages(ctx);
    const rows = await t.database.db
      .select()
      .from(outbox)
      .where(inArray(outbox.id, [foreign, moved, plain]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of [foreign, moved]) {
      expect(byId.get(id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: 'Cannot unseal: sealed under another APP_SECRET, or altered; not sent',
      });
    }
    expect(sent.filter((s) => /\+6140000066[678]/.test(s))).toEqual([]);
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ outboxId: foreign, code: 'OUTBOX_UNSEALABLE' }),
      expect.stringContaining('APP_SECRET'),
    );
    // The rest of the batch is delivered as usual.
    expect(byId.get(plain)).toMatchObject({ status: 'sent' });

    // A failed message is not claimed again.
    t.clock.advance(3_600_000);
    await deliverDueMessages(ctx);
    expect(sent.filter((s) => /\+6140000066[678]/.test(s))).toEqual([]);
  });

  it('still delivers a plain sign-in code row written before sealing (0.9.0), as it is', async () => {
    const { adapters, sent } = recordingAdapters();
    const id = await queueSms(
      t.database.db,
      t.clock.now(),
      '+61400000777',
      'Your Kitchaco sign-in code is 2468. It expires in 5 minutes. Never share it.',
    );
    await deliverDueMessages(contextWith(adapters));
    expect(sent).toContain(
      'sms:+61400000777:Your Kitchaco sign-in code is 2468. It expires in 5 minutes. Never share it.',
    );
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', lastError: null });
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
