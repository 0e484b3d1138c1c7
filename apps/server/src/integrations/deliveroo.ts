/**
 * Deliveroo's Order API, the one call we make, as Deliveroo documents it:
 *
 * - Token: "OAuth Machine to Machine Flow (client_credentials)": `POST https://AUTH_HOST/oauth2/token`,
 *   form-encoded `grant_type=client_credentials`, with "Basic authorization with value
 *   client_id:client_secret Base64 encoded"; AUTH_HOST `auth.developers.deliveroo.com` (sandbox
 *   `auth-sandbox.developers.deliveroo.com`); answers `{ access_token, expires_in (300 in the
 *   sample), token_type: "Bearer" }`, and "You must create a new access_token when the current one
 *   expires" (https://api-docs.deliveroo.com/docs/authentication,
 *   https://api-docs.deliveroo.com/v2.0/docs/authentication).
 * - Create Sync Status: `POST /order/v1/orders/{order_id}/sync_status` on
 *   https://api.developers.deliveroo.com (sandbox https://api-sandbox.developers.deliveroo.com),
 *   `Authorization: Bearer <access_token>`, body `{ status, reason?, notes?, occurred_at }`;
 *   200 when taken; 409 "if sync status was already sent to us or the timeout occurred" (3 minutes);
 *   rate limited at 1 request per 10 s per order
 *   (https://api-docs.deliveroo.com/reference/create-sync-status-1; the body is
 *   `deliverooSyncStatus` in packages/domain).
 * - Status codes: 401 "The credentials you provided ... do not exist in our system, or your
 *   integration is disabled"; 409 past the 3-minute window; 429 rate limited, "We recommend
 *   implementing exponential back-off"; 500, 502, 503, 504 "You will have to retry"
 *   (https://api-docs.deliveroo.com/v2.0/docs/http-status-codes).
 *
 * The token is kept until shortly before it expires and taken again after a 401. A refusal of our
 * credentials stops token requests for DELIVEROO_REFUSED_PAUSE_MS, so a wrong secret is one error
 * line and one token request a minute, not one per waiting order.
 */
import type { DeliverooSyncStatus } from '@kitchaco/domain';
import type { DeliverooConfig } from '../config.js';

/** A token is taken again this long before Deliveroo says it expires (its tokens live 300 s). */
const TOKEN_MARGIN_MS = 30_000;
/** How long after a refusal of our credentials no token is asked for. */
export const DELIVEROO_REFUSED_PAUSE_MS = 60_000;

/** How a refusal of our credentials is worded (the inbox row's error begins with it). */
export const CREDENTIALS_REFUSED = 'Deliveroo refused our credentials';

/** The outcome of one sync status call, each a different thing to do about it. */
export type DeliverooSyncOutcome =
  /** Deliveroo took it (2xx). */
  | { outcome: 'accepted'; status: number }
  /** 409: the order already has a sync status, or its 3-minute window is over: final. */
  | { outcome: 'conflict'; status: 409; detail: string }
  /** 429: too many calls (1 per 10 s per order); try again, after `retryAfterSeconds` when said. */
  | { outcome: 'rate_limited'; status: 429; retryAfterSeconds: number | null }
  /** 5xx: Deliveroo failed; try again. */
  | { outcome: 'unavailable'; status: number; detail: string }
  /** No answer within the timeout, or no connection: try again (a repeat answers 409 if it landed). */
  | { outcome: 'timeout' | 'unreachable'; detail: string }
  /**
   * Our client id or secret refused (the token endpoint's 400/401, or a 401 with a fresh token):
   * nothing goes through until the settings are fixed. `firstReport`: this refusal began it.
   */
  | { outcome: 'credentials'; status: number | null; detail: string; firstReport: boolean }
  /** Any other answer (400, 403, 404, ...): Deliveroo refused this request as it is. */
  | { outcome: 'refused'; status: number; detail: string };

interface Token {
  value: string;
  expiresAt: number;
}

type Failure = Exclude<DeliverooSyncOutcome, { outcome: 'accepted' }>;

/** A token request alone: a token (its lifetime in seconds), or why Deliveroo gave none. */
export type DeliverooTokenOutcome = { outcome: 'token'; expiresInSeconds: number } | Failure;

class CallFailed extends Error {
  constructor(readonly failure: Failure) {
    super(failure.outcome);
  }
}

export class DeliverooApi {
  private token: Token | null = null;
  private pending: Promise<Token> | null = null;
  private refused: { until: number; status: number; detail: string } | null = null;

  constructor(
    private readonly config: DeliverooConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** POST /order/v1/orders/{order_id}/sync_status. */
  async createSyncStatus(orderId: string, body: DeliverooSyncStatus): Promise<DeliverooSyncOutcome> {
    const url = `${this.config.apiUrl}/order/v1/orders/${encodeURIComponent(orderId)}/sync_status`;
    try {
      let response = await this.post(url, (await this.bearer()).value, body);
      if (response.status === 401) {
        // Expired or revoked early: one fresh token, one more try.
        await response.body?.cancel();
        this.token = null;
        response = await this.post(url, (await this.bearer()).value, body);
        if (response.status === 401) {
          const detail = `Deliveroo answered 401 to the sync status with a fresh token${await detailOf(response)}`;
          return this.credentialsRefused(401, detail);
        }
      }
      // Deliveroo took our token: whatever a refusal said before is over.
      this.refused = null;
      return await outcomeOf(response);
    } catch (error) {
      if (error instanceof CallFailed) return error.failure;
      throw error;
    }
  }

  /**
   * Takes a fresh token with the client credentials and calls nothing else (the go-live check,
   * provider-checks.ts): how long Deliveroo says it lives, or why none was given.
   */
  async takeToken(): Promise<DeliverooTokenOutcome> {
    try {
      const token = await this.fetchToken();
      return { outcome: 'token', expiresInSeconds: Math.round((token.expiresAt - this.now()) / 1000) };
    } catch (error) {
      if (error instanceof CallFailed) return error.failure;
      throw error;
    }
  }

  private credentialsRefused(status: number | null, detail: string): DeliverooSyncOutcome {
    const message = `${CREDENTIALS_REFUSED} (${detail}). Check DELIVEROO_CLIENT_ID and DELIVEROO_CLIENT_SECRET (Developer Portal, production or sandbox credentials to match DELIVEROO_API_URL and DELIVEROO_AUTH_URL)`;
    const firstReport = this.refused === null;
    this.refused = { until: this.now() + DELIVEROO_REFUSED_PAUSE_MS, status: status ?? 401, detail: message };
    this.token = null;
    return { outcome: 'credentials', status, detail: message, firstReport };
  }

  private async bearer(): Promise<Token> {
    if (this.token && this.token.expiresAt - TOKEN_MARGIN_MS > this.now()) return this.token;
    if (this.refused && this.now() < this.refused.until) {
      throw new CallFailed({
        outcome: 'credentials',
        status: this.refused.status,
        detail: this.refused.detail,
        firstReport: false,
      });
    }
    // One request for a token at a time, whoever asks.
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    this.token = await this.pending;
    return this.token;
  }

  private async fetchToken(): Promise<Token> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`, 'utf8').toString(
      'base64',
    );
    const response = await this.fetch(this.config.authUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      const detail = `its token endpoint answered ${response.status}${await detailOf(response)}`;
      const refusal = this.credentialsRefused(response.status, detail);
      throw new CallFailed(refusal as Failure);
    }
    if (!response.ok) {
      const detail = `Deliveroo's token endpoint answered ${response.status}${await detailOf(response)}`;
      throw new CallFailed(
        response.status === 429
          ? { outcome: 'rate_limited', status: 429, retryAfterSeconds: retryAfterOf(response) }
          : response.status >= 500
            ? { outcome: 'unavailable', status: response.status, detail }
            : { outcome: 'refused', status: response.status, detail },
      );
    }
    const json = (await response.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
    } | null;
    if (typeof json?.access_token !== 'string' || typeof json.expires_in !== 'number') {
      throw new CallFailed({
        outcome: 'unavailable',
        status: response.status,
        detail: "Deliveroo's token answer has no access_token or expires_in",
      });
    }
    return { value: json.access_token, expiresAt: this.now() + json.expires_in * 1000 };
  }

  private post(url: string, token: string, body: DeliverooSyncStatus): Promise<Response> {
    return this.fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
    });
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs) });
    } catch (error) {
      const path = new URL(url).pathname;
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new CallFailed(
        timedOut
          ? {
              outcome: 'timeout',
              detail: `Deliveroo did not answer within ${this.config.timeoutMs} ms (${path})`,
            }
          : {
              outcome: 'unreachable',
              detail: `Deliveroo could not be reached (${path}): ${(error as Error).message}`,
            },
      );
    }
  }
}

async function outcomeOf(response: Response): Promise<DeliverooSyncOutcome> {
  const status = response.status;
  if (status >= 200 && status < 300) {
    await response.body?.cancel();
    return { outcome: 'accepted', status };
  }
  if (status === 429) {
    await response.body?.cancel();
    return { outcome: 'rate_limited', status, retryAfterSeconds: retryAfterOf(response) };
  }
  const detail = `Deliveroo answered ${status}${await detailOf(response)}`;
  if (status === 409) return { outcome: 'conflict', status, detail };
  if (status >= 500) return { outcome: 'unavailable', status, detail };
  return { outcome: 'refused', status, detail };
}

function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

async function detailOf(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).trim().slice(0, 300);
  return text ? `: ${text}` : '';
}
