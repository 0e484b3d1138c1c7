import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mealCategories } from '../../db/schema/index.js';
import { createTestApp, type TestApp, UNLIMITED_CHECKOUTS } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { clientCalls } from '../../test/calls.js';
import { createKitchen, createLocation, createMeal, createVendor } from '../../test/factories.js';

let t: TestApp;
let here: { id: number };
let vendorId: number;
let enabledMealId: number;

beforeAll(async () => {
  t = await createTestApp(UNLIMITED_CHECKOUTS);
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

describe('price level and pickup estimate (docs/customer-app.md)', () => {
  // Wednesday 19:20 in Melbourne (+11): an order placed now is ready at 19:35, in the 19:45 slot.
  const NOW = '2026-11-18T08:20:00Z';
  const { place } = clientCalls(() => t.app);

  async function brandAt(
    overrides: Parameters<typeof createLocation>[1],
    mains: string[],
    others: string[] = [],
  ) {
    const db = t.database.db;
    const location = await createLocation(db, { timeZone: 'Australia/Melbourne', ...overrides });
    const [mainsCategory] = await db.insert(mealCategories).values({ title: 'Mains' }).returning();
    const [sides] = await db.insert(mealCategories).values({ title: 'Sides' }).returning();
    const vendor = await createVendor(db, location.id);
    const meals = [];
    for (const price of mains)
      meals.push((await createMeal(db, vendor.id, { price, categoryId: mainsCategory!.id })).meal);
    for (const price of others) await createMeal(db, vendor.id, { price, categoryId: sides!.id });
    await createMeal(db, vendor.id, { price: '99.00', categoryId: mainsCategory!.id, status: 'Disabled' });
    return { location, vendor, meal: meals[0]! };
  }
  const listed = async (locationId: number) =>
    (await t.app.inject({ url: `/api/v1/vendors/?kitchaco=${locationId}` })).json()[0];

  it('sends the price level of the median main on sale, ignoring sides and meals not on sale', async () => {
    t.clock.set(NOW);
    const cheap = await brandAt({}, ['12.50', '14.90', '16.90'], ['4.50', '5.00']);
    const pricey = await brandAt({}, ['21.90', '24.00', '26.00']);
    const sidesOnly = await brandAt({}, [], ['30.00']);
    expect((await listed(cheap.location.id)).price_level).toBe(1);
    expect((await listed(pricey.location.id)).price_level).toBe(3);
    expect((await listed(sidesOnly.location.id)).price_level).toBe(4);
  });

  it('estimates pickup from the kitchen load: the next slot with room, none while busy', async () => {
    t.clock.set(NOW);
    const quiet = await brandAt({ slotCapacityItems: 2 }, ['15.00']);
    expect((await listed(quiet.location.id)).pickup_estimate).toEqual({ min_minutes: 15, max_minutes: 25 });

    // Two items fill the 19:45 slot of a kitchen making 2 per slot: the next, 19:45 to 20:00, is offered.
    const full = await brandAt({ slotCapacityItems: 2 }, ['15.00']);
    const customer = await tokenFor(t.database.db, 'customer');
    const order = await place(customer.token, {
      kitchaco: full.location.id,
      order_type: 'pickup',
      lines: [{ meal_id: full.meal.id, quantity: 2, combo_ids: [] }],
    });
    expect(order.statusCode).toBe(200);
    expect((await listed(full.location.id)).pickup_estimate).toEqual({ min_minutes: 25, max_minutes: 40 });

    const busy = await brandAt({ busyUntil: new Date('2026-11-18T08:50:00Z') }, ['15.00']);
    expect((await listed(busy.location.id)).pickup_estimate).toBeNull();
    const closed = await brandAt({ openingHours: { Wednesday: { open: '11:00', close: '15:00' } } }, [
      '15.00',
    ]);
    expect((await listed(closed.location.id)).pickup_estimate).toBeNull();
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
