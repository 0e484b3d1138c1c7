import type { UberEatsDenyCode } from '@kitchaco/domain';
import type { UberEatsConfig } from '../config.js';

/**
 * The Uber Eats Marketplace API calls the inbox worker makes, as Uber documents them:
 * - token: https://developer.uber.com/docs/eats/guides/authentication (POST form-encoded
 *   client_id, client_secret, grant_type=client_credentials, scope; answers access_token,
 *   token_type, expires_in in seconds, scope). Scope `eats.order`: accept, deny, read orders.
 * - order: https://developer.uber.com/docs/eats/references/api/v2/get-eats-order-orderid
 *   (GET /v2/eats/order/{order_id}; the webhook's `resource_href` is that address).
 * - accept: https://developer.uber.com/docs/eats/references/api/v1/post-eats-order-orderid-acceptposorder
 *   (POST /v1/eats/orders/{order_id}/accept_pos_order, body `{ reason }`).
 * - deny: https://developer.uber.com/docs/eats/references/api/v1/post-eats-order-orderid-denyposorder
 *   (POST /v1/eats/orders/{order_id}/deny_pos_order, body `{ reason: { explanation, code,
 *   out_of_stock_items?, invalid_items? } }`).
 * - errors: https://developer.uber.com/docs/eats/guides/errors (`{ code, message }`; 409
 *   `resource_status_conflict` for an order already accepted or denied). A refused accept or deny
 *   is an UberEatsError with its status; the worker reads the order's state to decide what the
 *   refusal means (uber-eats.service.ts, answerUber), never the status alone.
 * The token is kept until shortly before it expires and taken again after a 401.
 */

export const UBER_EATS_SCOPE = 'eats.order';
/** A token is taken again this long before Uber says it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;

/** A call that failed in a way worth retrying later (timeout, 429, 5xx, network), or not. */
export class UberEatsError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'UberEatsError';
  }
}

/**
 * Uber's token endpoint refused our client id, secret or scope (401 `invalid_client`, 400
 * `invalid_scope`, RFC 6749 section 5.2): no order can go through until the settings are fixed, so
 * waiting orders are `paused` (their tries are not spent) rather than failed, and no token is asked
 * for again for UBER_EATS_REFUSED_PAUSE_MS: Uber gives at most 100 tokens an hour and invalidates
 * the oldest beyond that (https://developer.uber.com/docs/eats/guides/authentication), so a wrong
 * secret asked for by every order on each of its tries would also cut off a working instance.
 * `firstReport` is true on the refusal that began the outage: it is logged as an error once.
 */
export class UberEatsCredentialsRefused extends UberEatsError {
  readonly paused = true;
  constructor(
    message: string,
    status: number | null,
    readonly firstReport: boolean,
  ) {
    super(message, true, status);
    this.name = 'UberEatsCredentialsRefused';
  }
}

/** How long after a refusal of our credentials no token is asked for (one request per pause). */
export const UBER_EATS_REFUSED_PAUSE_MS = 5 * 60_000;

export interface UberEatsDenial {
  explanation: string;
  code: UberEatsDenyCode;
  invalidItems?: string[];
}

interface Token {
  value: string;
  expiresAt: number;
}

export class UberEatsApi {
  private token: Token | null = null;
  private pending: Promise<Token> | null = null;
  /** The last refusal of our credentials, while no token is asked for. */
  private refused: { until: number; message: string; status: number } | null = null;

  constructor(
    private readonly config: UberEatsConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** The order document, by the webhook's `resource_href` when it points at our API, else by id. */
  async getOrder(orderId: string, resourceHref?: string): Promise<unknown> {
    return this.authorized('GET', this.orderUrl(orderId, resourceHref));
  }

  async accept(orderId: string, reason: string): Promise<void> {
    await this.authorized(
      'POST',
      `${this.config.apiUrl}/v1/eats/orders/${encodeURIComponent(orderId)}/accept_pos_order`,
      {
        reason,
      },
    );
  }

  async deny(orderId: string, denial: UberEatsDenial): Promise<void> {
    await this.authorized(
      'POST',
      `${this.config.apiUrl}/v1/eats/orders/${encodeURIComponent(orderId)}/deny_pos_order`,
      {
        reason: {
          explanation: denial.explanation,
          code: denial.code,
          ...(denial.invalidItems?.length ? { invalid_items: denial.invalidItems } : {}),
        },
      },
    );
  }

  /**
   * `resource_href` is followed only when it is on the configured API's origin: the bearer token
   * never goes to another host, whatever a (signed) event names.
   */
  private orderUrl(orderId: string, resourceHref?: string): string {
    const fallback = `${this.config.apiUrl}/v2/eats/order/${encodeURIComponent(orderId)}`;
    if (!resourceHref) return fallback;
    try {
      const href = new URL(resourceHref);
      return href.origin === new URL(this.config.apiUrl).origin ? href.toString() : fallback;
    } catch {
      return fallback;
    }
  }

  private async authorized(method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> {
    const first = await this.send(method, url, (await this.bearer()).value, body);
    if (first.status !== 401) return this.read(first, method, url);
    // Expired or revoked early: one fresh token, one more try.
    this.token = null;
    const second = await this.send(method, url, (await this.bearer()).value, body);
    return this.read(second, method, url);
  }

  private async bearer(): Promise<Token> {
    if (this.token && this.token.expiresAt - TOKEN_MARGIN_MS > this.now()) return this.token;
    if (this.refused && this.now() < this.refused.until) {
      throw new UberEatsCredentialsRefused(this.refused.message, this.refused.status, false);
    }
    // One request for a token at a time, whoever asks.
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    this.token = await this.pending;
    return this.token;
  }

  private async fetchToken(): Promise<Token> {
    const form = new URLSearchParams({
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret,
      grant_type: 'client_credentials',
      scope: UBER_EATS_SCOPE,
    });
    const response = await this.fetch(this.config.authUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      const message = `Uber Eats refused our credentials: its token endpoint answered ${response.status}${await detail(response)}. Check UBER_EATS_CLIENT_ID, UBER_EATS_CLIENT_SECRET and the app's eats.order scope in Uber's developer dashboard; orders wait meanwhile, and Uber cancels one not accepted within 11.5 minutes`;
      const firstReport = this.refused === null;
      this.refused = { until: this.now() + UBER_EATS_REFUSED_PAUSE_MS, message, status: response.status };
      throw new UberEatsCredentialsRefused(message, response.status, firstReport);
    }
    if (!response.ok) {
      throw new UberEatsError(
        `Uber's token endpoint answered ${response.status}${await detail(response)}`,
        retryableStatus(response.status),
        response.status,
      );
    }
    this.refused = null;
    const json = (await response.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
    } | null;
    if (typeof json?.access_token !== 'string' || typeof json.expires_in !== 'number') {
      throw new UberEatsError("Uber's token answer has no access_token or expires_in", true);
    }
    return { value: json.access_token, expiresAt: this.now() + json.expires_in * 1000 };
  }

  private send(method: 'GET' | 'POST', url: string, token: string, body?: unknown) {
    return this.fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'accept-encoding': 'gzip',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  private async read(response: Response, method: string, url: string): Promise<unknown> {
    if (!response.ok) {
      throw new UberEatsError(
        `Uber answered ${response.status} to ${method} ${new URL(url).pathname}${await detail(response)}`,
        retryableStatus(response.status),
        response.status,
      );
    }
    const text = await response.text();
    if (!text) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new UberEatsError(`Uber's answer to ${method} ${new URL(url).pathname} is not JSON`, true);
    }
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs) });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new UberEatsError(
        timedOut
          ? `Uber did not answer within ${this.config.timeoutMs} ms (${new URL(url).pathname})`
          : `Uber could not be reached: ${(error as Error).message}`,
        true,
      );
    }
  }
}

/** Rate limits, Uber's own failures and an expired token are worth another attempt later. */
function retryableStatus(status: number): boolean {
  return status === 401 || status === 408 || status === 429 || status >= 500;
}

async function detail(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).trim().slice(0, 300);
  return text ? `: ${text}` : '';
}
