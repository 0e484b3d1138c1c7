import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../test/db.js';

/**
 * The switch between the old clients' semantics and the new ones (http/failure-style.ts), CORS for
 * configured origins, and the OpenAPI document listing every status. The app is built without the
 * tests' default `Prefer: status-codes`, as an old client meets it.
 */
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      CORS_ORIGINS: 'https://old-client.example.com',
    }),
    database,
    logger: false,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const badLogin = (headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/stock-login/',
    headers,
    payload: { query_type: 'login', email: 'nobody@example.test', password: 'wrong password' },
  });

describe('failures on the spec calls', () => {
  it('answers a business failure with 200 success false by default, and its status when asked', async () => {
    const old = await badLogin();
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual({
      success: false,
      error: 'Authentication Error! Please try again.',
      code: 'unauthorized',
    });
    expect(old.headers.vary).toContain('Prefer');
    const asked = await badLogin({ prefer: 'return=minimal, status-codes' });
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual(old.json());
  });

  it('keeps transport conditions as real statuses, and calls the spec does not list as they are', async () => {
    const tooLarge = await app.inject({
      method: 'POST',
      url: '/api/v1/stock-login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query_type: 'login', padding: 'x'.repeat(100 * 1024) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/v1/stock-login/',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(notJson.statusCode).toBe(415);
    // JSON sent as text/plain (as a page avoiding a CORS preflight does) is read as JSON.
    const asText = await app.inject({
      method: 'POST',
      url: '/api/v1/stock-login/',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({
        query_type: 'login',
        email: 'nobody@example.test',
        password: 'wrong password',
      }),
    });
    expect(asText.json().error).toBe('Authentication Error! Please try again.');
    // Checkout is the project's own call: its failures always carry their status.
    const checkout = await app.inject({ method: 'POST', url: '/api/v1/orders/', payload: {} });
    expect(checkout.statusCode).toBe(401);
  });
});

describe('CORS', () => {
  it('lets the configured origin call the API from a browser, and no other', async () => {
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/v1/admin-data/',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization',
        },
      });
    const allowed = await preflight('https://old-client.example.com');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://old-client.example.com');
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const other = await preflight('https://evil.example.com');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const read = await app.inject({
      url: '/api/v1/kitchaco-location/',
      headers: { origin: 'https://old-client.example.com' },
    });
    expect(read.headers['access-control-allow-origin']).toBe('https://old-client.example.com');
  });
});

describe('the OpenAPI document', () => {
  it('lists every status a call can answer, and how spec calls send failures', async () => {
    const doc = (await app.inject({ url: '/api/docs.json' })).json();
    const sendSms = doc.paths['/api/v1/send-sms/'].post;
    expect(Object.keys(sendSms.responses)).toEqual(['200', '400', '408', '413', '415', '429', '503']);
    expect(sendSms.responses['400'].description).toMatch(/Sent with HTTP 200.*Prefer: status-codes/);
    expect(sendSms.parameters.map((p: { name: string }) => p.name)).toContain('Prefer');
    const adminData = doc.paths['/api/v1/admin-data/'].post;
    for (const status of ['401', '403', '404', '409', '413'])
      expect(adminData.responses).toHaveProperty(status);
    const checkout = doc.paths['/api/v1/orders/'].post;
    expect(checkout.responses['402'].description).toBe('The card was declined');
  });
});
