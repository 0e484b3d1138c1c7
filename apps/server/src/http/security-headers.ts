import type { FastifyInstance } from 'fastify';

/** Square's environment when checkout takes cards through Square's Web Payments SDK, else null. */
export type SquareCsp = 'sandbox' | 'production' | null;

type Directives = Record<string, string[]>;

const PAGE_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'none'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'"],
};

/**
 * What Square's Web Payments SDK needs the page to allow, by environment, as Square's "Content
 * Security Policy" page lists it (https://developer.squareup.com/docs/web-payments/content-security-policy):
 * the SDK's script, its card form frames and styles from Square's CDN, its calls to the CDN, to
 * Square's PCI endpoint and to Square's error reporting, and Square's fonts. Nothing is added while
 * payments go through the local test provider.
 */
const SQUARE_DIRECTIVES: Record<'sandbox' | 'production', Directives> = {
  sandbox: squareDirectives('https://sandbox.web.squarecdn.com', 'https://pci-connect.squareupsandbox.com'),
  production: squareDirectives('https://web.squarecdn.com', 'https://pci-connect.squareup.com'),
};

function squareDirectives(cdn: string, pciConnect: string): Directives {
  return {
    'script-src': [cdn],
    // 3-D Secure: the card issuer's challenge (its Access Control Server, a page of the bank or of
    // Cardinal Commerce) opens in a frame of our page and is reached by a form posted into it.
    // Square's CSP page lists only its CDN; Square's developer forum reports the challenge blocked
    // under such a policy: "CSP Issues when integrating with web payments API"
    // (https://developer.squareup.com/forums/t/csp-issues-when-integrating-with-web-payments-api/22234:
    // "the card issuer 3ds check ... doesn't pass the frame-src", with hundreds of issuers) and
    // "Content Security Policy (CSP) Questions for Web Payments SDK"
    // (https://developer.squareup.com/forums/t/content-security-policy-csp-questions-for-web-payments-sdk/11628:
    // violations for geoissuer.cardinalcommerce.com in production, none in the sandbox). Issuers'
    // hosts are not a list anyone can keep, so frames and form posts may go to any HTTPS origin
    // (as 3-D Secure providers advise); scripts stay limited to Square's CDN, and the reports of
    // what is still blocked come to /api/v1/csp-report/ (docs/payments.md, "3-D Secure").
    'frame-src': ["'self'", cdn, 'https:'],
    'form-action': ['https:'],
    'style-src': [cdn],
    'connect-src': [cdn, pciConnect, 'https://o160250.ingest.sentry.io', 'https://*.cardinalcommerce.com'],
    'font-src': ['https://square-fonts-production-f.squarecdn.com', 'https://d1g145x70srn7h.cloudfront.net'],
  };
}

/** Where browsers send what a page's policy blocked (report-uri, and the Reporting API's report-to). */
export const CSP_REPORT_PATH = '/api/v1/csp-report/';
/** The Reporting API endpoint's name, declared by the Reporting-Endpoints header of every page. */
const CSP_REPORT_GROUP = 'csp';

/** The page CSP: ours, plus Square's sources when checkout uses Square. */
export function pageCsp(square: SquareCsp): string {
  const directives: Directives = { ...PAGE_DIRECTIVES };
  for (const [name, sources] of Object.entries(square ? SQUARE_DIRECTIVES[square] : {})) {
    directives[name] = [...new Set([...(directives[name] ?? []), ...sources])];
  }
  // report-uri for the browsers without the Reporting API (Firefox, older Safari); those with it
  // use report-to and ignore report-uri (https://www.w3.org/TR/CSP3/#directive-report-to).
  directives['report-uri'] = [CSP_REPORT_PATH];
  directives['report-to'] = [CSP_REPORT_GROUP];
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}

export interface SecurityHeaderOptions {
  hsts: boolean;
  /** Square's environment when the payments provider is Square (its SDK runs in checkout), else null. */
  square?: SquareCsp;
}

/**
 * The security headers of every response (the set helmet sends, with our CSP), computed once. Helmet
 * rebuilt them on every request, which halved the throughput of the busiest reads (bench/http).
 */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'content-security-policy': pageCsp(options.square ?? null),
    // https://www.w3.org/TR/reporting-1/#header: the endpoint the policy's report-to names.
    'reporting-endpoints': `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    // HSTS only makes sense behind TLS: the proxy that terminates TLS (TRUST_PROXY) gets it.
    ...(options.hsts ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

/**
 * The headers of JSON API answers (OWASP REST security cheat sheet): nothing there is rendered, so
 * the page-oriented set would only add bytes to every answer of the busiest calls.
 */
export function apiSecurityHeaders(options: { hsts: boolean }): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(options.hsts ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

/**
 * The CSP of the API reference page (`/api/docs`, http/api-docs.ts): Swagger UI's script, styles and
 * icon from this server, the inline styles its components set, its calls ("Try it out" and the
 * document) to this server. Nothing from another origin.
 */
export const DOCS_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join(';');

function isDocsPage(url: string): boolean {
  return url.startsWith('/api/docs') && (url.length === 9 || url[9] === '?');
}

/** Security headers and the request id on every response, in one synchronous hook. */
export function addSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const pages = securityHeaders(options);
  const api = apiSecurityHeaders(options);
  const docs = { ...pages, 'content-security-policy': DOCS_PAGE_CSP };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(url.startsWith('/api/') ? (isDocsPage(url) ? docs : api) : pages);
    reply.header('x-request-id', request.id);
    done();
  });
}
