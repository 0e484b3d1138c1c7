import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of Twilio's Programmable Messaging REST API (2010-04-01) for server tests, in memory, on
 * 127.0.0.1. Every shape comes from Twilio's published documentation:
 * - create and read messages: https://www.twilio.com/docs/messaging/api/message-resource
 *   (POST /2010-04-01/Accounts/{AccountSid}/Messages.json with form fields To, From, Body, answered
 *   201 with the Message resource; GET of the same list filtered by To and From, newest first);
 * - errors: https://www.twilio.com/docs/usage/twilios-response ("Exceptions": a JSON body
 *   `{ code, message, more_info, status }`), e.g. 21211 "The 'To' number 5551234567 is not a valid
 *   phone number." (https://www.twilio.com/docs/api/errors/21211), 21610 for a recipient who
 *   replied STOP (https://www.twilio.com/docs/api/errors/21610), 20003 with 401 for wrong
 *   credentials (https://www.twilio.com/docs/api/errors/20003), 20429 with 429
 *   (https://www.twilio.com/docs/api/errors/20429), 20500 with 500
 *   (https://www.twilio.com/docs/api/errors/20500);
 * - dates: RFC 2822 in GMT, as "Fri, 13 Aug 2010 01:16:24 +0000" in the resource's examples;
 * - the account: https://www.twilio.com/docs/iam/api/account (GET
 *   /2010-04-01/Accounts/{Sid}.json: `{ sid, friendly_name, status: active | suspended | closed,
 *   type: Trial | Full, ... }`), and its numbers:
 *   https://www.twilio.com/docs/phone-numbers/api/incomingphonenumber-resource (GET
 *   .../IncomingPhoneNumbers.json?PhoneNumber=+61...: `{ incoming_phone_numbers: [{ sid,
 *   phone_number, capabilities: { sms, mms, voice, fax }, ... }], ... }`).
 *
 * Choice: the fake checks only that To is E.164 ("+" and up to 15 digits); Twilio checks more.
 */

export interface FakeTwilioMessage {
  sid: string;
  account_sid: string;
  to: string;
  from: string;
  body: string;
  status: 'queued';
  direction: 'outbound-api';
  date_created: string;
  date_updated: string;
  date_sent: null;
  error_code: null;
  error_message: null;
  num_segments: string;
  api_version: '2010-04-01';
  uri: string;
}

/**
 * What the next create for a recipient gets, instead of the normal answer:
 * - an error: that HTTP status and Twilio error body, nothing created;
 * - `hang`: no answer at all, nothing created (the request never reached the messaging system);
 * - `accept-and-hang`: the message is created, then no answer (the answer was lost on the way).
 */
export type FakeTwilioAnswer =
  | { status: number; code: number; message: string }
  | { hang: true }
  | { acceptAndHang: true };

const error = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

const E164 = /^\+[1-9]\d{1,14}$/;

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  /** Messages Twilio accepted, oldest first. */
  messages: FakeTwilioMessage[];
  /** Every create request received (To of each), answered or not. */
  creates: string[];
  /** Every read of the message list received. */
  reads: number;
  /** The next creates for `to` get these answers, one each, in order. */
  answerNext(to: string, ...answers: FakeTwilioAnswer[]): void;
  /** `to` replied STOP: every create for it gets 21610. */
  unsubscribe(to: string): void;
  /** Now, as the fake's clock (for date_created). */
  setNow(now: () => Date): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export async function startFakeTwilio(
  options: {
    accountSid?: string;
    authToken?: string;
    /** The account's phone numbers (IncomingPhoneNumbers), each able to send SMS. */
    phoneNumbers?: string[];
  } = {},
): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? 'AC00000000000000000000000000000001';
  const authToken = options.authToken ?? 'fake-twilio-token';
  const messages: FakeTwilioMessage[] = [];
  const creates: string[] = [];
  const scripted = new Map<string, FakeTwilioAnswer[]>();
  const unsubscribed = new Set<string>();
  let now = () => new Date();
  let reads = 0;
  const listPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const create = (to: string, from: string, body: string): FakeTwilioMessage => {
    const sid = `SM${String(messages.length + 1).padStart(32, '0')}`;
    const date = now().toUTCString().replace('GMT', '+0000');
    const message: FakeTwilioMessage = {
      sid,
      account_sid: accountSid,
      to,
      from,
      body,
      status: 'queued',
      direction: 'outbound-api',
      date_created: date,
      date_updated: date,
      date_sent: null,
      error_code: null,
      error_message: null,
      num_segments: '1',
      api_version: '2010-04-01',
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    };
    messages.push(message);
    return message;
  };

  const server = createServer(async (req, res) => {
    const address = new URL(req.url ?? '/', 'http://fake');
    const accountPath = `/2010-04-01/Accounts/${accountSid}`;
    if (
      req.method === 'GET' &&
      (address.pathname === `${accountPath}.json` ||
        address.pathname === `${accountPath}/IncomingPhoneNumbers.json`)
    ) {
      if (req.headers.authorization !== expectedAuth) {
        json(res, 401, error(401, 20003, 'Authenticate'));
        return;
      }
      if (address.pathname === `${accountPath}.json`) {
        json(res, 200, {
          sid: accountSid,
          friendly_name: 'Kitchaco',
          status: 'active',
          type: 'Full',
          owner_account_sid: accountSid,
          uri: `${accountPath}.json`,
        });
        return;
      }
      const wanted = address.searchParams.get('PhoneNumber');
      const numbers = (options.phoneNumbers ?? []).filter((n) => !wanted || n === wanted);
      json(res, 200, {
        incoming_phone_numbers: numbers.map((phone, i) => ({
          sid: `PN${String(i + 1).padStart(32, '0')}`,
          account_sid: accountSid,
          phone_number: phone,
          friendly_name: phone,
          capabilities: { sms: true, mms: false, voice: true, fax: false },
          status: 'in-use',
        })),
        page: 0,
        page_size: 50,
        next_page_uri: null,
      });
      return;
    }
    if (address.pathname !== listPath) {
      json(res, 404, error(404, 20404, 'The requested resource was not found'));
      return;
    }
    if (req.headers.authorization !== expectedAuth) {
      json(res, 401, error(401, 20003, 'Authenticate'));
      return;
    }
    if (req.method === 'GET') {
      reads += 1;
      const to = address.searchParams.get('To');
      const from = address.searchParams.get('From');
      const pageSize = Number(address.searchParams.get('PageSize') ?? 50);
      const found = messages
        .filter((m) => (!to || m.to === to) && (!from || m.from === from))
        .reverse()
        .slice(0, pageSize);
      json(res, 200, {
        messages: found,
        page: 0,
        page_size: pageSize,
        start: 0,
        end: Math.max(found.length - 1, 0),
        uri: `${listPath}${address.search}`,
        first_page_uri: `${listPath}${address.search}`,
        next_page_uri: null,
        previous_page_uri: null,
      });
      return;
    }
    if (req.method !== 'POST') {
      json(res, 405, error(405, 20004, 'Method not allowed'));
      return;
    }
    const form = new URLSearchParams(await readBody(req));
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    creates.push(to);
    const answer = scripted.get(to)?.shift();
    if (answer && 'hang' in answer) return;
    if (answer && 'acceptAndHang' in answer) {
      create(to, from, body);
      return;
    }
    if (answer) {
      json(res, answer.status, error(answer.status, answer.code, answer.message));
      return;
    }
    if (!E164.test(to)) {
      json(res, 400, error(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
      return;
    }
    if (unsubscribed.has(to)) {
      json(res, 400, error(400, 21610, 'Attempt to send to unsubscribed recipient'));
      return;
    }
    json(res, 201, create(to, from, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    creates,
    get reads() {
      return reads;
    },
    answerNext(to, ...answers) {
      scripted.set(to, [...(scripted.get(to) ?? []), ...answers]);
    },
    unsubscribe(to) {
      unsubscribed.add(to);
    },
    setNow(clock) {
      now = clock;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
