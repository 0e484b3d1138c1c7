import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTwilio, startFakeTwilio } from '../fakes/twilio.js';
import { twilioSignature, twilioSignatureMatches, twilioSmsSender } from './sms.js';

/**
 * Twilio's request signature, with the example of its own page
 * (https://www.twilio.com/docs/usage/security, "Validating Signatures from Twilio": auth token
 * 12345, a POST to https://mycompany.com/myapp.php?foo=1&bar=2 with these five parameters, and the
 * signature Twilio shows for them), and the adapter's StatusCallback.
 */
const TOKEN = '12345';
const URL_WITH_QUERY = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS: [string, string][] = [
  ['CallSid', 'CA1234567890ABCDE'],
  ['Caller', '+14158675309'],
  ['Digits', '1234'],
  ['From', '+14158675309'],
  ['To', '+18005551212'],
];
const TWILIO_EXAMPLE = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

describe("Twilio's request signature", () => {
  it("is Twilio's own example's, whatever order the parameters come in", () => {
    expect(twilioSignature(TOKEN, URL_WITH_QUERY, PARAMS)).toBe(TWILIO_EXAMPLE);
    expect(twilioSignature(TOKEN, URL_WITH_QUERY, [...PARAMS].reverse())).toBe(TWILIO_EXAMPLE);
    // As the form arrives on the wire.
    const form = new URLSearchParams(
      'To=%2B18005551212&From=%2B14158675309&Digits=1234&Caller=%2B14158675309&CallSid=CA1234567890ABCDE',
    );
    expect(twilioSignature(TOKEN, URL_WITH_QUERY, form)).toBe(TWILIO_EXAMPLE);
  });

  it('matches the example and nothing else: another token, URL, query, value or parameter', () => {
    expect(twilioSignatureMatches(TOKEN, URL_WITH_QUERY, PARAMS, TWILIO_EXAMPLE)).toBe(true);
    expect(twilioSignatureMatches(TOKEN, URL_WITH_QUERY, PARAMS, ` ${TWILIO_EXAMPLE}\n`)).toBe(true);
    expect(twilioSignatureMatches('54321', URL_WITH_QUERY, PARAMS, TWILIO_EXAMPLE)).toBe(false);
    expect(twilioSignatureMatches(TOKEN, 'https://mycompany.com/myapp.php', PARAMS, TWILIO_EXAMPLE)).toBe(
      false,
    );
    expect(
      twilioSignatureMatches(TOKEN, 'https://mycompany.com/myapp.php?bar=2&foo=1', PARAMS, TWILIO_EXAMPLE),
    ).toBe(false);
    const changed = PARAMS.map(([k, v]): [string, string] => [k, k === 'Digits' ? '4321' : v]);
    expect(twilioSignatureMatches(TOKEN, URL_WITH_QUERY, changed, TWILIO_EXAMPLE)).toBe(false);
    expect(
      twilioSignatureMatches(TOKEN, URL_WITH_QUERY, [...PARAMS, ['ErrorCode', '30003']], TWILIO_EXAMPLE),
    ).toBe(false);
  });

  it('refuses a missing, empty, truncated or foreign header without throwing', () => {
    for (const given of [undefined, '', TWILIO_EXAMPLE.slice(0, 20), 'not base64 at all', 'QUJD']) {
      expect(twilioSignatureMatches(TOKEN, URL_WITH_QUERY, PARAMS, given)).toBe(false);
    }
  });

  it('takes each value of a name posted twice, in order of value', () => {
    const once = twilioSignature(TOKEN, URL_WITH_QUERY, [
      ['MediaUrl', 'b'],
      ['MediaUrl', 'a'],
    ]);
    expect(once).toBe(
      twilioSignature(TOKEN, URL_WITH_QUERY, [
        ['MediaUrl', 'a'],
        ['MediaUrl', 'b'],
      ]),
    );
  });
});

describe("the Twilio adapter's StatusCallback", () => {
  let twilio: FakeTwilio;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
    twilio.callbackMode('manual');
  });
  afterAll(() => twilio.close());

  const sender = (statusCallbackUrl: string | null) =>
    twilioSmsSender({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: '+61400000001',
      apiUrl: twilio.url,
      statusCallbackUrl,
    });

  it('is sent with every message when configured, and Twilio then posts the statuses there', async () => {
    const url = 'http://127.0.0.1:9/api/v1/notifications/twilio/status/?region=au';
    const sent = await sender(url).send({ to: '+61412000001', body: 'Your code is 1234' });
    expect(sent).toEqual({ providerId: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'queued' });
    await twilio.flushCallbacks();
    expect(twilio.callbacks.filter((c) => c.sid === sent.providerId).map((c) => [c.status, c.url])).toEqual([
      ['sending', url],
      ['sent', url],
      ['delivered', url],
    ]);
  });

  it('is not sent without the setting: Twilio has nowhere to post', async () => {
    const before = twilio.callbacks.length;
    const sent = await sender(null).send({ to: '+61412000002', body: 'Your code is 5678' });
    expect(sent.status).toBe('queued');
    await twilio.flushCallbacks();
    expect(twilio.callbacks.length).toBe(before);
  });
});

describe("the fake Twilio's callbacks, on their own", () => {
  it('posts each status shortly after the answer, form-encoded and signed as Twilio signs', async () => {
    const received: { status: string | null; valid: boolean; type?: string }[] = [];
    let url = '';
    const endpoint = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const params = new URLSearchParams(body);
        const signature = req.headers['x-twilio-signature'] as string | undefined;
        received.push({
          status: params.get('MessageStatus'),
          valid: twilioSignatureMatches(twilio.authToken, url, params, signature),
          type: req.headers['content-type'],
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/status/?region=au`;
    const twilio = await startFakeTwilio({ callbackDelayMs: 5 });
    try {
      const to = '+61412000003';
      twilio.undeliverable(to, 30006);
      await twilioSmsSender({
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        from: '+61400000001',
        apiUrl: twilio.url,
        statusCallbackUrl: url,
      }).send({ to, body: 'Your code is 9999' });
      await expect.poll(() => received.length).toBe(3);
      expect(received).toEqual(
        ['sending', 'sent', 'undelivered'].map((status) => ({
          status,
          valid: true,
          type: 'application/x-www-form-urlencoded',
        })),
      );
      expect(twilio.messages.at(-1)).toMatchObject({ status: 'undelivered', error_code: 30006 });
    } finally {
      await twilio.close();
      await new Promise((resolve) => endpoint.close(resolve));
    }
  });
});
