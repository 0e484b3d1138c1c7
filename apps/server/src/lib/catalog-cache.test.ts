import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meals } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { tokenFor } from '../test/auth.js';
import { createLocation, createMeal, createVendor } from '../test/factories.js';
import { announceCatalogChange } from './catalog-cache.js';

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
