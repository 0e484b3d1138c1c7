import { type FailureStyle, PREFER_STATUS_CODES } from '@kitchaco/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appendVary } from './negotiation.js';

/**
 * The old clients' semantics, in one place (docs/api.md, "Compatibility"; decision 0006). The
 * existing mobile and web clients treat any non-2xx answer as a network failure and show "Error!
 * Please try again!", while the spec's screens show the server's own text when it answers
 * `success: false`. So on a call declared `failures: 'spec'` a business failure (4xx) is answered
 * HTTP 200 with the same `{ success: false, error, error_code? }` body, unless the request says
 * `Prefer: status-codes` (the project's web app does). Transport conditions keep their status on
 * every call: 408 (too slow), 413 (too large), 415 (not JSON), 429 (rate limit, with Retry-After),
 * and 5xx (503: overload or the database away, with Retry-After).
 */
const TRANSPORT_STATUSES = new Set([408, 413, 415, 429]);

declare module 'fastify' {
  interface FastifyRequest {
    /** How this request's failures are answered (set once its call is known). */
    failures: FailureStyle | null;
  }
}

export function addFailureStyle(app: FastifyInstance): void {
  app.decorateRequest('failures', null);
  // Answers differ by the Prefer header on spec calls: caches must keep them apart.
  // A callback hook, not an async one: no promise per answer (each costs a context copy on Node 20
  // once traces are on: docs/performance.md, "Metrics and traces overhead").
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.failures === 'spec') appendVary(reply, 'Prefer');
    done(null, payload);
  });
}

/** Whether the request asked for HTTP statuses (`Prefer: status-codes`, among other preferences). */
export function prefersStatusCodes(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  const values = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  return values
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .includes(PREFER_STATUS_CODES);
}

/** The HTTP status a failure of `status` is sent with for this request. */
export function failureStatus(request: FastifyRequest, status: number): number {
  if (request.failures !== 'spec' || status < 400 || status >= 500) return status;
  if (TRANSPORT_STATUSES.has(status) || prefersStatusCodes(request)) return status;
  return 200;
}
