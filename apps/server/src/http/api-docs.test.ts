import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every URL the page loads: scripts, styles, icons. */
function referencedUrls(html: string): string[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
}

describe('the API reference', () => {
  it('answers /api/docs.json with the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
  });

  it('answers /api/docs with a page that loads only files of this server', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).not.toMatch(/https?:\/\//);
    const urls = referencedUrls(res.body);
    expect(urls.filter((u) => u.endsWith('.js')).length).toBeGreaterThanOrEqual(2);
    expect(urls.some((u) => u.endsWith('.css'))).toBe(true);
    for (const url of urls) {
      expect(url, url).toMatch(/^\/api\/docs\//);
      const asset = await t.app.inject({ url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['x-content-type-options'], url).toBe('nosniff');
      if (url.endsWith('.js')) expect(asset.headers['content-type'], url).toMatch(/javascript/);
      if (url.endsWith('.css')) expect(asset.headers['content-type'], url).toMatch(/^text\/css/);
    }
  });

  it('points Swagger UI at /api/docs.json and off the public validator', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    const start = referencedUrls(page.body).find((u) => u.endsWith('start.js'))!;
    const script = (await t.app.inject({ url: start })).body;
    expect(script).toContain('url: "/api/docs.json"');
    expect(script).toContain('validatorUrl: null');
  });

  it('allows the page only its own origin, and no inline script', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:|\*|unsafe-eval/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The document and the other calls keep the JSON policy.
    const json = await t.app.inject({ url: '/api/docs.json' });
    expect(json.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('serves only the files the page needs from swagger-ui-dist, the bundle gzipped', async () => {
    for (const url of [
      '/api/docs/assets/package.json',
      '/api/docs/assets/index.html',
      '/api/docs/assets/../package.json',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
    const plain = await t.app.inject({ url: '/api/docs/assets/swagger-ui-bundle.js' });
    const gzip = await t.app.inject({
      url: '/api/docs/assets/swagger-ui-bundle.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });
});
