import { randomBytes } from 'node:crypto';
import { adminOutboxResponse } from '@kitchaco/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index.js';
import { twilioSignature } from '../../integrations/sms.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { clientCalls } from '../../test/calls.js';
import { markSent } from './outbox.queries.js';
import { queueSms } from './outbox.service.js';

/**
 * Twilio's status callbacks at POST /api/v1/notifications/twilio/status/ (docs/operations.md, "SMS
 * delivery status"): signed with X-Twilio-Signature over the configured URL (here with a query
 * string, which the signature covers) and every posted parameter; out of order and repeated, the
 * outbox row only moves forward.
 */
const ROUTE = '/api/v1/notifications/twilio/status/';
const CALLBACK_URL = `https://orders.example.com${ROUTE}?region=au`;
const AUTH_TOKEN = 'twilio-auth-token-for-tests';
const ACCOUNT = 'AC00000000000000000000000000000001';
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const PHONE = '+61412345678';

let t: TestApp;
let admin: string;
const calls = clientCalls(() => t.app);

beforeAll(async () => {
  t = await createTestApp({
    TWILIO_ACCOUNT_SID: ACCOUNT,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM: '+61400000001',
    // Nothing is sent in this file: the API is never called.
    TWILIO_API_URL: 'http://127.0.0.1:9',
    TWILIO_STATUS_CALLBACK_URL: CALLBACK_URL,
    METRICS_TOKEN,
  });
  admin = (await tokenFor(t.database.db, 'super_admin')).token;
});
afterAll(() => t.close());

const newSid = () => `SM${randomBytes(16).toString('hex')}`;

/** An SMS the worker handed to Twilio, which answered `queued` with this MessageSid. */
async function sentSms(sid = newSid()) {
  const id = await queueSms(t.database.db, t.clock.now(), PHONE, 'Your code is 1234');
  await markSent(t.database.db, id, t.clock.now(), { providerId: sid, deliveryStatus: 'queued' });
  return { id, sid };
}

const rowOf = async (id: number) => (await t.database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

/** The form Twilio posts for a status of a message (track-outbound-message-status, "Step 1"). */
function form(sid: string, status: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    ApiVersion: '2010-04-01',
    AccountSid: ACCOUNT,
    From: '+61400000001',
    To: PHONE,
    MessageSid: sid,
    MessageStatus: status,
    SmsSid: sid,
    SmsStatus: status,
    ...extra,
  });
}

/** Posts a form as Twilio does, signed over `url` with `token` unless a signature is given. */
function post(
  params: URLSearchParams,
  options: { token?: string; url?: string; signature?: string | null } = {},
) {
  const signature =
    options.signature === undefined
      ? twilioSignature(options.token ?? AUTH_TOKEN, options.url ?? CALLBACK_URL, params)
      : options.signature;
  return t.app.inject({
    method: 'POST',
    // Twilio calls the URL as configured, query included.
    url: `${ROUTE}?region=au`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: params.toString(),
  });
}

async function deliveryCount(status: string): Promise<number> {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = new RegExp(`^kitchaco_sms_delivery_total\\{status="${status}"\\} (\\d+)$`, 'm').exec(res.body);
  return Number(line?.[1] ?? Number.NaN);
}

describe('the signature', () => {
  it('takes a callback signed over the configured URL with its query and every parameter', async () => {
    const { id, sid } = await sentSms();
    const res = await post(form(sid, 'sent'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, outcome: 'applied' });
    expect((await rowOf(id)).deliveryStatus).toBe('sent');
  });

  it.each([
    ['no signature', { signature: null }],
    ['an empty signature', { signature: '' }],
    ['another auth token', { token: 'not-our-token' }],
    ['the URL without its query', { url: `https://orders.example.com${ROUTE}` }],
    ['another host', { url: `https://elsewhere.example${ROUTE}?region=au` }],
    ['garbage', { signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=' }],
  ] as const)('refuses %s with 403 and changes nothing', async (_name, options) => {
    const { id, sid } = await sentSms();
    const res = await post(form(sid, 'delivered'), options);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden' });
    expect(await rowOf(id)).toMatchObject({ deliveryStatus: 'queued', deliveryFinalAt: null });
  });

  it('refuses a form changed after it was signed (a status or an error code added)', async () => {
    const { id, sid } = await sentSms();
    const signed = form(sid, 'sent');
    const signature = twilioSignature(AUTH_TOKEN, CALLBACK_URL, signed);
    const changed = form(sid, 'undelivered');
    expect((await post(changed, { signature })).statusCode).toBe(403);
    const added = form(sid, 'sent', { ErrorCode: '30003' });
    expect((await post(added, { signature })).statusCode).toBe(403);
    expect((await rowOf(id)).deliveryStatus).toBe('queued');
  });

  it('covers parameters the platform does not read, and encoded values, as Twilio sends them', async () => {
    const { id, sid } = await sentSms();
    const params = form(sid, 'delivered', { RawDlrDoneDate: '2611180215', Body: 'a + b & c = d%' });
    expect((await post(params)).json()).toEqual({ success: true, outcome: 'applied' });
    expect((await rowOf(id)).deliveryStatus).toBe('delivered');
  });
});

describe('bad input', () => {
  it('answers 400 naming the field of a signed callback it cannot read, and changes nothing', async () => {
    const { id, sid } = await sentSms();
    const bogus = await post(form(sid, 'teleported'));
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().error).toContain('MessageStatus must be one of');
    const noSid = form(sid, 'delivered');
    noSid.delete('MessageSid');
    const missing = await post(noSid);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('MessageSid');
    const badCode = await post(form(sid, 'undelivered', { ErrorCode: '30003; DROP TABLE outbox' }));
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error).toContain('ErrorCode');
    expect((await rowOf(id)).deliveryStatus).toBe('queued');
  });
});

describe('order and repeats', () => {
  it('never moves a row back: a late sent after delivered is stale, a repeat a duplicate', async () => {
    const { id, sid } = await sentSms();
    const before = await deliveryCount('delivered');
    expect((await post(form(sid, 'delivered'))).json().outcome).toBe('applied');
    const finalAt = (await rowOf(id)).deliveryFinalAt;
    expect(finalAt).toEqual(t.clock.now());
    t.clock.advance(60_000);
    expect((await post(form(sid, 'sent'))).json().outcome).toBe('stale');
    expect((await post(form(sid, 'sending'))).json().outcome).toBe('stale');
    expect((await post(form(sid, 'delivered'))).json().outcome).toBe('duplicate');
    expect(await rowOf(id)).toMatchObject({ deliveryStatus: 'delivered', deliveryFinalAt: finalAt });
    // Counted once, however often Twilio repeats it.
    expect(await deliveryCount('delivered')).toBe(before + 1);
  });

  it('keeps the first end: undelivered with its error code stays, a later delivered changes nothing', async () => {
    const { id, sid } = await sentSms();
    expect((await post(form(sid, 'sent'))).json().outcome).toBe('applied');
    const undelivered = await post(form(sid, 'undelivered', { ErrorCode: '30003' }));
    expect(undelivered.json().outcome).toBe('applied');
    expect((await post(form(sid, 'delivered'))).json().outcome).toBe('stale');
    expect(await rowOf(id)).toMatchObject({
      status: 'sent',
      deliveryStatus: 'undelivered',
      deliveryErrorCode: '30003',
      deliveryFinalAt: t.clock.now(),
    });
  });

  it('ends at the furthest status when callbacks race (on PostgreSQL: at the same time)', async () => {
    const messages = await Promise.all(Array.from({ length: 8 }, () => sentSms()));
    await Promise.all(
      messages.flatMap(({ sid }) =>
        ['sending', 'delivered', 'sent', 'delivered', 'sending'].map((status) => post(form(sid, status))),
      ),
    );
    for (const { id } of messages) expect((await rowOf(id)).deliveryStatus).toBe('delivered');
  });

  it('goes on from delivered to read (a read receipt)', async () => {
    const { id, sid } = await sentSms();
    await post(form(sid, 'delivered'));
    expect((await post(form(sid, 'read'))).json().outcome).toBe('applied');
    expect((await rowOf(id)).deliveryStatus).toBe('read');
  });

  it('answers 200 to an unknown MessageSid and changes nothing', async () => {
    const { id } = await sentSms();
    const res = await post(form(newSid(), 'delivered'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, outcome: 'unknown' });
    expect((await rowOf(id)).deliveryStatus).toBe('queued');
  });
});

describe('what a super admin sees', () => {
  it('lists the delivery status, the error code and when it ended, beside the outbox status', async () => {
    const { id, sid } = await sentSms();
    await post(form(sid, 'failed', { ErrorCode: '30005' }));
    const res = await calls.adminData(admin, { query_type: 'admin_outbox', channel: 'sms', limit: 200 });
    expect(res.statusCode).toBe(200);
    const listed = adminOutboxResponse.parse(res.json()).messages.find((m) => m.id === id);
    expect(listed).toMatchObject({
      status: 'sent',
      provider_id: sid,
      delivery_status: 'failed',
      delivery_error_code: '30005',
      delivery_final_at: t.clock.now().toISOString(),
    });
  });
});

describe('without Twilio or its callback URL configured', () => {
  it.each([
    ['no Twilio', {}, 'TWILIO_ACCOUNT_SID'],
    [
      'Twilio without TWILIO_STATUS_CALLBACK_URL',
      { TWILIO_ACCOUNT_SID: ACCOUNT, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM: '+61400000001' },
      'TWILIO_STATUS_CALLBACK_URL',
    ],
  ])(
    'answers 404 with %s, naming the settings: no SMS was sent with a callback here',
    async (_name, env, named) => {
      const other = await createTestApp(env);
      try {
        const params = form(newSid(), 'delivered');
        const res = await other.app.inject({
          method: 'POST',
          url: ROUTE,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-twilio-signature': twilioSignature(AUTH_TOKEN, CALLBACK_URL, params),
          },
          payload: params.toString(),
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toContain(named);
      } finally {
        await other.close();
      }
    },
  );
});
