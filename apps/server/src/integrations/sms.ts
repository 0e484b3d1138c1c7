import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DeliveryError, type DeliveryFailureKind } from './delivery-error.js';

export interface SmsMessage {
  to: string;
  body: string;
}

export interface SmsSendOptions {
  /**
   * An earlier attempt may have reached the provider without our learning it (no answer, a 5xx, a
   * worker that died mid-send): look for a message with this recipient and body accepted since
   * then before sending again.
   */
  mayHaveBeenAcceptedSince?: Date;
}

export interface SmsSender {
  readonly name: string;
  /**
   * `alreadyAccepted`: an earlier attempt's message was found at the provider; nothing was sent now.
   * `status`: the message's status in the provider's answer (Twilio's `queued`), when it has one.
   */
  send(message: SmsMessage, options?: SmsSendOptions): Promise<SmsSent>;
}

export interface SmsSent {
  providerId: string;
  alreadyAccepted?: boolean;
  status?: string;
}

/**
 * Delivers nowhere: the message stays in the outbox, readable at /dev/outbox in demo mode (sign-in
 * codes opened there).
 */
export function localSmsSender(log: FastifyBaseLogger): SmsSender {
  let n = 0;
  return {
    name: 'local',
    async send(message) {
      n += 1;
      // The body carries sign-in codes: log only that a message went out, never its text.
      log.debug({ to: message.to }, 'sms delivered locally');
      return { providerId: `local-sms-${n}` };
    },
  };
}

/**
 * Twilio's error body on the 2010-04-01 API: `{ code, message, more_info, status }`
 * (https://www.twilio.com/docs/usage/twilios-response, "Exceptions"; example in
 * https://www.twilio.com/docs/usage/troubleshooting/debugging-your-application).
 */
interface TwilioErrorBody {
  code?: number;
  message?: string;
  more_info?: string;
  status?: number;
}

/** The fields we read of a Message resource (https://www.twilio.com/docs/messaging/api/message-resource). */
interface TwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  /** RFC 2822, e.g. "Fri, 13 Aug 2010 01:16:24 +0000". */
  date_created: string;
  /** `queued` when created without a Messaging Service (the status callbacks say what follows). */
  status?: string;
}

/**
 * Classifies by HTTP status, not by error code: Twilio keeps splitting codes into new, more specific
 * ones and asks callers not to branch on them
 * (https://www.twilio.com/en-us/changelog/updates-to-the-error-code-dictionary-to-clarify-number-validatio).
 * - 401/403 (20003 "Permission Denied", https://www.twilio.com/docs/api/errors/20003): our
 *   credentials or account, never the recipient's fault;
 * - 429 (20429, https://www.twilio.com/docs/api/errors/20429): "never processed and always safe to
 *   retry";
 * - 5xx (20500, https://www.twilio.com/docs/api/errors/20500): retrying an SMS "is possible for a
 *   customer to receive multiple messages", so the message may exist: uncertain;
 * - any other 4xx: the request as made is refused and would be again: permanent. For a message
 *   these are the recipient's number or consent, e.g. 21211 invalid 'To'
 *   (https://www.twilio.com/docs/api/errors/21211), 21610 replied STOP
 *   (https://www.twilio.com/docs/api/errors/21610), 21614 not a mobile number
 *   (https://www.twilio.com/docs/api/errors/21614), 21408 region not enabled
 *   (https://www.twilio.com/docs/api/errors/21408), 21612 not reachable from our number.
 */
export function twilioFailureKind(status: number): DeliveryFailureKind {
  if (status === 401 || status === 403) return 'credentials';
  if (status === 429) return 'transient';
  if (status >= 500) return 'uncertain';
  return 'permanent';
}

/** "Twilio 21211: The 'To' number … is not a valid phone number." (or "Twilio answered 502" without a body). */
function twilioErrorText(status: number, body: TwilioErrorBody | null): string {
  if (body?.code && body.message) return `Twilio ${body.code}: ${body.message}`;
  if (body?.message) return `Twilio answered ${status}: ${body.message}`;
  return `Twilio answered ${status}`;
}

/** Connection never made: nothing reached Twilio, so nothing can have been sent. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** A message Twilio created this long before the outbox row still counts (clocks differ a little). */
const CLOCK_SKEW_MS = 60_000;

/** Twilio's Messages API over HTTPS. */
export function twilioSmsSender(options: {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
  /** How long to wait for each answer (10 s; shorter in tests). */
  timeoutMs?: number;
  /**
   * Sent as `StatusCallback` with every message (TWILIO_STATUS_CALLBACK_URL): Twilio then posts
   * each later status there (https://www.twilio.com/docs/messaging/guides/track-outbound-message-status,
   * "Step 2"; the Message resource's `StatusCallback` parameter,
   * https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource).
   */
  statusCallbackUrl?: string | null;
}): SmsSender {
  const url = `${options.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  const timeoutMs = options.timeoutMs ?? 10_000;

  /**
   * Twilio takes no idempotency key for a new message, so the only way to learn whether an
   * unanswered attempt created one is to read the account's messages to that number from our
   * number ("Read multiple Message resources": To, From, newest first,
   * https://www.twilio.com/docs/messaging/api/message-resource#read-multiple-message-resources)
   * and look for the same body created since the outbox row. Best effort: a failed or empty
   * lookup means "send", since a duplicate SMS is harmless and a missing sign-in code is not.
   */
  async function findAccepted(message: SmsMessage, since: Date): Promise<TwilioMessage | null> {
    const query = new URLSearchParams({ To: message.to, From: options.from, PageSize: '20' });
    try {
      const response = await fetch(`${url}?${query}`, {
        headers: { authorization: `Basic ${auth}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return null;
      const json = (await response.json()) as { messages?: TwilioMessage[] };
      return (
        json.messages?.find(
          (m) => m.body === message.body && Date.parse(m.date_created) >= since.getTime() - CLOCK_SKEW_MS,
        ) ?? null
      );
    } catch {
      return null;
    }
  }

  return {
    name: 'twilio',
    async send(message, sendOptions) {
      if (sendOptions?.mayHaveBeenAcceptedSince) {
        const found = await findAccepted(message, sendOptions.mayHaveBeenAcceptedSince);
        if (found) return { providerId: found.sid, alreadyAccepted: true, status: found.status };
      }
      const form = new URLSearchParams({ To: message.to, From: options.from, Body: message.body });
      if (options.statusCallbackUrl) form.set('StatusCallback', options.statusCallbackUrl);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        if (cause?.code && NOT_CONNECTED.has(cause.code)) {
          throw new DeliveryError('transient', `Twilio unreachable (${cause.code})`);
        }
        if (error instanceof Error && error.name === 'TimeoutError') {
          throw new DeliveryError(
            'uncertain',
            `Twilio did not answer within ${timeoutMs / 1000} s; the SMS may have been sent`,
          );
        }
        throw new DeliveryError(
          'uncertain',
          `Twilio connection lost (${cause?.code ?? (error as Error).message})`,
        );
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as TwilioErrorBody | null;
        throw new DeliveryError(twilioFailureKind(response.status), twilioErrorText(response.status, body));
      }
      // Accepted (201): an unreadable answer still means the message exists.
      const json = (await response.json().catch(() => ({}))) as { sid?: string; status?: string };
      return { providerId: json.sid ?? 'twilio', status: json.status };
    },
  };
}

/**
 * The `X-Twilio-Signature` of a request Twilio makes to `url` with these POST parameters: base64 of
 * the HMAC-SHA1, keyed with the auth token, of the full URL (query string included) followed by
 * each parameter's name and value, sorted by name, with no separators
 * (https://www.twilio.com/docs/usage/security, "Validating Signatures from Twilio"). A name posted
 * more than once contributes each of its values, sorted (as twilio-node's validateRequest does).
 */
export function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): string {
  const sorted = [...params].sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)));
  const hmac = createHmac('sha1', authToken).update(url, 'utf8');
  for (const [name, value] of sorted) hmac.update(name + value, 'utf8');
  return hmac.digest('base64');
}

/** Code-unit order, as Twilio's helper libraries sort the names. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whether `given` is Twilio's signature of the request, compared in constant time. */
export function twilioSignatureMatches(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
  given: string | undefined,
): boolean {
  const expected = Buffer.from(twilioSignature(authToken, url, params), 'base64');
  const sent = Buffer.from(given?.trim() ?? '', 'base64');
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
