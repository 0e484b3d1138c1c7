import type { CspReportResponse } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import { invalid } from '../../http/errors.js';

/**
 * What a browser reports when a page's Content-Security-Policy blocked something
 * (http/security-headers.ts), in either of its two forms:
 * - `report-uri`: `Content-Type: application/csp-report`, `{ "csp-report": { "document-uri",
 *   "violated-directive", "effective-directive", "blocked-uri", ... } }`
 *   (https://www.w3.org/TR/CSP2/#violation-reports; MDN, "CSP violation reports");
 * - `report-to` (the Reporting API): `Content-Type: application/reports+json`, a list of
 *   `{ "type": "csp-violation", "url", "body": { "documentURL", "effectiveDirective", "blockedURL",
 *   "disposition", ... } }` (https://www.w3.org/TR/CSP3/#reporting, https://www.w3.org/TR/reporting-1/).
 * A violation on the checkout page is a customer who could not pay (a bank's 3-D Secure page on a
 * host the policy does not allow): each is counted, and logged once a minute per directive and
 * blocked origin with only the origin and the page's path (never a query string: it can carry a
 * token or a phone number).
 */
export function receiveCspReport(app: AppContext, rawBody: Buffer): CspReportResponse {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw invalid('The body must be a CSP violation report in JSON.', 'body');
  }
  const violations = violationsOf(parsed);
  if (violations === null) {
    throw invalid('The body must be a "csp-report" object or a list of reports.', 'body');
  }
  for (const v of violations) {
    app.metrics.cspViolation(v.directive);
    if (loggedRecently(`${v.directive} ${v.blocked}`, app.clock.now().getTime())) continue;
    app.log.warn(
      { csp: v },
      `a page's Content-Security-Policy blocked ${v.blocked} (${v.directive}) on ${v.page}`,
    );
  }
  return { success: true, received: violations.length };
}

interface Violation {
  directive: string;
  /** The blocked resource's origin, or the keyword the browser sends (inline, eval, data). */
  blocked: string;
  /** The page's path, without its query. */
  page: string;
  disposition: string;
}

function violationsOf(parsed: unknown): Violation[] | null {
  if (Array.isArray(parsed)) {
    return parsed
      .filter(
        (r): r is { type: string; body: Record<string, unknown> } =>
          isObject(r) && r.type === 'csp-violation' && isObject(r.body),
      )
      .map((r) =>
        violation(r.body.effectiveDirective, r.body.blockedURL, r.body.documentURL, r.body.disposition),
      );
  }
  if (isObject(parsed) && isObject(parsed['csp-report'])) {
    const r = parsed['csp-report'];
    return [
      violation(
        r['effective-directive'] ?? r['violated-directive'],
        r['blocked-uri'],
        r['document-uri'],
        r.disposition,
      ),
    ];
  }
  return null;
}

function violation(directive: unknown, blocked: unknown, page: unknown, disposition: unknown): Violation {
  return {
    directive: directiveName(directive),
    blocked: originOf(blocked),
    page: pathOf(page),
    disposition: disposition === 'report' ? 'report' : 'enforce',
  };
}

/** The directive's name only ("frame-src", not "frame-src 'self' https:"), a known one or "other". */
function directiveName(value: unknown): string {
  const name = typeof value === 'string' ? (value.trim().split(/\s+/)[0] ?? '') : '';
  return /^[a-z]+(?:-[a-z]+){0,3}$/.test(name) && name.length <= 32 ? name : 'other';
}

function originOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') return 'unknown';
  // Keywords browsers send for what has no address.
  if (/^(inline|eval|wasm-eval|trusted-types-policy|trusted-types-sink|self|data|blob)$/.test(value))
    return value;
  try {
    const url = new URL(value);
    return url.origin === 'null' ? `${url.protocol}` : url.origin;
  } catch {
    return 'unknown';
  }
}

function pathOf(value: unknown): string {
  if (typeof value !== 'string') return 'unknown';
  try {
    return new URL(value).pathname.slice(0, 200);
  } catch {
    return 'unknown';
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys logged in the last minute (one line a minute per directive and blocked origin). */
const LOG_EVERY_MS = 60_000;
const recent = new Map<string, number>();

function loggedRecently(key: string, now: number): boolean {
  const last = recent.get(key);
  if (last !== undefined && now - last < LOG_EVERY_MS) return true;
  // Bounded: a flood of distinct origins forgets the oldest keys rather than growing.
  if (recent.size >= 1_000) recent.delete(recent.keys().next().value as string);
  recent.delete(key);
  recent.set(key, now);
  return false;
}
