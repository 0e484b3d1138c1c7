import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createKitchen, createLocation, createMeal, createVendor } from '../../test/factories.js';

let t: TestApp;
let here: { id: number };
let vendorId: number;
let enabledMealId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  here = await createLocation(db);
  const elsewhere = await createLocation(db);
  const burgers = await createKitchen(db, 'Burgers');
  const v = await createVendor(db, here.id, { title: 'Smash Bros' }, [burgers.id]);
  vendorId = v.id;
  await createVendor(db, here.id, { title: 'Closed Brand', isActive: false });
  await createVendor(db, elsewhere.id, { title: 'Far Away' });
  const enabled = await createMeal(
    db,
    v.id,
    { name: 'Double Smash', price: '16.90', image: 'NULL' },
    {
      combos: [
        { name: 'Add fries', price: '4.50' },
        { name: 'Secret sauce', price: '1.00', status: 'Disabled' },
      ],
      subitems: [{ name: 'Medium' }, { name: 'Well done', status: 'Waiting for review' }],
    },
  );
  enabledMealId = enabled.meal.id;
  await createMeal(db, v.id, { name: 'Retired', status: 'Disabled' });
  await createMeal(db, v.id, { name: 'Pending review', status: 'Waiting for review' });
  await createMeal(db, v.id, { name: 'Refused', status: 'Rejected' });
});
afterAll(() => t.close());

describe('vendors', () => {
  it('lists active vendors of a location with their kitchens', async () => {
    const res = await t.app.inject({ url: `/api/v1/vendors/?kitchaco=${here.id}` });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((v: { title: string }) => v.title)).toEqual(['Smash Bros']);
    expect(list[0]).toMatchObject({ kitchaco: { id: here.id }, kitchens: [{ title: 'Burgers' }] });
    const all = (await t.app.inject({ url: '/api/v1/vendors/' })).json();
    expect(all.map((v: { title: string }) => v.title)).toEqual(['Smash Bros', 'Far Away']);
  });

  it('rejects a malformed location filter', async () => {
    const res = await t.app.inject({ url: '/api/v1/vendors/?kitchaco=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('kitchaco');
  });

  it('lists the kitchens as filters', async () => {
    expect((await t.app.inject({ url: '/api/v1/vendor-filters/' })).json()).toEqual({
      Kitchen: [{ id: expect.any(Number), title: 'Burgers' }],
    });
  });

  it('shows customers only Enabled meals, combos and sub-items', async () => {
    const res = await t.app.inject({ url: `/api/v1/vendors/${vendorId}/menu/` });
    expect(res.statusCode).toBe(200);
    const { vendor, meals } = res.json();
    expect(vendor.title).toBe('Smash Bros');
    expect(meals).toEqual([
      {
        id: enabledMealId,
        meal_name: 'Double Smash',
        meal_price: 16.9,
        description: '',
        meal_image: null,
        category: null,
        meal_combo: [{ id: expect.any(Number), name: 'Add fries', price: 4.5 }],
        meal_subitem: [{ id: expect.any(Number), name: 'Medium' }],
        sold_out_until: null,
      },
    ]);
  });

  it('answers 404 for an unknown or inactive vendor', async () => {
    expect((await t.app.inject({ url: '/api/v1/vendors/999999/menu/' })).statusCode).toBe(404);
  });
});

describe("What's Latest feed", () => {
  it('lets a super admin add and remove posts, newest first, and nobody else', async () => {
    const admin = await tokenFor(t.database.db, 'super_admin');
    const operator = await tokenFor(t.database.db, 'operator');
    const add = (token: string, title: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin-data/',
        headers: { authorization: `Token ${token}` },
        payload: {
          query_type: 'add_feed_post',
          title,
          body: 'New dumplings this week',
          link: 'https://example.test/news',
        },
      });
    expect((await add(operator.token, 'Nope')).statusCode).toBe(403);
    const first = (await add(admin.token, 'First')).json().post;
    t.clock.advance(60_000);
    await add(admin.token, 'Second');
    const feed = (await t.app.inject({ url: '/api/v1/feed/?limit=7' })).json();
    expect(feed.map((p: { title: string }) => p.title)).toEqual(['Second', 'First']);
    expect((await t.app.inject({ url: '/api/v1/feed/?limit=1' })).json()).toHaveLength(1);

    // A link a click would run, or leave the site by, is refused with the field named.
    for (const link of ['javascript:alert(document.cookie)', 'data:text/html,x', '//evil.example']) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin-data/',
        headers: { authorization: `Token ${admin.token}` },
        payload: { query_type: 'add_feed_post', title: 'Bad', body: 'x', link },
      });
      expect(bad.statusCode, link).toBe(400);
      expect(bad.json().field).toBe('link');
    }

    const del = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/',
      headers: { authorization: `Token ${admin.token}` },
      payload: { query_type: 'delete_feed_post', id: first.id },
    });
    expect(del.json()).toEqual({ success: true });
    expect(
      (await t.app.inject({ url: '/api/v1/feed/' })).json().map((p: { title: string }) => p.title),
    ).toEqual(['Second']);
    const bad = await add(admin.token, '');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('title');
  });
});
