import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { modules } from './modules/index.js';
import { createTestApp, type TestApp } from './test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('server basics', () => {
  it('answers /healthz with the database kind', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends API answers the short header set of a JSON API: nothing may render or frame them', async () => {
    const res = await t.app.inject({ url: '/api/v1/kitchaco-location/' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('documents every declared call in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const m of modules) {
      for (const r of m.routes ?? []) {
        expect(
          doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()],
          `${r.method} ${r.url}`,
        ).toBeDefined();
      }
      for (const c of m.calls ?? []) {
        const variants = doc.paths[c.endpoint].post.requestBody.content['application/json'].schema.oneOf;
        expect(variants.map((v: { title: string }) => v.title)).toContain(c.queryType);
      }
    }
  });

  it('serves the web app with a history fallback, and JSON 404s under /api', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Kitchaco</title>');
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: dir }),
      database: t.database,
      logger: false,
    });
    const page = await app.inject({ url: '/vendor:12' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Kitchaco</title>');
    const api = await app.inject({ url: '/api/v1/unknown/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'not_found' });
    await app.close();
  });

  it('compresses the web app files for browsers that accept it, and leaves API answers alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Kitchaco</title>');
    mkdirSync(join(dir, 'assets'));
    const script = `export const menu = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `dish ${i}`))};\n`;
    writeFileSync(join(dir, 'assets/index-abc123.js'), script);
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: dir }),
      database: t.database,
      logger: false,
    });
    const url = '/assets/index-abc123.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // The OpenAPI document: a large JSON answer, sent as it is.
    const api = await app.inject({
      url: '/api/docs.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(api.statusCode).toBe(200);
    expect(api.body.length).toBeGreaterThan(10_000);
    expect(api.headers['content-encoding']).toBeUndefined();
    await app.close();
  });

  it('answers 503, not 500, while the database is unreachable', async () => {
    const { openPostgres } = await import('./db/client.js');
    const dead = openPostgres('postgres://nobody@127.0.0.1:1/none', { poolSize: 1 });
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database: dead,
      logger: false,
    });
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    const call = await app.inject({ url: '/api/v1/kitchaco-location/' });
    expect(call.statusCode).toBe(503);
    expect(call.headers['retry-after']).toBe('5');
    expect(call.json()).toMatchObject({ success: false, code: 'unavailable' });
    await app.close();
    await dead.close();
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.demo).toBe(true);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  it('refuses production without a secret or with demo mode', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PROVIDER_ABN: '51 824 753 556',
        APP_SECRET: 'x'.repeat(40),
        PAYMENTS_PROVIDER: 'test',
        DEMO: 'true',
      }),
    ).toThrow(/DEMO/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PROVIDER_ABN: '51 824 753 556',
        ALLOW_EMBEDDED_DATABASE: 'true',
        APP_SECRET: 'x'.repeat(40),
        PAYMENTS_PROVIDER: 'test',
      }).demo,
    ).toBe(false);
  });
});
