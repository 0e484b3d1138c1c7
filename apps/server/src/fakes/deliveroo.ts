import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer, PlannedFailures } from './fake-server.js';

/**
 * A fake of Deliveroo's token endpoint and Order API sync status for server tests and the demo, in
 * memory, on 127.0.0.1. Every rule comes from Deliveroo's pages; nothing is our own:
 * - token: `POST /oauth2/token`, form `grant_type=client_credentials`, the client id and secret as
 *   `Authorization: Basic base64(client_id:client_secret)` (or, as the older page shows, as form
 *   fields); answers `{ access_token, expires_in: 300, token_type: "Bearer" }`
 *   (https://api-docs.deliveroo.com/docs/authentication,
 *   https://api-docs.deliveroo.com/v2.0/docs/authentication).
 * - sync status: `POST /order/v1/orders/{order_id}/sync_status` with `Authorization: Bearer`;
 *   `status` succeeded | failed, `reason` required when failed, `notes`, `occurred_at` ISO-8601;
 *   200 when taken; 409 when the order already has one or its 3-minute window is over
 *   (https://api-docs.deliveroo.com/reference/create-sync-status-1).
 * - 401 for credentials that do not exist; 429 rate limited; 5xx "retry"
 *   (https://api-docs.deliveroo.com/v2.0/docs/http-status-codes).
 *
 * Where the pages leave a behaviour open, the choice is written beside it ("Choice:").
 */

export interface FakeDeliverooOptions {
  clientId?: string;
  clientSecret?: string;
  /** The clock tokens expire by; tests may move it. */
  now?: () => Date;
  /** Seconds a token lives (Deliveroo's sample: 300). */
  tokenLifetimeSeconds?: number;
}

/**
 * How the next sync status request fails:
 * - 'rate_limited': 429 with Retry-After; 'server_error': 500; 'unavailable': 503;
 * - 'timeout': no answer until the client gives up or the fake closes (nothing recorded).
 */
export type FakeDeliverooFailure = 'rate_limited' | 'server_error' | 'unavailable' | 'timeout';

export interface RecordedDeliverooRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A sync status Deliveroo took: the order id of the URL and the body as sent. */
export interface FakeSyncStatus {
  orderId: string;
  body: Record<string, unknown>;
}

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The reasons Deliveroo's page allows (the enum of Create Sync Status). */
const REASONS = new Set([
  'price_mismatched',
  'pos_item_id_mismatched',
  'pos_item_id_not_found',
  'items_out_of_stock',
  'location_offline',
  'location_not_supported',
  'unsupported_order_type',
  'no_webhook_url',
  'webhook_failed',
  'timed_out',
  'other',
  'no_sync_confirmation',
]);

/**
 * Choice: Deliveroo's error bodies are not shown on the pages above; the fake answers
 * `{ message }`, and the token endpoint OAuth's `{ error }` (RFC 6749, section 5.2).
 */
const error = (status: number, message: string): Answer => ({ status, body: { message } });

const SYNC_PATH = /^\/order\/v1\/orders\/([^/]+)\/sync_status$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export class FakeDeliveroo extends FakeHttpServer {
  readonly clientId: string;
  readonly clientSecret: string;
  now: () => Date;
  readonly requests: RecordedDeliverooRequest[] = [];
  readonly syncStatuses: FakeSyncStatus[] = [];
  /** Token requests answered with a token. */
  tokensIssued = 0;
  /**
   * The integration is disabled on Deliveroo's side: tokens are still issued, the API answers 401
   * ("the credentials ... do not exist in our system, or your integration is disabled").
   */
  integrationDisabled = false;

  private readonly tokenLifetimeSeconds: number;
  private readonly tokens = new Map<string, number>();
  /** Orders whose 3-minute window is over (Deliveroo then answers 409). */
  private readonly windowClosed = new Set<string>();
  private readonly failures = new PlannedFailures<FakeDeliverooFailure>(10);

  constructor(options: FakeDeliverooOptions = {}) {
    super();
    this.clientId = options.clientId ?? 'fake-deliveroo-client-id';
    this.clientSecret = options.clientSecret ?? 'fake-deliveroo-client-secret';
    this.now = options.now ?? (() => new Date());
    this.tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 300;
  }

  /** DELIVEROO_AUTH_URL for this fake. */
  get authUrl(): string {
    return `${this.url}/oauth2/token`;
  }

  /** Makes the next `count` sync status requests fail the given way. */
  failNext(
    failure: FakeDeliverooFailure,
    options: { count?: number; retryAfterSeconds?: number } = {},
  ): void {
    this.failures.add(failure, options);
  }

  /** The order's 3-minute window is over: a sync status for it is answered 409. */
  closeWindow(orderId: string): void {
    this.windowClosed.add(orderId);
  }

  /** Every token issued so far stops working (expired or revoked early): the next call is a 401. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  /** Forgets what it received and the failures still planned (between tests). */
  reset(): void {
    this.requests.length = 0;
    this.syncStatuses.length = 0;
    this.failures.clear();
    this.windowClosed.clear();
    this.tokensIssued = 0;
    this.integrationDisabled = false;
  }

  protected onRequest(req: IncomingMessage, res: ServerResponse): void {
    void this.serve(req, res);
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await this.readText(req);
    const method = (req.method ?? 'GET').toUpperCase();
    const path = new URL(req.url ?? '/', 'http://fake-deliveroo').pathname;
    const form = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    let body: unknown = raw;
    if (form) body = Object.fromEntries(new URLSearchParams(raw));
    else {
      try {
        body = raw.length > 0 ? JSON.parse(raw) : undefined;
      } catch {
        // kept as text: answered 400 below
      }
    }
    this.requests.push({ method, path, headers: req.headers, body });
    let answer: Answer;
    if (path === '/oauth2/token') answer = this.token(method, req.headers, body);
    else {
      const failure = SYNC_PATH.test(path) ? this.failures.take() : null;
      if (failure?.failure === 'timeout') {
        this.hold(res);
        return;
      }
      answer =
        failure?.failure === 'rate_limited'
          ? {
              ...error(429, 'Too Many Requests'),
              headers: { 'retry-after': String(failure.retryAfterSeconds) },
            }
          : failure?.failure === 'server_error'
            ? error(500, 'Internal Server Error')
            : failure?.failure === 'unavailable'
              ? error(503, 'Service Unavailable')
              : this.syncStatus(method, path, req.headers, body);
    }
    res.writeHead(answer.status, {
      ...(answer.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...answer.headers,
    });
    res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
  }

  private token(method: string, headers: IncomingHttpHeaders, body: unknown): Answer {
    if (method !== 'POST') return error(405, `${method} is not allowed here`);
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, string>;
    if (fields.grant_type !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    const basic = /^Basic (.+)$/i.exec(headers.authorization ?? '')?.[1];
    const [id, secret] = basic
      ? splitOnce(Buffer.from(basic, 'base64').toString('utf8'), ':')
      : [fields.client_id, fields.client_secret];
    if (id !== this.clientId || secret !== this.clientSecret) {
      return { status: 401, body: { error: 'invalid_client' } };
    }
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, this.now().getTime() + this.tokenLifetimeSeconds * 1000);
    this.tokensIssued++;
    return {
      status: 200,
      body: { access_token: token, expires_in: this.tokenLifetimeSeconds, token_type: 'Bearer' },
    };
  }

  private syncStatus(method: string, path: string, headers: IncomingHttpHeaders, body: unknown): Answer {
    const match = SYNC_PATH.exec(path);
    if (!match) return error(404, `No route for ${method} ${path}`);
    if (method !== 'POST') return error(405, `${method} is not allowed here`);
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    const expiresAt = token ? this.tokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= this.now().getTime() || this.integrationDisabled) {
      return error(401, 'Unauthorized');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return error(400, 'The body is not a JSON object');
    }
    const fields = body as Record<string, unknown>;
    if (fields.status !== 'succeeded' && fields.status !== 'failed') {
      return error(400, 'status must be succeeded or failed');
    }
    if (fields.status === 'failed' && !REASONS.has(fields.reason as string)) {
      return error(400, 'reason is required if the status is failed, one of the allowed values');
    }
    if (fields.reason != null && !REASONS.has(fields.reason as string)) {
      return error(400, 'reason is not one of the allowed values');
    }
    if (fields.notes != null && typeof fields.notes !== 'string') return error(400, 'notes must be a string');
    if (typeof fields.occurred_at !== 'string' || !ISO_INSTANT.test(fields.occurred_at)) {
      return error(400, 'occurred_at must be a time in the ISO-8601 format');
    }
    const orderId = decodeURIComponent(match[1] ?? '');
    if (this.windowClosed.has(orderId) || this.syncStatuses.some((s) => s.orderId === orderId)) {
      return error(409, 'A sync status was already sent for this order, or the timeout occurred');
    }
    this.syncStatuses.push({ orderId, body: fields });
    // Choice: "Deliveroo must respond with 200 OK"; the page shows no body: none.
    return { status: 200 };
  }
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

/** A fake listening on a free port. */
export async function startFakeDeliveroo(options: FakeDeliverooOptions = {}): Promise<FakeDeliveroo> {
  const fake = new FakeDeliveroo(options);
  await fake.listen();
  return fake;
}
