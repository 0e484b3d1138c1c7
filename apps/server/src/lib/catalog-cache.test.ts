import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meals } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { tokenFor } from '../test/auth.js';
import { createLocation, createMeal, createVendor } from '../test/factories.js';
import { announceCatalogChange, COMPRESS_FROM_BYTES } from './catalog-cache.js';

let t: TestApp;
let vendorId: number;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const here = await createLocation(t.database.db);
  vendorId = (await createVendor(t.database.db, here.id, { title: 'Cached Burgers' })).id;
  await createMeal(t.database.db, vendorId, { name: 'Classic', price: '12.00' });
  adminToken = (await tokenFor(t.database.db, 'super_admin')).token;
});
afterAll(() => t.close());

const menu = (headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/v1/vendors/${vendorId}/menu/`, headers });

describe('catalog cache', () => {
  it('answers a repeated read with the same ETag, and 304 when the client already has it', async () => {
    const first = await menu();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/json');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await menu();
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const conditional = await menu({ 'if-none-match': etag });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');
  });

  it('a kept answer is the same for every caller, and its checks still run (issue 36: answered without a promise)', async () => {
    const cold = await t.app.inject({ url: '/api/v1/vendors/not-a-number/menu/' });
    const anonymous = await menu();
    const customer = await menu({
      authorization: `Token ${(await tokenFor(t.database.db, 'customer')).token}`,
    });
    expect(customer.statusCode).toBe(200);
    expect(customer.body).toBe(anonymous.body);
    expect(customer.headers.etag).toBe(anonymous.headers.etag);
    expect(customer.headers.vary).toBe(anonymous.headers.vary);
    // Kept answers do not let a malformed address through: the same refusal as before anything was kept.
    const warm = await t.app.inject({ url: '/api/v1/vendors/not-a-number/menu/' });
    expect(cold.statusCode).toBeGreaterThanOrEqual(400);
    expect(warm.statusCode).toBe(cold.statusCode);
    expect(warm.body).toBe(cold.body);
    // An unknown vendor is never served another's kept menu.
    expect((await t.app.inject({ url: `/api/v1/vendors/${vendorId + 999}/menu/` })).body).not.toBe(
      anonymous.body,
    );
  });

  it('serves a change once it is announced in the transaction that made it', async () => {
    const before = await menu();
    await t.database.db.transaction(async (tx) => {
      await tx.insert(meals).values({ vendorId, name: 'Announced', price: '9.00', status: 'Enabled' });
      await announceCatalogChange(tx);
    });
    await expect.poll(async () => (await menu()).json().meals.length, { timeout: 5000 }).toBe(2);
    expect((await menu()).headers.etag).not.toBe(before.headers.etag);
  });

  it('a rolled-back change announces nothing', async () => {
    const before = (await menu()).body;
    await t.database.db
      .transaction(async (tx) => {
        await tx.insert(meals).values({ vendorId, name: 'Rolled back', price: '1.00', status: 'Enabled' });
        await announceCatalogChange(tx);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect((await menu()).body).toBe(before);
  });

  it('a new feed post shows at once in the feed', async () => {
    await t.app.inject({ url: '/api/v1/feed/?limit=7' });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/',
      headers: { authorization: `Token ${adminToken}` },
      payload: { query_type: 'add_feed_post', title: 'Fresh news', body: 'Something new on the menu.' },
    });
    expect(added.statusCode).toBe(200);
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/v1/feed/?limit=7' })).json()[0]?.title, {
        timeout: 5000,
      })
      .toBe('Fresh news');
  });
});

describe('catalogue answers compressed once (issue 39)', () => {
  let bigVendor: number;
  const read = (headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/v1/vendors/${bigVendor}/menu/`, headers });

  beforeAll(async () => {
    const here = await createLocation(t.database.db);
    bigVendor = (await createVendor(t.database.db, here.id, { title: 'Many Meals' })).id;
    for (let i = 0; i < 12; i++) {
      await createMeal(t.database.db, bigVendor, {
        name: `Meal number ${i} with a long name`,
        price: '10.00',
      });
    }
  });

  it('sends brotli to a browser, gzip to a client that takes only gzip, and the text to the rest', async () => {
    const plain = await read();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const browser = await read({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(browser.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(browser.rawPayload).toString()).toBe(plain.body);
    expect(browser.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    for (const accept of ['gzip', 'br;q=0, gzip', 'GZIP, deflate']) {
      const gz = await read({ 'accept-encoding': accept });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    }
    for (const accept of ['identity', 'deflate', 'gzip;q=0, br;q=0']) {
      expect((await read({ 'accept-encoding': accept })).headers['content-encoding']).toBeUndefined();
    }
    // Caches keep the encodings apart, and each encoding is its own representation.
    expect(String(browser.headers.vary)).toMatch(/Accept-Encoding/);
    expect(browser.headers.etag).not.toBe(plain.headers.etag);
    expect(
      (await read({ 'accept-encoding': 'br', 'if-none-match': String(browser.headers.etag) })).statusCode,
    ).toBe(304);
    expect((await read({ 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(304);
    expect((await read({ 'if-none-match': String(browser.headers.etag) })).statusCode).toBe(200);
  });

  it('compresses when the answer is kept, not per request', async () => {
    const first = await read({ 'accept-encoding': 'br' });
    const key = `GET /api/v1/vendors/:id/menu/ ${bigVendor}`;
    const kept = t.app.appContext.catalog.peek(key);
    expect(kept?.encoded?.br.equals(first.rawPayload)).toBe(true);
    await read({ 'accept-encoding': 'br' });
    expect(t.app.appContext.catalog.peek(key)?.encoded?.br).toBe(kept?.encoded?.br);
  });

  it('a small answer goes as it is, with no Accept-Encoding in its Vary', async () => {
    const small = await menu({ 'accept-encoding': 'br' });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(String(small.headers.vary ?? '')).not.toMatch(/Accept-Encoding/);
  });

  it("a spec call's answer varies by both Prefer and Accept-Encoding", async () => {
    const list = await t.app.inject({ url: '/api/v1/vendors/', headers: { 'accept-encoding': 'br' } });
    expect(String(list.headers.vary).split(', ').sort()).toEqual(['Accept-Encoding', 'Prefer']);
  });
});
