import { MENU_MESSAGES } from '@kitchaco/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createLocation, createMeal, createVendor } from '../../test/factories.js';

let t: TestApp;
let admin: string;
let operator: string;
let brandId: number;
let otherBrandId: number;
let mealId: number;

async function call(token: string | null, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    headers: token ? { authorization: `Token ${token}` } : {},
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

async function customerMenu(vendorId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/vendors/${vendorId}/menu/` });
  return res.json() as {
    meals: { meal_name: string; meal_combo: { name: string }[]; meal_subitem: { name: string }[] }[];
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const here = await createLocation(db);
  const there = await createLocation(db);
  const brand = await createVendor(db, here.id, { title: 'Burger Barn' });
  brandId = brand.id;
  otherBrandId = (await createVendor(db, there.id, { title: 'Elsewhere Eats' })).id;
  mealId = (
    await createMeal(
      db,
      brand.id,
      { name: 'Classic Burger', price: '12.00' },
      {
        combos: [{ name: 'Cheese', price: '1.50' }],
        subitems: [{ name: 'Beef' }],
      },
    )
  ).meal.id;
  admin = (await tokenFor(db, 'super_admin')).token;
  operator = (await tokenFor(db, 'operator', here.id)).token;
});
afterAll(() => t.close());

describe('menu management', () => {
  it('lists brands with every meal, combo and sub-item; an operator sees only their location', async () => {
    const all = await call(admin, { query_type: 'admin_menu', kitchaco_location: 0 });
    expect(all.body.menu_details.map((b: { title: string }) => b.title)).toEqual([
      'Burger Barn',
      'Elsewhere Eats',
    ]);
    const own = await call(operator, { query_type: 'admin_menu', kitchaco_location: 0 });
    expect(own.body.menu_details.map((b: { title: string }) => b.title)).toEqual(['Burger Barn']);
    expect(own.body.menu_details[0].meals[0]).toMatchObject({
      meal_name: 'Classic Burger',
      meal_price: 12,
      status: 'Enabled',
      meal_combo: [{ name: 'Cheese', price: 1.5, status: 'Enabled' }],
      meal_subitem: [{ name: 'Beef', price: 0, status: 'Enabled' }],
    });
  });

  it("an operator's new meal, combo and sub-item wait for review and stay hidden from customers", async () => {
    const added = await call(operator, {
      query_type: 'add_menu',
      meal_name: 'Smash Stack',
      meal_status: 'Enabled',
      meal_price: 15.5,
      description: 'Two patties',
      vendor_id: brandId,
    });
    expect(added.status).toBe(200);
    const newId = added.body.meal_id as number;
    for (const [add_type, type_name] of [
      ['Combo', 'Bacon'],
      ['SubItem', 'Chicken'],
    ]) {
      const res = await call(operator, {
        query_type: 'add_menu_subitem_combo',
        meal_id: newId,
        add_type,
        type_name,
        type_price: 2,
        type_status: 'Enabled',
      });
      expect(res.status).toBe(200);
    }
    const item = await call(operator, { query_type: 'get_specific_menu_item', meal_id: newId });
    expect(item.body.menu_item).toMatchObject({
      status: 'Waiting for review',
      meal_combo: [{ name: 'Bacon', price: 2, status: 'Waiting for review' }],
      meal_subitem: [{ name: 'Chicken', price: 0, status: 'Waiting for review' }],
    });
    expect((await customerMenu(brandId)).meals.map((m) => m.meal_name)).toEqual(['Classic Burger']);

    const queue = await call(admin, { query_type: 'menu_review_queue' });
    expect(queue.body.items.map((i: { kind: string; name: string }) => `${i.kind}:${i.name}`)).toEqual([
      'meal:Smash Stack',
      'combo:Bacon',
      'subitem:Chicken',
    ]);
    for (const i of queue.body.items as { kind: string; id: number }[]) {
      const res = await call(admin, {
        query_type: 'review_menu_item',
        kind: i.kind,
        id: i.id,
        decision: 'Enabled',
      });
      expect(res.status).toBe(200);
    }
    const menu = await customerMenu(brandId);
    const stack = menu.meals.find((m) => m.meal_name === 'Smash Stack');
    expect(stack?.meal_combo.map((c) => c.name)).toEqual(['Bacon']);
    expect(stack?.meal_subitem.map((s) => s.name)).toEqual(['Chicken']);
    expect((await call(admin, { query_type: 'menu_review_queue' })).body.items).toEqual([]);
  });

  it("an operator's edit of a live meal waits as a pending change, the live meal on sale; a super admin's edit is live", async () => {
    const edit = (token: string, price: number, status = 'Enabled') =>
      call(token, {
        query_type: 'update_menu',
        menu_item: {
          id: mealId,
          meal_name: 'Classic Burger',
          meal_price: price,
          status,
          description: 'Now with pickles',
          meal_combo: [{ id: 0, name: 'Egg', price: 2, status: 'Enabled' }],
        },
      });
    expect((await edit(operator, 13)).status).toBe(200);
    let item = (await call(admin, { query_type: 'get_specific_menu_item', meal_id: mealId })).body.menu_item;
    expect(item).toMatchObject({
      status: 'Enabled',
      meal_price: 12,
      pending_change: {
        after: { price: 13, description: 'Now with pickles' },
        changed: ['price', 'description'],
      },
    });
    expect(item.meal_combo.map((c: { name: string; status: string }) => `${c.name}:${c.status}`)).toEqual([
      'Cheese:Enabled',
      'Egg:Waiting for review',
    ]);
    expect((await customerMenu(brandId)).meals.map((m) => m.meal_name)).toContain('Classic Burger');
    expect((await edit(admin, 13, 'Enabled')).status).toBe(200);
    item = (await call(admin, { query_type: 'get_specific_menu_item', meal_id: mealId })).body.menu_item;
    expect(item).toMatchObject({ status: 'Enabled', meal_price: 13 });
  });

  it('refuses an Enabled meal at price 0 with the spec messages', async () => {
    const add = await call(admin, {
      query_type: 'add_menu',
      meal_name: 'Free lunch',
      meal_status: 'Enabled',
      meal_price: 0,
      vendor_id: brandId,
    });
    expect(add.status).toBe(400);
    expect(add.body.error).toBe(MENU_MESSAGES.addPriceZero);
    const update = await call(admin, {
      query_type: 'update_menu',
      menu_item: { id: mealId, meal_name: 'Classic Burger', meal_price: 0, status: 'Enabled' },
    });
    expect(update.body.error).toBe(MENU_MESSAGES.updatePriceZero);
    const disabled = await call(admin, {
      query_type: 'add_menu',
      meal_name: 'Staff meal',
      meal_status: 'Disabled',
      meal_price: 0,
      vendor_id: brandId,
    });
    expect(disabled.status).toBe(200);
  });

  it('refuses bad input with the field and changes nothing', async () => {
    const before = (await call(admin, { query_type: 'admin_menu', kitchaco_location: 0 })).body;
    const negative = await call(admin, {
      query_type: 'add_menu',
      meal_name: 'Refund',
      meal_price: -1,
      vendor_id: brandId,
    });
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toContain('meal_price');
    const unknownBrand = await call(admin, {
      query_type: 'add_menu',
      meal_name: 'X',
      meal_price: 5,
      vendor_id: 999_999,
    });
    expect(unknownBrand.body.error).toBe(MENU_MESSAGES.selectBrand);
    const noBrand = await call(admin, { query_type: 'add_menu', meal_name: 'X', meal_price: 5 });
    expect(JSON.stringify(noBrand.body)).toContain(MENU_MESSAGES.selectBrand);
    const otherLocation = await call(operator, {
      query_type: 'add_menu',
      meal_name: 'X',
      meal_price: 5,
      vendor_id: otherBrandId,
    });
    expect(otherLocation.status).toBe(403);
    const after = (await call(admin, { query_type: 'admin_menu', kitchaco_location: 0 })).body;
    expect(after).toEqual(before);
  });

  it('stores an uploaded image resized as WebP and serves it with long cache headers', async () => {
    const png = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const res = await call(admin, {
      query_type: 'update_menu',
      menu_item: { id: mealId, meal_name: 'Classic Burger', meal_price: 13, status: 'Enabled' },
      image: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(res.status).toBe(200);
    const item = (await call(admin, { query_type: 'get_specific_menu_item', meal_id: mealId })).body
      .menu_item;
    expect(item.meal_image).toMatch(/^\/images\/[a-f0-9]{32}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: item.meal_image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 800]);
  });

  it('refuses an upload that is not an image, or too large, naming the image field', async () => {
    const text = Buffer.from('<?php echo "hi"; ?>').toString('base64');
    const notImage = await call(admin, {
      query_type: 'update_menu',
      menu_item: { id: mealId, meal_name: 'Classic Burger', meal_price: 13, status: 'Enabled' },
      image: text,
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body).toMatchObject({
      error: 'The image must be a JPEG, PNG or WebP file.',
      field: 'image',
    });
    const huge = Buffer.alloc(6 * 1024 * 1024, 0xff);
    huge[0] = 0xff;
    huge[1] = 0xd8;
    const tooLarge = await call(admin, {
      query_type: 'update_menu',
      menu_item: { id: mealId, meal_name: 'Classic Burger', meal_price: 13, status: 'Enabled' },
      image: huge.toString('base64'),
    });
    expect(tooLarge.status).toBeGreaterThanOrEqual(400);
    expect(tooLarge.status).toBeLessThan(500);
  });

  it('the edit and add calls need a credential even when the page is opened with app_view', async () => {
    const anonymous = await call(null, { query_type: 'get_specific_menu_item', meal_id: mealId });
    expect(anonymous.status).toBe(401);
    const withToken = await call(admin, { query_type: 'get_specific_menu_item', meal_id: mealId });
    expect(withToken.status).toBe(200);
  });
});
