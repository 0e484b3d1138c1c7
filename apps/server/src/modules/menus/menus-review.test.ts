import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createLocation, createMeal, createVendor } from '../../test/factories.js';

/**
 * An operator's change of a live meal is a pending change: the live version stays on sale until a
 * super admin approves it (then it is swapped in at once) or rejects it (then the operator reads why).
 */

let t: TestApp;
let admin: string;
let operator: string;
let brandId: number;

interface CustomerMeal {
  id: number;
  meal_name: string;
  meal_price: number;
  meal_combo: { name: string; price: number }[];
  meal_subitem: { name: string }[];
}

async function call(token: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    headers: { authorization: `Token ${token}` },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

/** The public catalogue read of the brand's menu (cached, as customers get it). */
async function customerMenu() {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/vendors/${brandId}/menu/` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { meals: CustomerMeal[] }).meals;
}
const customerMeal = async (id: number) => (await customerMenu()).find((m) => m.id === id);

const queue = async () =>
  (await call(admin, { query_type: 'menu_review_queue' })).body.items as {
    kind: string;
    id: number;
    meal_id: number;
    name: string;
    price: number;
    change_id: number | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown>;
    changed: string[];
  }[];

const item = async (token: string, mealId: number) =>
  (await call(token, { query_type: 'get_specific_menu_item', meal_id: mealId })).body.menu_item;

async function liveMeal(name: string, price: string) {
  return (
    await createMeal(
      t.database.db,
      brandId,
      { name, price, description: 'Rice noodles, tamarind, peanuts' },
      { combos: [{ name: 'Fried egg', price: '2.00' }], subitems: [{ name: 'Chicken' }] },
    )
  ).meal.id;
}

const edit = (token: string, mealId: number, name: string, price: number | string, extra = {}) =>
  call(token, {
    query_type: 'update_menu',
    menu_item: {
      id: mealId,
      meal_name: name,
      meal_price: price,
      status: 'Waiting for review',
      description: 'Rice noodles, tamarind, peanuts',
      ...extra,
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const reservoir = await createLocation(db, { name: 'Reservoir' });
  brandId = (await createVendor(db, reservoir.id, { title: 'Bangkok Street' })).id;
  admin = (await tokenFor(db, 'super_admin')).token;
  operator = (await tokenFor(db, 'operator', reservoir.id)).token;
});
afterAll(() => t.close());

describe('pending changes of live meals', () => {
  it('an operator’s price change keeps the live meal on sale at the old price; approval swaps the new one in at once', async () => {
    const padThai = await liveMeal('Pad Thai', '18.00');
    expect((await customerMeal(padThai))?.meal_price).toBe(18);

    expect((await edit(operator, padThai, 'Pad Thai', '19.50')).status).toBe(200);

    // Customers still see the live version, Enabled, at the old price.
    expect(await customerMeal(padThai)).toMatchObject({ meal_name: 'Pad Thai', meal_price: 18 });
    const seen = await item(operator, padThai);
    expect(seen).toMatchObject({ status: 'Enabled', meal_price: 18 });
    expect(seen.pending_change).toMatchObject({
      kind: 'meal',
      before: { name: 'Pad Thai', price: 18, status: 'Enabled' },
      after: { name: 'Pad Thai', price: 19.5, status: 'Enabled' },
      changed: ['price'],
    });
    const listed = (await call(operator, { query_type: 'admin_menu', kitchaco_location: 0 })).body;
    expect(listed.waiting_for_review).toBe(1);

    // The review queue shows before and after, field by field.
    const waiting = (await queue()).filter((i) => i.meal_id === padThai);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      kind: 'meal',
      id: padThai,
      name: 'Pad Thai',
      price: 19.5,
      change_id: seen.pending_change.id,
      before: { name: 'Pad Thai', price: 18, description: 'Rice noodles, tamarind, peanuts', image: null },
      after: { name: 'Pad Thai', price: 19.5, description: 'Rice noodles, tamarind, peanuts', image: null },
      changed: ['price'],
    });

    const approved = await call(admin, {
      query_type: 'review_menu_item',
      kind: 'meal',
      id: padThai,
      decision: 'Enabled',
      change_id: waiting[0]!.change_id,
    });
    expect(approved.status).toBe(200);
    // The cached catalogue follows at once.
    expect(await customerMeal(padThai)).toMatchObject({ meal_name: 'Pad Thai', meal_price: 19.5 });
    const after = await item(operator, padThai);
    expect(after).toMatchObject({ status: 'Enabled', meal_price: 19.5 });
    expect(after.pending_change).toBeUndefined();
    expect(after.last_review).toMatchObject({ kind: 'meal', decision: 'approved' });
    expect((await queue()).filter((i) => i.meal_id === padThai)).toEqual([]);
  });

  it('a rejection keeps the live price and tells the operator why', async () => {
    const mealId = await liveMeal('Green Curry', '17.00');
    await edit(operator, mealId, 'Green Curry Deluxe', 25);
    const [waiting] = (await queue()).filter((i) => i.meal_id === mealId);
    expect(waiting?.changed).toEqual(['name', 'price']);
    const rejected = await call(admin, {
      query_type: 'review_menu_item',
      kind: 'meal',
      id: mealId,
      decision: 'Rejected',
      reason: '  Too large a rise for one week  ',
    });
    expect(rejected.status).toBe(200);
    expect(await customerMeal(mealId)).toMatchObject({ meal_name: 'Green Curry', meal_price: 17 });
    const seen = await item(operator, mealId);
    expect(seen).toMatchObject({ status: 'Enabled', meal_name: 'Green Curry', meal_price: 17 });
    expect(seen.pending_change).toBeUndefined();
    expect(seen.last_review).toMatchObject({
      decision: 'rejected',
      reason: 'Too large a rise for one week',
      name: 'Green Curry Deluxe',
    });
    const listed = (await call(operator, { query_type: 'admin_menu', kitchaco_location: 0 })).body;
    const meal = listed.menu_details[0].meals.find((m: { id: number }) => m.id === mealId);
    expect(meal.last_review).toMatchObject({ decision: 'rejected', reason: 'Too large a rise for one week' });
  });

  it('an old client’s rejection without a reason still works (the reason is empty)', async () => {
    const mealId = await liveMeal('Tom Yum', '14.00');
    await edit(operator, mealId, 'Tom Yum', 15);
    const res = await call(admin, {
      query_type: 'review_menu_item',
      kind: 'meal',
      id: mealId,
      decision: 'Rejected',
    });
    expect(res.status).toBe(200);
    expect((await item(admin, mealId)).last_review).toMatchObject({ decision: 'rejected', reason: '' });
    expect((await customerMeal(mealId))?.meal_price).toBe(14);
  });

  it('a second change supersedes the first; deciding the first by its change_id answers 409', async () => {
    const mealId = await liveMeal('Massaman', '20.00');
    await edit(operator, mealId, 'Massaman', 21);
    const [first] = (await queue()).filter((i) => i.meal_id === mealId);
    await edit(operator, mealId, 'Massaman', 22);
    const waiting = (await queue()).filter((i) => i.meal_id === mealId);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ price: 22, before: { price: 20 }, after: { price: 22 } });
    expect(waiting[0]!.change_id).not.toBe(first!.change_id);

    const stale = await call(admin, {
      query_type: 'review_menu_item',
      kind: 'meal',
      id: mealId,
      decision: 'Enabled',
      change_id: first!.change_id,
    });
    expect(stale.status).toBe(409);
    expect((await customerMeal(mealId))?.meal_price).toBe(20);

    // Saving the live values again withdraws the pending change.
    await edit(operator, mealId, 'Massaman', 20);
    expect((await queue()).filter((i) => i.meal_id === mealId)).toEqual([]);
    expect((await item(operator, mealId)).pending_change).toBeUndefined();
  });

  it('a change of a live combo or sub-item waits apart; the live ones stay on sale', async () => {
    const mealId = await liveMeal('Khao Pad', '16.00');
    const current = await item(operator, mealId);
    const res = await edit(operator, mealId, 'Khao Pad', 16, {
      meal_combo: [{ id: current.meal_combo[0].id, name: 'Fried egg', price: 2.5, status: 'Enabled' }],
      meal_subitem: [{ id: current.meal_subitem[0].id, name: 'Tofu', status: 'Enabled' }],
    });
    expect(res.status).toBe(200);
    // The meal itself was not changed: no change of it waits.
    const waiting = (await queue()).filter((i) => i.meal_id === mealId);
    expect(waiting.map((i) => `${i.kind}:${i.changed.join(',')}`).sort()).toEqual([
      'combo:price',
      'subitem:name',
    ]);
    const menu = await customerMeal(mealId);
    expect(menu?.meal_combo).toEqual([expect.objectContaining({ name: 'Fried egg', price: 2 })]);
    expect(menu?.meal_subitem.map((s) => s.name)).toEqual(['Chicken']);
    const seen = await item(operator, mealId);
    expect(seen.pending_change).toBeUndefined();
    expect(seen.meal_combo[0].pending_change).toMatchObject({ after: { price: 2.5 } });
    expect(seen.meal_subitem[0].pending_change).toMatchObject({ after: { name: 'Tofu' } });

    for (const i of waiting) {
      expect(
        (await call(admin, { query_type: 'review_menu_item', kind: i.kind, id: i.id, decision: 'Enabled' }))
          .status,
      ).toBe(200);
    }
    const approved = await customerMeal(mealId);
    expect(approved?.meal_combo).toEqual([expect.objectContaining({ name: 'Fried egg', price: 2.5 })]);
    expect(approved?.meal_subitem.map((s) => s.name)).toEqual(['Tofu']);
  });

  it('a new image of a pending change is stored but shown live only after approval', async () => {
    const mealId = await liveMeal('Som Tam', '13.00');
    const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3a3' } })
      .png()
      .toBuffer();
    const res = await call(operator, {
      query_type: 'update_menu',
      menu_item: { id: mealId, meal_name: 'Som Tam', meal_price: 13, status: 'Waiting for review' },
      image: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(res.status).toBe(200);
    const seen = await item(operator, mealId);
    expect(seen.meal_image).toBeNull();
    expect(seen.pending_change.after.image).toMatch(/^\/images\/[a-f0-9]{32}\.webp$/);
    expect(seen.pending_change.changed).toContain('image');
    await call(admin, { query_type: 'review_menu_item', kind: 'meal', id: mealId, decision: 'Enabled' });
    expect((await item(admin, mealId)).meal_image).toBe(seen.pending_change.after.image);
  });

  it('an operator cannot propose price 0 for a live meal', async () => {
    const mealId = await liveMeal('Larb', '15.00');
    const res = await edit(operator, mealId, 'Larb', 0);
    expect(res.status).toBe(400);
    expect((await queue()).filter((i) => i.meal_id === mealId)).toEqual([]);
  });

  it('a brand-new meal stays hidden until approved; its rejection reason reaches the operator', async () => {
    const add = (name: string) =>
      call(operator, {
        query_type: 'add_menu',
        meal_name: name,
        meal_price: 12,
        meal_status: 'Enabled',
        vendor_id: brandId,
      });
    const approvedId = (await add('Mango Sticky Rice')).body.meal_id as number;
    const rejectedId = (await add('Durian Shake')).body.meal_id as number;
    expect(await customerMeal(approvedId)).toBeUndefined();
    expect((await item(operator, approvedId)).status).toBe('Waiting for review');
    const waiting = (await queue()).filter((i) => i.meal_id === approvedId);
    expect(waiting).toEqual([
      expect.objectContaining({
        kind: 'meal',
        change_id: null,
        before: null,
        after: expect.objectContaining({ price: 12 }),
      }),
    ]);
    await call(admin, { query_type: 'review_menu_item', kind: 'meal', id: approvedId, decision: 'Enabled' });
    expect((await customerMeal(approvedId))?.meal_price).toBe(12);

    await call(admin, {
      query_type: 'review_menu_item',
      kind: 'meal',
      id: rejectedId,
      decision: 'Rejected',
      reason: 'Not on the brand’s menu',
    });
    expect(await customerMeal(rejectedId)).toBeUndefined();
    expect(await item(operator, rejectedId)).toMatchObject({
      status: 'Rejected',
      last_review: { decision: 'rejected', reason: 'Not on the brand’s menu' },
    });
  });
});
