import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer } from './fake-server.js';

/**
 * A fake of the Uber Eats Marketplace API for server tests: the client-credentials token endpoint,
 * Get Order Details (v2), accept and deny, in memory, on 127.0.0.1; and Uber's webhook events,
 * signed as Uber signs them.
 *
 * Every shape here comes from Uber's published documentation; nothing is our own:
 * - tokens: https://developer.uber.com/docs/eats/guides/authentication (form-encoded client_id,
 *   client_secret, grant_type=client_credentials, scope; `{ access_token, token_type, expires_in,
 *   scope }`);
 * - webhook events: https://developer.uber.com/docs/eats/references/api/webhooks.orders-notification
 *   and https://developer.uber.com/docs/eats/guides/webhooks (`{ event_id, event_time, event_type,
 *   meta: { resource_id, status, user_id }, resource_href }`; X-Uber-Signature: lower-case hex
 *   HMAC-SHA256 of the body keyed with the client secret; X-Environment);
 * - orders: https://developer.uber.com/docs/eats/references/api/v2/get-eats-order-orderid;
 * - accept / deny: https://developer.uber.com/docs/eats/references/api/v1/post-eats-order-orderid-acceptposorder,
 *   https://developer.uber.com/docs/eats/references/api/v1/post-eats-order-orderid-denyposorder;
 * - errors: https://developer.uber.com/docs/eats/guides/errors (`{ code, message }`; 409
 *   `resource_status_conflict` "Order status conflict" for an accept or deny of an order "that has
 *   already been accepted or denied"; 400 `validation_failed` "Invalid request");
 * - scheduled orders: https://developer.uber.com/docs/eats/guides/order-integration ("all orders
 *   that are scheduled must be accepted twice, once during the orders.scheduled.notification and
 *   again at orders.notification").
 * - Get Store Details: https://developer.uber.com/docs/eats/references/api/v1/get-eats-stores-storeid
 *   (GET /v1/eats/stores/{store_id}, a token with the `eats.store` scope; `{ name, store_id,
 *   location, status, merchant_store_id, timezone, ... }`). A scope the app was not granted is
 *   refused at the token endpoint with 400 `invalid_scope` (RFC 6749 section 5.2).
 *
 * Where the documentation leaves a behaviour open, the choice is written beside it ("Choice:").
 */

/** A money object of an Uber order. */
export interface UberMoney {
  amount: number;
  currency_code: string;
  formatted_amount: string;
}

/** The order document as Get Order Details answers it (the tests give the fields they need). */
export interface UberOrderDocument {
  id: string;
  current_state: string;
  store: { id: string; name?: string };
  [field: string]: unknown;
}

/** Tokens that stay valid at once (Uber: 100 an hour, the oldest invalidated beyond). */
const TOKENS_KEPT = 100;

export type UberEndpoint = 'token' | 'order' | 'accept' | 'deny' | 'store';

export interface RecordedUberRequest {
  endpoint: UberEndpoint;
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeUberEatsOptions {
  clientId?: string;
  clientSecret?: string;
  /** Seconds a token lives (Uber's sample: 2592000, 30 days). */
  tokenLifetime?: number;
  /** The demo's stand-in: an order the fake was not given is made by this (null: 404 as Uber). */
  unknownOrder?: (orderId: string) => UberOrderDocument | null;
  /** The scopes Uber granted the app (default eats.order and eats.store); others: invalid_scope. */
  scopes?: string[];
}

/** Dollars as an Uber money object in AUD (amount in cents). */
export function audMoney(cents: number): UberMoney {
  return { amount: cents, currency_code: 'AUD', formatted_amount: `A$${(cents / 100).toFixed(2)}` };
}

export class FakeUberEats extends FakeHttpServer {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly orders = new Map<string, UberOrderDocument>();
  readonly requests: RecordedUberRequest[] = [];
  /** Deny bodies by order id, as received. */
  readonly denials = new Map<string, unknown>();
  private readonly tokens = new Set<string>();
  private readonly failures: { endpoint: UberEndpoint; status: number | 'timeout'; body?: unknown }[] = [];
  private readonly changes: { endpoint: UberEndpoint; change: (order: UberOrderDocument) => void }[] = [];
  private readonly lifetime: number;

  private readonly unknownOrder: (orderId: string) => UberOrderDocument | null;
  /** Scopes granted to the app, and each token's scopes. */
  private readonly granted: Set<string>;
  private readonly tokenScopes = new Map<string, string[]>();
  /** Stores the app may read, by store id: their names. */
  readonly stores = new Map<string, string>();

  constructor(options: FakeUberEatsOptions = {}) {
    super();
    this.clientId = options.clientId ?? 'fake-uber-client-id';
    this.clientSecret = options.clientSecret ?? 'fake-uber-client-secret-0123456789';
    this.lifetime = options.tokenLifetime ?? 2_592_000;
    this.unknownOrder = options.unknownOrder ?? (() => null);
    this.granted = new Set(options.scopes ?? ['eats.order', 'eats.store']);
  }

  /** A store the app is authorised for (readable with Get Store Details). */
  addStore(storeId: string, name = `Store ${storeId}`): void {
    this.stores.set(storeId, name);
  }

  protected onRequest(req: IncomingMessage, res: ServerResponse): void {
    void this.handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'internal_error', message: String(error) }));
    });
  }

  get authUrl(): string {
    return `${this.url}/oauth/v2/token`;
  }

  /** The server's settings that point it at this fake (with a short timeout for tests). */
  settings(timeoutMs?: number): Record<string, string> {
    return {
      UBER_EATS_CLIENT_ID: this.clientId,
      UBER_EATS_CLIENT_SECRET: this.clientSecret,
      UBER_EATS_API_URL: this.url,
      UBER_EATS_AUTH_URL: this.authUrl,
      ...(timeoutMs === undefined ? {} : { UBER_EATS_TIMEOUT_MS: String(timeoutMs) }),
    };
  }

  /** The next call to `endpoint` answers `status` (or never, a timeout), once per call to this. */
  failNext(endpoint: UberEndpoint, status: number | 'timeout', body?: unknown): void {
    this.failures.push({ endpoint, status, body });
  }

  /**
   * Just before the next call to `endpoint` is answered, `change` is made to its order: the store
   * acting on its tablet meanwhile (accepting, or the customer cancelling), between our read of the
   * order and our answer.
   */
  meanwhile(endpoint: UberEndpoint, change: (order: UberOrderDocument) => void): void {
    this.changes.push({ endpoint, change });
  }

  /**
   * A scheduled order comes due: Uber sends `orders.notification` for it and it waits for its
   * second acceptance. Choice: the guide says only that it "must be accepted twice"; the fake shows
   * it waiting again (CREATED) until then.
   */
  releaseScheduled(orderId: string, storeId: string): Record<string, unknown> {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`the fake has no order ${orderId}`);
    order.current_state = 'CREATED';
    return this.event('orders.notification', orderId, storeId);
  }

  /**
   * The client secret is rotated in Uber's developer dashboard (or typed wrong in our settings):
   * the token endpoint refuses the old one with 401 `invalid_client` until it is set back.
   */
  rotateSecret(secret: string): void {
    (this as { clientSecret: string }).clientSecret = secret;
  }

  /** Every token given so far stops working: the next call with one answers 401. */
  expireTokens(): void {
    this.tokens.clear();
  }

  calls(endpoint: UberEndpoint): RecordedUberRequest[] {
    return this.requests.filter((r) => r.endpoint === endpoint);
  }

  /** A webhook event as Uber sends it (the documented sample's shape), for an order of the fake. */
  event(
    eventType: string,
    orderId: string,
    storeId: string,
    eventId: string = randomUUID(),
  ): Record<string, unknown> {
    return {
      event_id: eventId,
      event_time: 1_795_000_000,
      event_type: eventType,
      meta: { resource_id: orderId, status: 'pos', user_id: storeId },
      resource_href: `${this.url}/v2/eats/order/${orderId}`,
    };
  }

  /** The X-Uber-Signature of a body: lower-case hex HMAC-SHA256 keyed with the client secret. */
  sign(body: string): string {
    return createHmac('sha256', this.clientSecret).update(body).digest('hex');
  }

  /** An order made up for an id the fake was not given (the demo), kept from then on. */
  private madeUp(orderId: string): UberOrderDocument | undefined {
    const order = this.unknownOrder(orderId);
    if (order) this.orders.set(orderId, order);
    return order ?? undefined;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const raw = await readBody(req);
    const endpoint = endpointOf(req.method ?? 'GET', url.pathname);
    const body = parseBody(raw, req.headers['content-type']);
    if (endpoint) {
      this.requests.push({
        endpoint,
        method: req.method ?? 'GET',
        path: url.pathname,
        authorization: req.headers.authorization,
        body,
      });
    }
    if (!endpoint) return send(res, 404, { code: 'not_found', message: 'No such endpoint.' });
    const failure = this.failures.findIndex((f) => f.endpoint === endpoint);
    if (failure >= 0) {
      const [f] = this.failures.splice(failure, 1);
      // A timeout: the request is held until the client gives up and the server closes.
      if (f!.status === 'timeout') return;
      return send(res, f!.status, f!.body ?? { code: 'error', message: `injected ${f!.status}` });
    }
    if (endpoint === 'token') return this.token(res, body as Record<string, string>);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !this.tokens.has(bearer)) {
      return send(res, 401, { code: 'unauthorized', message: 'Invalid OAuth 2.0 credentials provided.' });
    }
    if (endpoint === 'store') return this.store(res, bearer, decodeURIComponent(url.pathname.split('/')[4]!));
    const orderId = decodeURIComponent(url.pathname.split('/')[4]!);
    const order = this.orders.get(orderId) ?? this.madeUp(orderId);
    if (!order) return send(res, 404, { code: 'not_found', message: 'Order not found.' });
    const change = this.changes.findIndex((c) => c.endpoint === endpoint);
    if (change >= 0) this.changes.splice(change, 1)[0]!.change(order);
    if (endpoint === 'order') return send(res, 200, order);
    // An order already accepted or denied: 409 resource_status_conflict, as Uber's errors page says.
    if (order.current_state === 'ACCEPTED' || order.current_state === 'DENIED') {
      return send(res, 409, { code: 'resource_status_conflict', message: 'Order status conflict' });
    }
    // Choice: nothing documents what an order canceled (or finished) meanwhile answers; the fake
    // gives the errors page's 400 validation_failed. The worker reads the order's state on any
    // such 4xx, whatever its status, so it does not depend on this.
    if (order.current_state !== 'CREATED') {
      return send(res, 400, { code: 'validation_failed', message: 'Invalid request' });
    }
    if (endpoint === 'accept') {
      order.current_state = 'ACCEPTED';
    } else {
      order.current_state = 'DENIED';
      this.denials.set(orderId, body);
    }
    res.writeHead(204).end();
  }

  /**
   * Get Store Details. Choice: Uber's page shows no error bodies; a token without `eats.store`
   * answers 403 and a store the app is not authorised for 404, each `{ code, message }` as the
   * other endpoints' errors.
   */
  private store(res: ServerResponse, token: string, storeId: string): void {
    const name = this.stores.get(storeId);
    if (!this.tokenScopes.get(token)?.includes('eats.store')) {
      send(res, 403, { code: 'forbidden', message: 'The token lacks the eats.store scope.' });
    } else if (name === undefined) {
      send(res, 404, { code: 'not_found', message: 'Store not found.' });
    } else {
      send(res, 200, {
        name,
        store_id: storeId,
        location: { city: 'Melbourne', country: 'AU' },
        status: 'active',
        timezone: 'Australia/Melbourne',
      });
    }
  }

  private token(res: ServerResponse, form: Record<string, string>): void {
    if (form.client_id !== this.clientId || form.client_secret !== this.clientSecret) {
      send(res, 401, { error: 'invalid_client' });
    } else if (form.grant_type !== 'client_credentials') {
      send(res, 400, { error: 'unsupported_grant_type' });
    } else if (!form.scope || form.scope.split(' ').some((scope) => !this.granted.has(scope))) {
      send(res, 400, { error: 'invalid_scope' });
    } else {
      const token = `KA.${randomUUID()}`;
      this.tokens.add(token);
      this.tokenScopes.set(token, form.scope.split(' '));
      // Uber gives an app at most 100 tokens an hour and invalidates the oldest beyond that
      // (https://developer.uber.com/docs/eats/guides/authentication): a Set keeps insertion order.
      if (this.tokens.size > TOKENS_KEPT) this.tokens.delete(this.tokens.values().next().value as string);
      send(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: this.lifetime,
        scope: form.scope,
      });
    }
  }
}

function endpointOf(method: string, path: string): UberEndpoint | null {
  if (method === 'POST' && path === '/oauth/v2/token') return 'token';
  if (method === 'GET' && /^\/v1\/eats\/stores\/[^/]+$/.test(path)) return 'store';
  if (method === 'GET' && /^\/v2\/eats\/order\/[^/]+$/.test(path)) return 'order';
  if (method === 'POST' && /^\/v1\/eats\/orders\/[^/]+\/accept_pos_order$/.test(path)) return 'accept';
  if (method === 'POST' && /^\/v1\/eats\/orders\/[^/]+\/deny_pos_order$/.test(path)) return 'deny';
  return null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (!raw) return null;
  if (contentType?.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeUberEats(options: FakeUberEatsOptions = {}): Promise<FakeUberEats> {
  const fake = new FakeUberEats(options);
  await fake.listen();
  return fake;
}
