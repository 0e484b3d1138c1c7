import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { TestClock } from '../../test/app.js';
import { createTestDatabase } from '../../test/db.js';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const clock = new TestClock(new Date('2026-11-27T09:00:00Z'));
const lines: Record<string, unknown>[] = [];
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', METRICS_TOKEN: TOKEN }),
    database,
    clock,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** What Chrome sends for `report-to` (https://www.w3.org/TR/reporting-1/#serialize-reports). */
const REPORTING_API = [
  {
    type: 'csp-violation',
    age: 12,
    url: 'https://order.kitchaco.example/checkout?token=secret-token',
    user_agent: 'Mozilla/5.0',
    body: {
      documentURL: 'https://order.kitchaco.example/checkout?token=secret-token',
      referrer: '',
      blockedURL: 'https://acs.issuer-bank.example/challenge?session=42&pan=4111',
      effectiveDirective: 'frame-src',
      originalPolicy: "default-src 'self'; frame-src 'self' https://web.squarecdn.com",
      sample: '',
      disposition: 'enforce',
      statusCode: 200,
      lineNumber: 1,
      columnNumber: 1,
    },
  },
  { type: 'deprecation', age: 0, url: 'https://order.kitchaco.example/', body: { id: 'x' } },
];

/** What Firefox sends for `report-uri` (https://www.w3.org/TR/CSP2/#violation-reports). */
const REPORT_URI = {
  'csp-report': {
    'document-uri': 'https://order.kitchaco.example/checkout',
    referrer: '',
    'violated-directive': 'connect-src',
    'effective-directive': 'connect-src',
    'original-policy': "default-src 'self'",
    disposition: 'enforce',
    'blocked-uri': 'https://geoissuer.cardinalcommerce.com/DeviceFingerprintWeb/V2/Browser/Render',
    'status-code': 200,
  },
};

const report = (body: string, contentType: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/csp-report/',
    headers: { 'content-type': contentType },
    payload: body,
  });

const violations = async (directive: string) => {
  const text = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`kitchaco_csp_violations_total{directive="${directive}"}`));
  return line ? Number(line.split(' ')[1]) : 0;
};

describe('the CSP violation reports of browsers', () => {
  it('takes both forms a browser sends, counts each violation and logs origins and paths only', async () => {
    const before = lines.length;
    const fromChrome = await report(JSON.stringify(REPORTING_API), 'application/reports+json');
    expect(fromChrome.statusCode).toBe(200);
    expect(fromChrome.json()).toEqual({ success: true, received: 1 });
    const fromFirefox = await report(JSON.stringify(REPORT_URI), 'application/csp-report');
    expect(fromFirefox.json()).toEqual({ success: true, received: 1 });

    expect(await violations('frame-src')).toBe(1);
    expect(await violations('connect-src')).toBe(1);
    const logged = lines.slice(before).filter((l) => l.csp);
    expect(logged.map((l) => l.csp)).toEqual([
      {
        directive: 'frame-src',
        blocked: 'https://acs.issuer-bank.example',
        page: '/checkout',
        disposition: 'enforce',
      },
      {
        directive: 'connect-src',
        blocked: 'https://geoissuer.cardinalcommerce.com',
        page: '/checkout',
        disposition: 'enforce',
      },
    ]);
    expect(logged.every((l) => l.level === 40)).toBe(true);
    // Never the query strings: a token, a session, a card number.
    expect(JSON.stringify(lines.slice(before))).not.toMatch(/secret-token|session=|4111/);
  });

  it('logs the same blocked origin once a minute, and counts every report', async () => {
    const logged = () =>
      lines.filter((l) => (l.csp as { blocked?: string } | undefined)?.blocked === 'https://again.example')
        .length;
    const body = JSON.stringify({
      'csp-report': {
        'effective-directive': 'img-src',
        'blocked-uri': 'https://again.example/a.png',
        'document-uri': 'https://x.example/',
      },
    });
    for (let i = 0; i < 5; i++) expect((await report(body, 'application/csp-report')).statusCode).toBe(200);
    expect(logged()).toBe(1);
    expect(await violations('img-src')).toBe(5);
    clock.advance(61_000);
    await report(body, 'application/csp-report');
    expect(logged()).toBe(2);
  });

  it('refuses what is not a report, naming the body, and counts nothing', async () => {
    const before = await violations('frame-src');
    for (const [body, type] of [
      ['not json', 'application/csp-report'],
      ['{"something":"else"}', 'application/json'],
      ['42', 'application/reports+json'],
    ] as const) {
      const res = await report(body, type);
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'body' });
    }
    const huge = await report(
      JSON.stringify({ 'csp-report': { sample: 'x'.repeat(70_000) } }),
      'application/csp-report',
    );
    expect(huge.statusCode).toBe(413);
    expect(await violations('frame-src')).toBe(before);
  });
});
