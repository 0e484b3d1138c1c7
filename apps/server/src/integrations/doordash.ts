/**
 * DoorDash Marketplace, both ways, as DoorDash documents it:
 *
 * - Webhooks in: DoorDash authenticates its requests with the token given for the webhook
 *   subscription, "in the headers of our requests using this format: "Authorization": Bearer
 *   "your-token"" (https://developer.doordash.com/en-US/docs/marketplace/how_to/menu_status_callback;
 *   the Orders webhook "will contain the same authentication header":
 *   https://developer.doordash.com/en-US/docs/marketplace/how_to/order_integration/ ; the token is
 *   entered as the subscription's "Auth token" in the Developer Portal:
 *   https://developer.doordash.com/en-US/docs/marketplace/overview/getting_started/create_webhook_subscription_getting_started ).
 *   No payload signature is documented.
 * - Order confirmation out: `PATCH /marketplace/api/v1/orders/{id}` on https://openapi.doordash.com
 *   with `{ merchant_supplied_id, order_status: "success" | "fail", failure_reason?, errors?,
 *   prep_time?, pickup_instructions? (<= 128 characters) }`
 *   (https://developer.doordash.com/en-US/api/marketplace/ , "Confirm Order";
 *   https://developer.doordash.com/en-US/docs/marketplace/reference/sample_order_confirmation ).
 * - Its authentication: a JWT as a Bearer token plus `auth-version: v2`; header
 *   `{ "alg": "HS256", "typ": "JWT", "dd-ver": "DD-JWT-V1" }`; claims aud "doordash", iss the
 *   developer id, kid the key id, iat ("cannot be in the future") and exp (at most 1800 s after
 *   iat), in seconds (https://developer.doordash.com/en-US/docs/marketplace/how_to/JWTs/ ); signed
 *   with HMAC-SHA256 keyed by the decoded signing secret (DoorDash's Node sample:
 *   `jwt.sign(data, Buffer.from(accessKey.signing_secret, 'base64'), { algorithm: 'HS256', header:
 *   { 'dd-ver': 'DD-JWT-V1' } })`, https://developer.doordash.com/en-US/docs/drive/how_to/JWTs ;
 *   the secret is base64url, which Node's base64 decoder also reads).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Agent, request } from 'undici';

/** The JWT header DoorDash requires, in its order. */
export const DOORDASH_JWT_HEADER = { alg: 'HS256', typ: 'JWT', 'dd-ver': 'DD-JWT-V1' } as const;
/** DoorDash accepts at most 1800 s between iat and exp; its own samples use 300. */
export const DOORDASH_JWT_MAX_LIFETIME_SECONDS = 1800;
export const DOORDASH_JWT_LIFETIME_SECONDS = 300;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * True when the request's Authorization header carries the subscription's auth token, in either
 * form it arrives in: `Bearer <token>` (scheme in any case, as RFC 6750 allows), as DoorDash's
 * webhook pages show it (above), or the token alone: the Developer Portal has one "Auth token" field
 * (create_webhook_subscription_getting_started, above) and does not say whether it adds the scheme
 * to what was typed there, so a subscription whose header arrives as the bare value must not fail
 * every order with a 401 (issue 37). Anything else (another scheme, two words) is refused.
 * Compared in constant time over digests, so neither the token nor its length leaks.
 */
export function doordashWebhookAuthorized(
  authorization: string | string[] | undefined,
  token: string,
): boolean {
  if (typeof authorization !== 'string') return false;
  const value = authorization.trim();
  const given = /^Bearer +(\S+)$/i.exec(value)?.[1] ?? (/^\S+$/.test(value) ? value : null);
  if (!given) return false;
  return timingSafeEqual(sha256(given), sha256(token));
}

export interface DoordashCredentials {
  developerId: string;
  keyId: string;
  /** As the Developer Portal shows it (base64url). */
  signingSecret: string;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** A JWT for DoorDash's API, issued at `now`, valid `lifetimeSeconds` (at most 1800). */
export function doordashJwt(
  credentials: DoordashCredentials,
  now: Date,
  lifetimeSeconds = DOORDASH_JWT_LIFETIME_SECONDS,
): string {
  if (lifetimeSeconds <= 0 || lifetimeSeconds > DOORDASH_JWT_MAX_LIFETIME_SECONDS) {
    throw new RangeError(`A DoorDash JWT lives 1 to ${DOORDASH_JWT_MAX_LIFETIME_SECONDS} seconds`);
  }
  const iat = Math.floor(now.getTime() / 1000);
  const claims = {
    aud: 'doordash',
    iss: credentials.developerId,
    kid: credentials.keyId,
    iat,
    exp: iat + lifetimeSeconds,
  };
  const signed = `${base64url(DOORDASH_JWT_HEADER)}.${base64url(claims)}`;
  const key = Buffer.from(credentials.signingSecret, 'base64url');
  return `${signed}.${createHmac('sha256', key).update(signed, 'ascii').digest('base64url')}`;
}

/** One entry of `errors` in a failed confirmation (OrderConfirmationError). */
export interface DoordashConfirmationError {
  code: string;
  merchant_supplied_id?: string;
  message?: string;
}

/** What we tell DoorDash of an order it sent: we took it, or why we cannot. */
export type DoordashConfirmation =
  | {
      orderStatus: 'success';
      /** Our order id; DoorDash keeps it as client_order_id (it comes back on a cancellation). */
      merchantSuppliedId: string;
      /** When the order will be ready for pickup (sent in UTC). */
      prepTime?: Date;
      /** At most 128 characters. */
      pickupInstructions?: string;
    }
  | {
      orderStatus: 'fail';
      merchantSuppliedId: string;
      failureReason: string;
      errors?: DoordashConfirmationError[];
    };

/** The outcome of one confirmation call, each a different thing to do about it. */
export type DoordashCallOutcome =
  /** DoorDash took it (any 2xx). */
  | { outcome: 'accepted'; status: number }
  /** 401: our JWT or credentials were refused; a configuration problem, retrying will not help. */
  | { outcome: 'unauthorized'; status: 401; detail: string }
  /** 429: too many calls; try again after `retryAfterSeconds` when DoorDash says. */
  | { outcome: 'rate_limited'; status: 429; retryAfterSeconds: number | null }
  /** 5xx: DoorDash failed; try again. */
  | { outcome: 'unavailable'; status: number; detail: string }
  /** No answer within the timeout: DoorDash may or may not have it; try again (it is idempotent). */
  | { outcome: 'timeout'; detail: string }
  /** The connection failed before any answer. */
  | { outcome: 'unreachable'; detail: string }
  /** Any other answer (400, 403, 404, ...): DoorDash refused this request as it is. */
  | { outcome: 'refused'; status: number; detail: string };

export interface DoordashClient {
  /** PATCH /marketplace/api/v1/orders/{id}: confirms (or fails) the order DoorDash sent. */
  confirmOrder(doordashOrderId: string, confirmation: DoordashConfirmation): Promise<DoordashCallOutcome>;
  close(): Promise<void>;
}

/** The request body of Confirm Order, in DoorDash's names. */
export function confirmationBody(confirmation: DoordashConfirmation): Record<string, unknown> {
  if (confirmation.orderStatus === 'fail') {
    return {
      merchant_supplied_id: confirmation.merchantSuppliedId,
      order_status: 'fail',
      failure_reason: confirmation.failureReason,
      ...(confirmation.errors?.length ? { errors: confirmation.errors } : {}),
    };
  }
  if (confirmation.pickupInstructions !== undefined && confirmation.pickupInstructions.length > 128) {
    throw new RangeError('DoorDash takes pickup instructions of at most 128 characters');
  }
  return {
    merchant_supplied_id: confirmation.merchantSuppliedId,
    order_status: 'success',
    ...(confirmation.prepTime ? { prep_time: confirmation.prepTime.toISOString() } : {}),
    ...(confirmation.pickupInstructions ? { pickup_instructions: confirmation.pickupInstructions } : {}),
  };
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

function retryAfterOf(header: string | string[] | undefined): number | null {
  const seconds = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/**
 * DoorDash's API through undici's `request` on one kept-alive pool. `timeoutMs` bounds the wait
 * for the answer's headers, then for its body; `now` is the clock the JWT is issued by.
 */
export function doordashClient(
  options: DoordashCredentials & { apiUrl: string; timeoutMs?: number; now?: () => Date },
): DoordashClient {
  const pool = new Agent({ keepAliveTimeout: 30_000, connections: 16 });
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => new Date());
  const base = options.apiUrl.replace(/\/+$/, '');
  return {
    async confirmOrder(doordashOrderId, confirmation) {
      const body = JSON.stringify(confirmationBody(confirmation));
      let status: number;
      let text: string;
      let retryAfter: string | string[] | undefined;
      try {
        const response = await request(
          `${base}/marketplace/api/v1/orders/${encodeURIComponent(doordashOrderId)}`,
          {
            method: 'PATCH',
            dispatcher: pool,
            headers: {
              authorization: `Bearer ${doordashJwt(options, now())}`,
              'auth-version': 'v2',
              'content-type': 'application/json',
              accept: 'application/json',
            },
            body,
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs,
          },
        );
        status = response.statusCode;
        retryAfter = response.headers['retry-after'];
        text = await response.body.text();
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        const detail = `DoorDash did not answer: ${(error as Error).message ?? String(error)}`;
        return TIMEOUT_CODES.has(code) ? { outcome: 'timeout', detail } : { outcome: 'unreachable', detail };
      }
      const detail = text.slice(0, 500) || 'no body';
      if (status >= 200 && status < 300) return { outcome: 'accepted', status };
      if (status === 401) return { outcome: 'unauthorized', status, detail };
      if (status === 429)
        return { outcome: 'rate_limited', status, retryAfterSeconds: retryAfterOf(retryAfter) };
      if (status >= 500) return { outcome: 'unavailable', status, detail };
      return { outcome: 'refused', status, detail };
    },
    close: () => pool.close(),
  };
}
