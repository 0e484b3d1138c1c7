import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPostgres } from '../db/client.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { pageCsp, securityHeaders } from './security-headers.js';

/**
 * Every kind of answer carries the security headers: pages of the web app (and its history
 * fallback and files), JSON answers of every outcome, the health check and the API document. HSTS
 * is sent only where TLS ends in front of the server (TRUST_PROXY).
 */
let t: TestApp;
let web: string;
let plain: FastifyInstance;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp();
  web = mkdtempSync(join(tmpdir(), 'web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Kitchaco</title>');
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'assets/index-abc123.js'), 'export const x = 1;\n');
  plain = await appWith({});
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
});

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: web, ...env }),
    database: t.database,
    logger: false,
  });
  apps.push(app);
  return app;
}

/** One request of each kind the server answers, with the status it should get. */
const REQUESTS: {
  name: string;
  page: boolean;
  status: number;
  url: string;
  method?: 'POST';
  payload?: string;
}[] = [
  { name: 'the web app', page: true, status: 200, url: '/' },
  { name: 'a page by history fallback', page: true, status: 200, url: '/stock/orders' },
  { name: 'a hashed web app file', page: true, status: 200, url: '/assets/index-abc123.js' },
  { name: 'a missing image', page: true, status: 404, url: '/images/none.webp' },
  { name: 'the health check', page: true, status: 200, url: '/healthz' },
  { name: 'the API reference page', page: true, status: 200, url: '/api/docs' },
  { name: 'the API document', page: false, status: 200, url: '/api/docs.json' },
  { name: 'a public JSON answer', page: false, status: 200, url: '/api/v1/kitchaco-location/' },
  { name: 'a call without sign-in', page: false, status: 401, url: '/api/v1/orders/' },
  { name: 'an unknown call', page: false, status: 404, url: '/api/v1/nothing-here/' },
  {
    name: 'malformed JSON',
    page: false,
    status: 400,
    url: '/api/v1/send-sms/',
    method: 'POST',
    payload: '{"phone": ',
  },
];

function send(app: FastifyInstance, r: (typeof REQUESTS)[number], headers: Record<string, string> = {}) {
  return app.inject({
    method: r.method ?? 'GET',
    url: r.url,
    headers: {
      prefer: 'status-codes',
      ...(r.payload ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(r.payload ? { payload: r.payload } : {}),
  });
}

function directives(res: LightMyRequestResponse): Map<string, string> {
  return parseCsp(String(res.headers['content-security-policy'] ?? ''));
}

function parseCsp(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(' ') + 1)] as const),
  );
}

describe('security headers on every answer', () => {
  it.each(REQUESTS.map((r) => [r.name, r] as const))('%s', async (_name, r) => {
    const res = await send(plain, r);
    expect(res.statusCode).toBe(r.status);
    const csp = directives(res);
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    if (r.page) {
      // What a browser renders: no plugins, no <base> rewriting, scripts only from the site itself.
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'none'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('script-src-attr')).toBe("'none'");
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    } else {
      // JSON is never rendered: nothing at all may load from it (object-src falls back to this).
      expect(csp.get('default-src')).toBe("'none'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('sends HSTS on every answer behind a TLS-terminating proxy, and never without one', async () => {
    const behindTls = await appWith({ TRUST_PROXY: 'true' });
    for (const r of REQUESTS) {
      const res = await send(behindTls, r, { 'x-forwarded-proto': 'https' });
      expect(res.headers['strict-transport-security'], r.name).toBe('max-age=15552000; includeSubDomains');
    }
    const direct = await appWith({ TRUST_PROXY: 'false' });
    for (const r of REQUESTS) {
      expect((await send(direct, r)).headers['strict-transport-security'], r.name).toBeUndefined();
    }
  });

  it('sends them with a 503 while the database is unreachable', async () => {
    const dead = openPostgres('postgres://nobody@127.0.0.1:1/none', { poolSize: 1 });
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database: dead,
      logger: false,
    });
    try {
      const res = await app.inject({ url: '/api/v1/kitchaco-location/' });
      expect(res.statusCode).toBe(503);
      expect(directives(res).get('frame-ancestors')).toBe("'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
      await dead.close();
    }
  });
});

/** Square's settings of a server that takes cards through Square (its API never called here). */
const SQUARE_ENV = {
  PAYMENTS_PROVIDER: 'square',
  SQUARE_ACCESS_TOKEN: 'test-access-token',
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-test',
  SQUARE_LOCATION_ID: 'LTEST',
  SQUARE_BASE_URL: 'http://127.0.0.1:1',
};

/**
 * Square's Web Payments SDK runs in checkout only when payments go through Square; the page CSP then
 * allows the sources Square's CSP page lists for that environment
 * (https://developer.squareup.com/docs/web-payments/content-security-policy), and only those.
 */
describe("the page CSP and Square's Web Payments SDK", () => {
  const SANDBOX_CDN = 'https://sandbox.web.squarecdn.com';
  const PRODUCTION_CDN = 'https://web.squarecdn.com';

  it('allows nothing of Square with the local test provider', async () => {
    const res = await plain.inject({ url: '/checkout' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/square|sentry|cloudfront/);
    expect(directives(res).has('frame-src')).toBe(false);
    expect(pageCsp(null)).toBe(securityHeaders({ hsts: false })['content-security-policy']);
  });

  it("allows Square's sandbox SDK, its frames, calls and fonts on pages of a sandbox server", async () => {
    const app = await appWith({ ...SQUARE_ENV, SQUARE_ENVIRONMENT: 'sandbox' });
    const res = await app.inject({ url: '/checkout' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res);
    expect(csp.get('script-src')).toBe(`'self' ${SANDBOX_CDN}`);
    expect(csp.get('frame-src')).toBe(`'self' ${SANDBOX_CDN} https:`);
    expect(csp.get('style-src')).toBe(`'self' 'unsafe-inline' ${SANDBOX_CDN}`);
    expect(csp.get('connect-src')).toBe(
      `'self' ${SANDBOX_CDN} https://pci-connect.squareupsandbox.com https://o160250.ingest.sentry.io https://*.cardinalcommerce.com`,
    );
    expect(csp.get('font-src')).toBe(
      "'self' data: https://square-fonts-production-f.squarecdn.com https://d1g145x70srn7h.cloudfront.net",
    );
    expect(String(res.headers['content-security-policy'])).not.toContain(PRODUCTION_CDN);
    // The rest of the policy is unchanged: no inline script, no plugins, no framing of our pages.
    expect(csp.get('script-src-attr')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    // JSON answers render nothing: they keep their own policy.
    const api = await app.inject({ url: '/api/v1/kitchaco-location/' });
    expect(directives(api).get('default-src')).toBe("'none'");
  });

  it("allows Square's production SDK, and not the sandbox's, on a production server", () => {
    const csp = parseCsp(pageCsp('production'));
    expect(csp.get('script-src')).toBe(`'self' ${PRODUCTION_CDN}`);
    expect(csp.get('frame-src')).toBe(`'self' ${PRODUCTION_CDN} https:`);
    expect(csp.get('connect-src')).toBe(
      `'self' ${PRODUCTION_CDN} https://pci-connect.squareup.com https://o160250.ingest.sentry.io https://*.cardinalcommerce.com`,
    );
    expect(pageCsp('production')).not.toMatch(/sandbox/);
  });

  // Square's forum: a bank's 3-D Secure challenge (any issuer's host, Cardinal Commerce's
  // geoissuer) is blocked by a policy that frames Square's CDN only, and the customer cannot pay.
  it("lets a bank's 3-D Secure challenge frame and form through, and nothing of it run as our script", () => {
    for (const environment of ['sandbox', 'production'] as const) {
      const csp = parseCsp(pageCsp(environment));
      const frames = csp.get('frame-src')!.split(' ');
      expect(frames).toContain('https:');
      expect(frames).not.toContain('http:');
      expect(frames).not.toContain('*');
      expect(csp.get('form-action')).toBe("'self' https:");
      expect(csp.get('connect-src')).toContain('https://*.cardinalcommerce.com');
      // Scripts stay Square's CDN and ours; the page still cannot be framed, nor use plugins.
      expect(csp.get('script-src')).not.toMatch(/https:(\s|$)|cardinal/);
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
    }
    // Without Square, frames and form posts stay our own.
    const local = parseCsp(pageCsp(null));
    expect(local.has('frame-src')).toBe(false);
    expect(local.get('form-action')).toBe("'self'");
  });

  it('asks browsers to report what it blocks, in both forms', async () => {
    const res = await plain.inject({ url: '/checkout' });
    const csp = directives(res);
    expect(csp.get('report-uri')).toBe('/api/v1/csp-report/');
    expect(csp.get('report-to')).toBe('csp');
    expect(res.headers['reporting-endpoints']).toBe('csp="/api/v1/csp-report/"');
  });
});
