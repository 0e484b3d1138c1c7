/**
 * Square's REST API (https://developer.squareup.com/reference/square), as its official SDKs call it:
 * `Authorization: Bearer <access token>`, `Square-Version` (the SDKs' default as of 2026:
 * 2026-05-20), JSON both ways. Errors come as `{ errors: [{ category, code, detail, field }] }`
 * (https://developer.squareup.com/docs/build-basics/handling-errors); a failed payment may come
 * with the payment itself in `FAILED` status.
 */
import { Agent, request } from 'undici';

export const SQUARE_VERSION = '2026-05-20';

export interface SquareError {
  category: string;
  code: string;
  detail?: string;
  field?: string;
}

/** Square answered 429, 5xx, or not at all: nothing is known about the outcome. Try again later. */
export class SquareUnavailable extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** Our credentials were refused (401): a configuration problem, never the customer's. */
export class SquareUnauthorized extends Error {}

export interface SquareAnswer<T> {
  status: number;
  body: T & { errors?: SquareError[] };
}

export interface SquareClient {
  request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<SquareAnswer<T>>;
}

/**
 * `timeoutMs`: how long the answer's headers, and then its body, are waited for before the
 * outcome counts as unknown. Calls go through undici's `request` on one kept-alive connection
 * pool: the global `fetch` costs about four times the CPU per call (web streams, an abort signal
 * per call), which the checkout's hot path pays twice per order (bench/writes.bench.mjs).
 */
export function squareClient(options: {
  accessToken: string;
  baseUrl: string;
  timeoutMs: number;
}): SquareClient {
  const pool = new Agent({ keepAliveTimeout: 30_000, connections: 64 });
  return {
    async request<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
      let status: number;
      let retryAfterHeader: string | string[] | undefined;
      let parsed: T & { errors?: SquareError[] };
      try {
        const response = await request(`${options.baseUrl}${path}`, {
          method,
          dispatcher: pool,
          headers: {
            authorization: `Bearer ${options.accessToken}`,
            'square-version': SQUARE_VERSION,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
        });
        status = response.statusCode;
        retryAfterHeader = response.headers['retry-after'];
        parsed = (await response.body.json().catch(() => ({}))) as T & { errors?: SquareError[] };
      } catch (error) {
        throw new SquareUnavailable(`Square did not answer: ${String((error as Error).message ?? error)}`);
      }
      if (status === 401) {
        throw new SquareUnauthorized(`Square refused our credentials: ${describe(parsed.errors)}`);
      }
      if (status === 429 || status >= 500) {
        const retryAfter = Number(Array.isArray(retryAfterHeader) ? retryAfterHeader[0] : retryAfterHeader);
        throw new SquareUnavailable(
          `Square answered ${status}: ${describe(parsed.errors)}`,
          Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
        );
      }
      return { status, body: parsed };
    },
  };
}

/** "CODE: detail" of Square's first error, for logs and for the admin who must act on it. */
export function describe(errors: SquareError[] | undefined): string {
  const first = errors?.[0];
  if (!first) return 'no reason given';
  return first.detail ? `${first.code}: ${first.detail}` : first.code;
}
