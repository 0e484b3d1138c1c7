import { createHmac } from 'node:crypto';
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
 * - status callbacks: a message created with `StatusCallback` gets a signed, form-encoded POST
 *   there for each later status (none for the initial `queued`): `sending`, `sent`, then
 *   `delivered`, or `undelivered` with an ErrorCode for a number set with `undeliverable`
 *   (https://www.twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks,
 *   https://www.twilio.com/docs/messaging/guides/track-outbound-message-status: MessageSid,
 *   MessageStatus, ErrorCode, AccountSid, From, To, ApiVersion, SmsSid, SmsStatus), signed with
 *   X-Twilio-Signature (https://www.twilio.com/docs/usage/security). As Twilio warns, callbacks may
 *   come out of order and more than once: `callbackFaults` makes them.
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
  status: FakeTwilioStatus;
  direction: 'outbound-api';
  date_created: string;
  date_updated: string;
  date_sent: string | null;
  error_code: number | null;
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

export type FakeTwilioStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed';

/**
 * Errors Twilio reports in an `undelivered` callback (https://www.twilio.com/docs/api/errors):
 * 30003 unreachable destination handset (https://www.twilio.com/docs/api/errors/30003), 30005
 * unknown destination handset (https://www.twilio.com/docs/api/errors/30005), 30006 landline or
 * unreachable carrier (https://www.twilio.com/docs/api/errors/30006).
 */
export type FakeTwilioDeliveryError = 30003 | 30005 | 30006;

/** One status callback the fake posted, with our server's answer (0: no answer). */
export interface FakeTwilioCallback {
  sid: string;
  status: FakeTwilioStatus;
  url: string;
  answer: number;
  /** What our server answered, as text. */
  body: string;
}

/** How the next messages' callbacks misbehave, as Twilio says they may. */
export interface FakeTwilioCallbackFaults {
  /** Each callback is posted twice. */
  duplicate?: boolean;
  /** The callbacks come in the opposite order (the end first, `sending` last). */
  reverse?: boolean;
}

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
  /** Messages to `to` are accepted, then end `undelivered` with this ErrorCode in the callbacks. */
  undeliverable(to: string, code: FakeTwilioDeliveryError): void;
  /** How the callbacks of messages created from now on misbehave (none by default). */
  callbackFaults(faults: FakeTwilioCallbackFaults): void;
  /**
   * `auto` (default): each message's callbacks are posted shortly after its create is answered, as
   * Twilio does. `manual`: they wait for `flushCallbacks`, so a test decides when they arrive.
   */
  callbackMode(mode: 'auto' | 'manual'): void;
  /** Posts every waiting callback (manual mode) and resolves once all posted so far are answered. */
  flushCallbacks(): Promise<void>;
  /** Every status callback posted, in the order posted, with our server's answers. */
  callbacks: FakeTwilioCallback[];
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

/**
 * Twilio's signature of a request to `url` with these form parameters, computed here from the
 * published recipe (https://www.twilio.com/docs/usage/security) and not with the server's code, so
 * the fake checks the server rather than agreeing with it.
 */
function sign(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  let data = url;
  for (const name of names) for (const value of params.getAll(name).sort()) data += name + value;
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Twilio's `RawDlrDoneDate`: the carrier's report time as YYMMDDhhmm (UTC). */
function dlrDate(at: Date): string {
  return at.toISOString().replace(/\D/g, '').slice(2, 12);
}

export async function startFakeTwilio(
  options: {
    accountSid?: string;
    authToken?: string;
    callbackDelayMs?: number;
    /** The account's phone numbers (IncomingPhoneNumbers), each able to send SMS. */
    phoneNumbers?: string[];
  } = {},
): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? 'AC00000000000000000000000000000001';
  const authToken = options.authToken ?? 'fake-twilio-token';
  const callbackDelayMs = options.callbackDelayMs ?? 20;
  const messages: FakeTwilioMessage[] = [];
  const creates: string[] = [];
  const scripted = new Map<string, FakeTwilioAnswer[]>();
  const unsubscribed = new Set<string>();
  const failing = new Map<string, FakeTwilioDeliveryError>();
  const callbacks: FakeTwilioCallback[] = [];
  let faults: FakeTwilioCallbackFaults = {};
  let mode: 'auto' | 'manual' = 'auto';
  /** Callbacks waiting for flushCallbacks (manual mode), each a whole message's sequence. */
  const waiting: (() => void)[] = [];
  const inFlight = new Set<Promise<void>>();
  let now = () => new Date();
  let reads = 0;

  /** Posts one status of a message to its StatusCallback, signed, and records our answer. */
  const post = async (message: FakeTwilioMessage, url: string, status: FakeTwilioStatus) => {
    const code = status === 'undelivered' || status === 'failed' ? failing.get(message.to) : undefined;
    const params = new URLSearchParams({
      ApiVersion: '2010-04-01',
      AccountSid: accountSid,
      From: message.from,
      To: message.to,
      MessageSid: message.sid,
      MessageStatus: status,
      SmsSid: message.sid,
      SmsStatus: status,
    });
    if (code) params.set('ErrorCode', String(code));
    if (status === 'delivered' || status === 'undelivered') params.set('RawDlrDoneDate', dlrDate(now()));
    const record: FakeTwilioCallback = { sid: message.sid, status, url, answer: 0, body: '' };
    callbacks.push(record);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': sign(authToken, url, params),
        },
        body: params,
        signal: AbortSignal.timeout(15_000),
      });
      record.answer = response.status;
      record.body = await response.text();
    } catch {
      record.answer = 0;
    }
  };

  /** The message's statuses after `queued`, as its recipient's phone makes them. */
  const lifecycle = (message: FakeTwilioMessage): FakeTwilioStatus[] => [
    'sending',
    'sent',
    failing.has(message.to) ? 'undelivered' : 'delivered',
  ];

  const scheduleCallbacks = (message: FakeTwilioMessage, url: string) => {
    const statuses = lifecycle(message);
    // The message itself moves on at once (a read of the list shows its end).
    const end = statuses.at(-1)!;
    message.status = end;
    message.date_sent = message.date_created;
    message.error_code = end === 'undelivered' ? (failing.get(message.to) ?? null) : null;
    const { duplicate, reverse } = faults;
    const order = reverse ? [...statuses].reverse() : statuses;
    const sequence = async () => {
      for (const status of order) {
        await post(message, url, status);
        if (duplicate) await post(message, url, status);
      }
    };
    if (mode === 'manual') waiting.push(() => track(sequence()));
    else track(new Promise((resolve) => setTimeout(resolve, callbackDelayMs)).then(sequence));
  };
  const track = (running: Promise<void>) => {
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  };
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
    const statusCallback = form.get('StatusCallback');
    creates.push(to);
    const answer = scripted.get(to)?.shift();
    if (answer && 'hang' in answer) return;
    if (answer && 'acceptAndHang' in answer) {
      const message = create(to, from, body);
      if (statusCallback) scheduleCallbacks(message, statusCallback);
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
    const message = create(to, from, body);
    // The answer shows the message as created (`queued`); its callbacks follow the answer.
    json(res, 201, message);
    if (statusCallback) scheduleCallbacks(message, statusCallback);
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
    undeliverable(to, code) {
      failing.set(to, code);
    },
    callbackFaults(next) {
      faults = { ...next };
    },
    callbackMode(next) {
      mode = next;
    },
    async flushCallbacks() {
      for (const run of waiting.splice(0)) run();
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    callbacks,
    setNow(clock) {
      now = clock;
    },
    async close() {
      waiting.length = 0;
      await Promise.all([...inFlight]);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
