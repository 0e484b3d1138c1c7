import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer, PlannedFailures } from './fake-server.js';

/**
 * A fake of DoorDash's Marketplace API for server tests: the order confirmation, in memory, on
 * 127.0.0.1, checking the JWT as DoorDash describes it. Every rule here comes from DoorDash's
 * pages; nothing is our own:
 * - Confirm Order: `PATCH /marketplace/api/v1/orders/{id}`, body `merchant_supplied_id` (required),
 *   `order_status` "success" | "fail" (required), `failure_reason`, `errors`, `prep_time`,
 *   `pickup_instructions` (<= 128 characters): https://developer.doordash.com/en-US/api/marketplace/
 * - the JWT: `Authorization: Bearer [JWT]` with `auth-version: v2`; header alg HS256, typ JWT,
 *   dd-ver DD-JWT-V1; claims aud "doordash", iss the developer id, kid the key id, iat ("cannot be
 *   in the future"), exp ("a maximum value of 30 minutes (1800 seconds) beyond the issued at
 *   time"): https://developer.doordash.com/en-US/docs/marketplace/how_to/JWTs/ ; HMAC-SHA256 keyed
 *   by the decoded signing secret: https://developer.doordash.com/en-US/docs/drive/how_to/JWTs
 * - GET Store Info: `GET /marketplace/api/v1/stores/{merchant_supplied_id}/store_details`, answered
 *   `{ provider_name, merchant_supplied_id, is_active, is_order_protocol_pos, ... ,
 *   current_deactivations }`:
 *   https://developer.doordash.com/en-US/docs/marketplace/how_to/get_menu_and_store_info and
 *   https://developer.doordash.com/en-US/docs/marketplace/appendix/sample_get_store_information_response
 *
 * Where the documentation leaves a behaviour open, the choice is written beside it ("Choice:").
 */

export interface FakeDoordashOptions {
  developerId?: string;
  keyId?: string;
  /** base64url, as the Developer Portal shows it. */
  signingSecret?: string;
  /** The clock exp and iat are checked against; tests may move it. */
  now?: () => Date;
}

/**
 * How the next matching request fails:
 * - 'rate_limited': 429 with Retry-After;
 * - 'server_error': 500; 'unavailable': 503;
 * - 'timeout': no answer until the fake is closed (nothing recorded as confirmed).
 */
export type FakeDoordashFailure = 'rate_limited' | 'server_error' | 'unavailable' | 'timeout';

export interface RecordedDoordashRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A confirmation DoorDash took: the order id of the URL and the body as sent. */
export interface FakeConfirmation {
  orderId: string;
  body: Record<string, unknown>;
}

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Choice: DoorDash's error bodies are not shown on the pages above; the fake answers
 * `{ code, message }`. A successful confirmation answers 202 with no body, as DoorDash documents
 * for the order-ready event of the same API; the client takes any 2xx.
 */
const error = (status: number, code: string, message: string): Answer => ({
  status,
  body: { code, message },
});

const CONFIRM_PATH = /^\/marketplace\/api\/v1\/orders\/([^/]+)$/;
const STORE_PATH = /^\/marketplace\/api\/v1\/stores\/([^/]+)\/store_details$/;

export class FakeDoordash extends FakeHttpServer {
  /** Base URL, e.g. http://127.0.0.1:54321 (DOORDASH_API_URL). */
  readonly developerId: string;
  readonly keyId: string;
  readonly signingSecret: string;
  now: () => Date;
  readonly requests: RecordedDoordashRequest[] = [];
  readonly confirmations: FakeConfirmation[] = [];

  private readonly failures = new PlannedFailures<FakeDoordashFailure>(1);
  /** Stores of this integration (merchant_supplied_id), readable with GET Store Info. */
  readonly stores = new Set<string>();

  constructor(options: FakeDoordashOptions = {}) {
    super();
    this.developerId = options.developerId ?? 'fake-doordash-developer-id';
    this.keyId = options.keyId ?? 'fake-doordash-key-id';
    this.signingSecret =
      options.signingSecret ?? Buffer.from('fake-doordash-signing-secret-32b').toString('base64url');
    this.now = options.now ?? (() => new Date());
  }

  /** A store of this integration (its merchant_supplied_id). */
  addStore(merchantSuppliedId: string): void {
    this.stores.add(merchantSuppliedId);
  }

  /** Makes the next `count` requests fail the given way. */
  failNext(failure: FakeDoordashFailure, options: { count?: number; retryAfterSeconds?: number } = {}): void {
    this.failures.add(failure, options);
  }

  protected onRequest(req: IncomingMessage, res: ServerResponse): void {
    void this.serve(req, res);
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await this.readText(req);
    const method = (req.method ?? 'GET').toUpperCase();
    const path = new URL(req.url ?? '/', 'http://fake-doordash').pathname;
    let body: unknown = raw;
    try {
      body = raw.length > 0 ? JSON.parse(raw) : undefined;
    } catch {
      // kept as text: answered 400 below
    }
    this.requests.push({ method, path, headers: req.headers, body });
    const failure = this.failures.take();
    if (failure?.failure === 'timeout') {
      this.hold(res);
      return;
    }
    const answer: Answer =
      failure?.failure === 'rate_limited'
        ? {
            ...error(429, 'too_many_requests', 'Too many requests'),
            headers: { 'retry-after': String(failure.retryAfterSeconds) },
          }
        : failure?.failure === 'server_error'
          ? error(500, 'internal_error', 'Internal server error')
          : failure?.failure === 'unavailable'
            ? error(503, 'service_unavailable', 'Service unavailable')
            : this.answer(method, path, req.headers, body);
    res.writeHead(answer.status, {
      ...(answer.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...answer.headers,
    });
    res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
  }

  private answer(method: string, path: string, headers: IncomingHttpHeaders, body: unknown): Answer {
    const refused = this.authenticate(headers);
    if (refused) return error(401, 'authentication_error', refused);
    const store = STORE_PATH.exec(path);
    if (store && method === 'GET') {
      const id = decodeURIComponent(store[1] ?? '');
      // Choice: the pages show no error for a store that is not the integration's: 404.
      if (!this.stores.has(id)) return error(404, 'not_found', `Store ${id} not found`);
      return {
        status: 200,
        body: {
          provider_name: 'kitchaco',
          merchant_supplied_id: id,
          is_active: true,
          is_order_protocol_pos: true,
          auto_release_enabled: false,
          special_instructions_max_length: 128,
          current_deactivations: [],
        },
      };
    }
    const match = CONFIRM_PATH.exec(path);
    if (!match) return error(404, 'not_found', `No route for ${method} ${path}`);
    if (method !== 'PATCH') return error(405, 'method_not_allowed', `${method} is not allowed here`);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return error(400, 'validation_error', 'The body is not a JSON object');
    }
    const fields = body as Record<string, unknown>;
    if (typeof fields.merchant_supplied_id !== 'string' || fields.merchant_supplied_id === '') {
      return error(400, 'validation_error', 'merchant_supplied_id is required');
    }
    if (fields.order_status !== 'success' && fields.order_status !== 'fail') {
      return error(400, 'validation_error', 'order_status must be one of success, fail');
    }
    if (typeof fields.pickup_instructions === 'string' && fields.pickup_instructions.length > 128) {
      return error(400, 'validation_error', 'pickup_instructions is longer than 128 characters');
    }
    this.confirmations.push({ orderId: decodeURIComponent(match[1] ?? ''), body: fields });
    return { status: 202 };
  }

  /** Why the request's JWT is refused, or null when DoorDash would take it. */
  private authenticate(headers: IncomingHttpHeaders): string | null {
    // Choice: the pages require `auth-version: v2` without saying how its absence is answered: 401.
    if (headers['auth-version'] !== 'v2') return 'auth-version: v2 is required';
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    if (!token) return 'Authorization: Bearer <JWT> is required';
    const parts = token.split('.');
    if (parts.length !== 3) return 'The JWT is malformed';
    const [headerPart = '', claimsPart = '', signaturePart = ''] = parts;
    const expected = createHmac('sha256', Buffer.from(this.signingSecret, 'base64url'))
      .update(`${headerPart}.${claimsPart}`, 'ascii')
      .digest();
    const given = Buffer.from(signaturePart, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return 'The JWT signature is invalid';
    const header = decodeJson(headerPart);
    const claims = decodeJson(claimsPart);
    if (!header || !claims) return 'The JWT is malformed';
    if (header.alg !== 'HS256' || header['dd-ver'] !== 'DD-JWT-V1')
      return 'The JWT header must be HS256, DD-JWT-V1';
    if (claims.aud !== 'doordash') return 'The JWT audience must be doordash';
    if (claims.iss !== this.developerId) return 'The JWT issuer is not a known developer';
    if (claims.kid !== this.keyId) return 'The JWT key id is not a known key';
    const { iat, exp } = claims;
    if (typeof iat !== 'number' || typeof exp !== 'number') return 'The JWT needs iat and exp';
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    if (iat > nowSeconds) return 'The JWT was issued in the future';
    if (exp - iat > 1800) return 'The JWT lives longer than 1800 seconds';
    if (exp <= nowSeconds) return 'The JWT has expired';
    return null;
  }
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A fake listening on a free port. */
export async function startFakeDoordash(options: FakeDoordashOptions = {}): Promise<FakeDoordash> {
  const fake = new FakeDoordash(options);
  await fake.listen();
  return fake;
}
