import { createServer, type Server } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { outbox } from '../../db/schema/index.js';
import { type FakeTwilio, startFakeTwilio } from '../../fakes/twilio.js';
import { smtpEmailSender } from '../../integrations/email.js';
import { twilioSmsSender } from '../../integrations/sms.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { unsealedBody } from '../../test/outbox.js';
import { deliverDueMessages, queueEmail, queueSms, retryDelaySeconds } from './outbox.service.js';

/**
 * The outbox against a fake of Twilio answering as Twilio documents it (src/fakes/twilio.ts) and a
 * small SMTP server: a refusal that would be repeated fails the message at once with the
 * provider's code and words kept; a passing one is retried; an attempt without an answer is
 * looked up at Twilio before the SMS is sent again.
 */
let t: TestApp;
let twilio: FakeTwilio;
const FROM = '+61400000001';
/**
 * The adapter's wait for Twilio. Only the `hang` answers are meant to run past it: 0.3 s timed out
 * ordinary answers of the fake on a busy machine (issue 43), so it is 2 s.
 */
const TIMEOUT_MS = 2_000;

beforeAll(async () => {
  t = await createTestApp({ SMS_SENDS_PER_ADDRESS: '1000' });
  twilio = await startFakeTwilio();
  twilio.setNow(() => t.clock.now());
});
afterAll(async () => {
  await twilio.close();
  await t.close();
});

/** Log lines at warn and error, as operators would see them. */
function recordingLog() {
  const lines: { level: 'warn' | 'error' | 'info'; fields: Record<string, unknown>; msg: string }[] = [];
  const log = Object.create(t.app.appContext.log) as FastifyBaseLogger;
  for (const level of ['info', 'warn', 'error'] as const) {
    (log as unknown as Record<string, unknown>)[level] = (fields: Record<string, unknown>, msg: string) =>
      lines.push({ level, fields, msg });
  }
  return { log, lines };
}

/** The app's context with the real Twilio adapter pointed at the fake. */
function twilioContext(authToken = twilio.authToken) {
  const { log, lines } = recordingLog();
  const sms = twilioSmsSender({
    accountSid: twilio.accountSid,
    authToken,
    from: FROM,
    apiUrl: twilio.url,
    timeoutMs: TIMEOUT_MS,
  });
  const ctx: AppContext = { ...t.app.appContext, adapters: { ...t.app.appContext.adapters, sms }, log };
  return { ctx, lines };
}

const rowOf = async (id: number) => (await t.database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
const createsFor = (to: string) => twilio.creates.filter((c) => c === to).length;
const acceptedFor = (to: string) => twilio.messages.filter((m) => m.to === to);

/** Delivers, then moves the clock past the back-off of any attempt so far (by default). */
async function round(
  ctx: AppContext,
  advanceMs = retryDelaySeconds(t.app.appContext.config.outbox.maxAttempts) * 1000,
) {
  const result = await deliverDueMessages(ctx);
  t.clock.advance(advanceMs);
  return result;
}

/** Past the first back-off, well within a sign-in code's 5 minutes. */
const FIRST_RETRY_MS = retryDelaySeconds(1) * 1000 + 1000;

describe('Twilio refusals that would be repeated', () => {
  const cases = [
    {
      name: '21211, a number Twilio cannot parse (the fake checks E.164 itself)',
      to: '0412 345 678',
      expected: "Twilio 21211: The 'To' number 0412 345 678 is not a valid phone number.",
    },
    {
      name: '21610, a recipient who replied STOP',
      to: '+61412000010',
      setUp: () => twilio.unsubscribe('+61412000010'),
      expected: 'Twilio 21610: Attempt to send to unsubscribed recipient',
    },
    {
      name: '21614, not a mobile number',
      to: '+61299990000',
      setUp: () =>
        twilio.answerNext('+61299990000', {
          status: 400,
          code: 21614,
          message: "'To' number is not a valid mobile number",
        }),
      expected: "Twilio 21614: 'To' number is not a valid mobile number",
    },
    {
      name: '21408, a region our account may not send to',
      to: '+8613800000000',
      setUp: () =>
        twilio.answerNext('+8613800000000', {
          status: 400,
          code: 21408,
          message:
            "Permission to send an SMS has not been enabled for the region indicated by the 'To' number: +8613800000000.",
        }),
      expected:
        "Twilio 21408: Permission to send an SMS has not been enabled for the region indicated by the 'To' number: +8613800000000.",
    },
  ];

  for (const c of cases) {
    it(`fails the message at once and keeps Twilio's code and message: ${c.name}`, async () => {
      const { ctx, lines } = twilioContext();
      c.setUp?.();
      const id = await queueSms(t.database.db, t.clock.now(), c.to, 'Your code is 4321');
      await round(ctx);
      expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: c.expected });
      expect(lines).toContainEqual(
        expect.objectContaining({ level: 'warn', msg: 'outbox delivery refused for good' }),
      );
      // Never tried again.
      await round(ctx);
      await round(ctx);
      expect(createsFor(c.to)).toBe(1);
      expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1 });
    });
  }
});

describe('Twilio failures that pass', () => {
  it('retries a 429 and a 500 with the back-off, then delivers once', async () => {
    const { ctx } = twilioContext();
    const to = '+61412000020';
    twilio.answerNext(
      to,
      { status: 429, code: 20429, message: 'Too Many Requests' },
      { status: 500, code: 20500, message: 'Internal Server Error' },
    );
    const id = await queueSms(t.database.db, t.clock.now(), to, 'Your order is ready');

    await deliverDueMessages(ctx);
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Twilio 20429: Too Many Requests',
    });
    // Not before the back-off.
    await deliverDueMessages(ctx);
    expect(createsFor(to)).toBe(1);

    t.clock.advance(retryDelaySeconds(1) * 1000);
    const readsBefore = twilio.reads;
    await deliverDueMessages(ctx);
    // A 429 is never processed (20429), so the retry did not look first; a 500 may have sent it (20500).
    expect(twilio.reads).toBe(readsBefore);
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastError: 'Unconfirmed: Twilio 20500: Internal Server Error',
    });

    t.clock.advance(retryDelaySeconds(2) * 1000);
    await deliverDueMessages(ctx);
    expect(twilio.reads).toBe(readsBefore + 1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(createsFor(to)).toBe(3);
    expect(acceptedFor(to)).toHaveLength(1);
  });

  it('keeps retrying while Twilio refuses our credentials, and says so in an error line', async () => {
    const { ctx, lines } = twilioContext('a-rotated-token');
    const to = '+61412000030';
    const id = await queueSms(t.database.db, t.clock.now(), to, 'Your order is ready');
    await round(ctx);
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Twilio 20003: Authenticate',
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: expect.stringContaining('TWILIO_AUTH_TOKEN'),
        fields: expect.objectContaining({ outboxId: id, kind: 'credentials' }),
      }),
    );

    // Fixed before the attempts run out: delivered.
    const fixed = twilioContext();
    await round(fixed.ctx);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(acceptedFor(to)).toHaveLength(1);
  });
});

describe('an attempt Twilio never answered', () => {
  /** A customer asks for a sign-in code; returns its outbox row's id and the text Twilio is to get. */
  async function askCode(phone: string, remoteAddress: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/send-sms/',
      payload: { phone },
      remoteAddress,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, phone), eq(outbox.channel, 'sms')))
      .orderBy(desc(outbox.id))
      .limit(1);
    // The text as Twilio receives it: the row holds it sealed.
    return { id: row!.id, body: unsealedBody(t.app.appContext, row!) };
  }

  const signIn = (phone: string, body: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/login-phone/',
      payload: { phone, code: /\b(\d{4})\b/.exec(body)![1] },
      remoteAddress,
    });

  it('finds the SMS Twilio accepted before the answer was lost, and does not send it again', async () => {
    const { ctx, lines } = twilioContext();
    const phone = '+61412000040';
    twilio.answerNext(phone, { acceptAndHang: true });
    const row = await askCode(phone, '10.88.0.1');

    await round(ctx, FIRST_RETRY_MS);
    expect(await rowOf(row.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: `Unconfirmed: Twilio did not answer within ${TIMEOUT_MS / 1000} s; the SMS may have been sent`,
    });
    await round(ctx, FIRST_RETRY_MS);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(createsFor(phone)).toBe(1);
    expect(acceptedFor(phone)).toHaveLength(1);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'outbox sms found already accepted',
        fields: expect.objectContaining({ outboxId: row.id }),
      }),
    );
    expect((await signIn(phone, acceptedFor(phone)[0]!.body, '10.88.0.1')).statusCode).toBe(200);
  });

  it('sends again when Twilio has no such message: the customer gets the code', async () => {
    const { ctx } = twilioContext();
    const phone = '+61412000050';
    twilio.answerNext(phone, { hang: true });
    const row = await askCode(phone, '10.88.0.2');

    await round(ctx, FIRST_RETRY_MS);
    expect(await rowOf(row.id)).toMatchObject({
      status: 'pending',
      lastError: expect.stringMatching(/^Unconfirmed: /),
    });
    await round(ctx, FIRST_RETRY_MS);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(createsFor(phone)).toBe(2);
    expect(acceptedFor(phone)).toHaveLength(1);
    expect((await signIn(phone, acceptedFor(phone)[0]!.body, '10.88.0.2')).statusCode).toBe(200);
  });

  it('does not take an older message with other words for this one', async () => {
    const { ctx } = twilioContext();
    const phone = '+61412000060';
    const first = await askCode(phone, '10.88.0.3');
    await round(ctx, FIRST_RETRY_MS);
    expect(await rowOf(first.id)).toMatchObject({ status: 'sent' });

    twilio.answerNext(phone, { hang: true });
    const second = await askCode(phone, '10.88.0.3');
    await round(ctx, FIRST_RETRY_MS);
    await round(ctx, FIRST_RETRY_MS);
    expect(await rowOf(second.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(acceptedFor(phone).map((m) => m.body)).toEqual([first.body, second.body]);
  });
});

/**
 * Just enough of an SMTP server (RFC 5321 §4.2) to refuse recipients: 220 greeting, 250 to EHLO and
 * MAIL, then the configured reply to RCPT for each address, 250 otherwise.
 */
async function refusingSmtp(replies: Record<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((socket) => {
    socket.write('220 fake.test ESMTP\r\n');
    let buffer = '';
    let inData = false;
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 2.0.0 queued\r\n');
          }
          continue;
        }
        const rcpt = /^RCPT TO:<([^>]*)>/i.exec(line);
        if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake.test\r\n');
        else if (/^MAIL FROM/i.test(line)) socket.write('250 2.1.0 ok\r\n');
        else if (rcpt) socket.write(`${replies[rcpt[1]!] ?? '250 2.1.5 ok'}\r\n`);
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, server };
}

describe('SMTP replies', () => {
  it('fails a 550 at once with the reply kept, retries a 451', async () => {
    const smtp = await refusingSmtp({
      'gone@example.test': '550 5.1.1 <gone@example.test>: Recipient address rejected: User unknown',
      'busy@example.test': '451 4.3.0 Temporary lookup failure',
    });
    try {
      const { log } = recordingLog();
      const email = smtpEmailSender({ url: smtp.url, from: 'kitchen@example.test' });
      const ctx: AppContext = { ...t.app.appContext, adapters: { ...t.app.appContext.adapters, email }, log };
      const gone = await queueEmail(t.database.db, t.clock.now(), {
        to: 'gone@example.test',
        subject: 'Invoice',
        body: 'x',
      });
      const busy = await queueEmail(t.database.db, t.clock.now(), {
        to: 'busy@example.test',
        subject: 'Invoice',
        body: 'x',
      });
      const fine = await queueEmail(t.database.db, t.clock.now(), {
        to: 'ops@example.test',
        subject: 'Invoice',
        body: 'x',
      });
      await deliverDueMessages(ctx);
      expect(await rowOf(gone)).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: 'SMTP 550 5.1.1 <gone@example.test>: Recipient address rejected: User unknown',
      });
      expect(await rowOf(busy)).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: 'SMTP 451 4.3.0 Temporary lookup failure',
      });
      expect(await rowOf(fine)).toMatchObject({ status: 'sent' });
    } finally {
      await new Promise((resolve) => smtp.server.close(resolve));
    }
  });
});
