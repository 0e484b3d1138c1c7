import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, stockBundles } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import {
  createLocation,
  createMeal,
  createStockItem,
  createStockUnit,
  createVendor,
} from '../../test/factories.js';

let t: TestApp;
let here: { id: number };
let elsewhere: { id: number };
let burger: { id: number };
let fries: { id: number };
let bun: { id: number };
let patty: { id: number };
let potato: { id: number };
let farItem: { id: number };
let admin: string;
let superAdmin: string;
let user: string;

type Channel = (typeof orders.$inferInsert)['channel'];

async function sell(
  at: string,
  channel: Channel,
  lines: { mealId: number | null; name: string; quantity: number }[],
  status: 'Finished' | 'Canceled' = 'Finished',
) {
  const [order] = await t.database.db
    .insert(orders)
    .values({
      locationId: here.id,
      channel,
      status,
      placedAt: new Date(at),
      subTotal: '10.00',
      total: '10.00',
    })
    .returning();
  await t.database.db.insert(orderLines).values(
    lines.map((l) => ({
      orderId: order!.id,
      mealId: l.mealId,
      mealName: l.name,
      quantity: l.quantity,
      unitPrice: '5.00',
      lineTotal: '5.00',
    })),
  );
}

function admin_data(token: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    headers: { authorization: `Token ${token}` },
    payload: body,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  here = await createLocation(db);
  elsewhere = await createLocation(db);
  const vendor = await createVendor(db, here.id, { title: 'Smash' });
  burger = (await createMeal(db, vendor.id, { name: 'Classic Smash' })).meal;
  fries = (await createMeal(db, vendor.id, { name: 'Fries' })).meal;
  const kg = await createStockUnit(db, false);
  bun = await createStockItem(db, here.id, { name: 'Buns' });
  patty = await createStockItem(db, here.id, { name: 'Beef patty', unitId: kg.id });
  potato = await createStockItem(db, here.id, { name: 'Potato', unitId: kg.id });
  farItem = await createStockItem(db, elsewhere.id, { name: 'Buns' });
  await db.insert(stockBundles).values([
    { mealId: burger.id, stockListItemId: bun.id, qty: '1' },
    { mealId: burger.id, stockListItemId: patty.id, qty: '0.15' },
    { mealId: fries.id, stockListItemId: potato.id, qty: '0.2' },
  ]);
  // Melbourne days: 10 Nov 2026, 1 Nov 00:30 (31 Oct 13:30 UTC), and a canceled order.
  await sell('2026-11-10T01:00:00Z', 'online_pickup', [
    { mealId: burger.id, name: 'Classic Smash', quantity: 2 },
    { mealId: fries.id, name: 'Fries', quantity: 1 },
  ]);
  await sell('2026-11-10T03:00:00Z', 'uber_eats', [
    { mealId: burger.id, name: 'Classic Smash', quantity: 3 },
    { mealId: null, name: 'Smash Burger (Uber)', quantity: 4 },
  ]);
  await sell(
    '2026-11-10T04:00:00Z',
    'deliveroo',
    [{ mealId: burger.id, name: 'Classic Smash', quantity: 50 }],
    'Canceled',
  );
  await sell('2026-10-31T13:30:00Z', 'doordash', [{ mealId: fries.id, name: 'Fries', quantity: 7 }]);
  // More burgers for the weekday recommendation, Melbourne days: Monday 9 Nov (8), Monday 16 Nov at
  // 01:30 (8, still Sunday 15 Nov in UTC), Thursday 12 Nov (4) and Saturday 14 Nov (12).
  const burgers = (quantity: number) => [{ mealId: burger.id, name: 'Classic Smash', quantity }];
  await sell('2026-11-09T02:00:00Z', 'online_pickup', burgers(8));
  await sell('2026-11-15T14:30:00Z', 'uber_eats', burgers(8));
  await sell('2026-11-12T02:00:00Z', 'online_pickup', burgers(4));
  await sell('2026-11-14T02:00:00Z', 'doordash', burgers(12));
  admin = (await tokenFor(db, 'stock_admin')).token;
  superAdmin = (await tokenFor(db, 'super_admin')).token;
  user = (await tokenFor(db, 'stock_user', here.id)).token;
});
afterAll(() => t.close());

describe('stock usage report', () => {
  it('sums meals sold on every channel (not canceled) and the stock their bundles used', async () => {
    const res = await admin_data(admin, {
      query_type: 'stock_usage_report',
      kitchaco_location: here.id,
      start_date: '10 Nov 2026',
      end_date: '10 Nov 2026',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(
      body.meal_sold.map((m: { id: number; meal_name: string; quantity: number }) => [
        m.id,
        m.meal_name,
        m.quantity,
      ]),
    ).toEqual([
      [burger.id, 'Classic Smash', 5],
      [-1, 'Smash Burger (Uber)', 4],
      [fries.id, 'Fries', 1],
    ]);
    expect(body.meal_sold[1].stock_bundle).toEqual([]);
    expect(body.stock_list).toEqual([
      { id: patty.id, name: 'Beef patty', qty_type: expect.any(String), qty: 0.75 },
      { id: bun.id, name: 'Buns', qty_type: expect.any(String), qty: 5 },
      { id: potato.id, name: 'Potato', qty_type: expect.any(String), qty: 0.2 },
    ]);
  });

  it('counts the day in the location time zone (01 Nov starts at 31 Oct 13:00 UTC)', async () => {
    const res = await admin_data(superAdmin, {
      query_type: 'stock_usage_report',
      kitchaco_location: here.id,
      start_date: '01 Nov 2026',
      end_date: '01 Nov 2026',
    });
    expect(res.json().meal_sold).toEqual([expect.objectContaining({ id: fries.id, quantity: 7 })]);
  });

  it('refuses stock users and a backwards range', async () => {
    expect(
      (
        await admin_data(user, {
          query_type: 'stock_usage_report',
          kitchaco_location: here.id,
          start_date: '10 Nov 2026',
          end_date: '10 Nov 2026',
        })
      ).statusCode,
    ).toBe(403);
    const backwards = await admin_data(admin, {
      query_type: 'stock_usage_report',
      kitchaco_location: here.id,
      start_date: '10 Nov 2026',
      end_date: '09 Nov 2026',
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('recommends per delivery from the weekday averages of the last 112 days, in the location time zone', async () => {
    // The location delivers Monday and Thursday, in Melbourne. Usage in the 16 weeks to yesterday,
    // per Melbourne weekday, and its average (/ 16):
    //   buns (1 a burger):   Mon 8 + 8 = 16 -> 1   Tue 2 + 3 = 5 -> 0.3125   Thu 4 -> 0.25   Sat 12 -> 0.75
    //   patty (0.15 kg):     Mon 2.4 -> 0.15   Tue 0.75 -> 0.046875   Thu 0.6 -> 0.0375   Sat 1.8 -> 0.1125
    //   potato (0.2 kg):     Tue 0.2 -> 0.0125   Sun 1 Nov 7 x 0.2 = 1.4 -> 0.0875
    // Wednesday 18 Nov: delivered Thursday, lasts Thu-Sun (until Monday):
    //   buns 0.25 + 0 + 0.75 + 0 = 1 -> 1; patty 0.0375 + 0.1125 = 0.15 -> 0.2 kg; potato 0.0875 -> 0.1 kg.
    // Friday 20 Nov: delivered Monday, lasts Mon-Wed (until Thursday):
    //   buns 1 + 0.3125 + 0 = 1.3125 -> 2; patty 0.15 + 0.046875 = 0.196875 -> 0.2 kg; potato 0.0125 -> 0.1 kg.
    // In UTC the 01:30 Monday sale would be a Sunday: buns 1.5 -> 2 on Wednesday, 0.8125 -> 1 on Friday.
    const list = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/stock-list/',
        headers: { authorization: `Token ${user}` },
        payload: { kitchaco: here.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      type Item = { name: string; recommended_order: number; recommendation?: Record<string, unknown> };
      return Object.fromEntries(res.json().data.map((i: Item) => [i.name, i])) as Record<string, Item>;
    };
    const recommended = (items: Record<string, { recommended_order: number }>) =>
      Object.fromEntries(Object.entries(items).map(([name, i]) => [name, i.recommended_order]));
    const buns = { Mon: 1, Tue: 0.3125, Wed: 0, Thu: 0.25, Fri: 0, Sat: 0.75, Sun: 0 };

    t.clock.set('2026-11-18T02:00:00Z'); // Wednesday 18 Nov, 13:00 in Melbourne
    const wednesday = await list();
    expect(recommended(wednesday)).toEqual({ 'Beef patty': 0.2, Buns: 1, Potato: 0.1 });
    expect(wednesday.Buns!.recommendation).toEqual({
      covers: ['Thu', 'Fri', 'Sat', 'Sun'],
      delivery_day: 'Thursday',
      next_delivery_day: 'Monday',
      per_weekday: buns,
      total: 1,
      weeks: 16,
    });
    expect(wednesday.Potato!.recommendation).toMatchObject({ total: 0.0875 });

    t.clock.set('2026-11-20T02:00:00Z'); // Friday 20 Nov
    try {
      const friday = await list();
      expect(recommended(friday)).toEqual({ 'Beef patty': 0.2, Buns: 2, Potato: 0.1 });
      expect(friday.Buns!.recommendation).toEqual({
        covers: ['Mon', 'Tue', 'Wed'],
        delivery_day: 'Monday',
        next_delivery_day: 'Thursday',
        per_weekday: buns,
        total: 1.3125,
        weeks: 16,
      });
      expect(friday['Beef patty']!.recommendation).toMatchObject({ total: 0.196875 });
    } finally {
      t.clock.set('2026-11-18T02:00:00Z');
    }
  });
});

describe('stock bundles', () => {
  it('lists the meals of a location with their bundles and the items a bundle may use', async () => {
    const res = await admin_data(admin, { query_type: 'stock_bundles', kitchaco_location: here.id });
    expect(res.statusCode, res.body).toBe(200);
    const burgerRow = res.json().meals.find((m: { meal_id: number }) => m.meal_id === burger.id);
    expect(
      burgerRow.stock_bundle.map((b: { stock_list__name: string; qty: number }) => [
        b.stock_list__name,
        b.qty,
      ]),
    ).toEqual([
      ['Beef patty', 0.15],
      ['Buns', 1],
    ]);
    expect(res.json().stock_list.map((i: { name: string }) => i.name)).toEqual([
      'Beef patty',
      'Buns',
      'Potato',
    ]);
  });

  it('lets only a super admin add, edit and delete a line, with the item from the meal location', async () => {
    const add = { query_type: 'add_stock_bundle', meal_id: fries.id, stock_list_id: bun.id, qty: 1 };
    expect((await admin_data(admin, add)).statusCode).toBe(403);
    expect((await admin_data(superAdmin, add)).statusCode).toBe(200);
    expect((await admin_data(superAdmin, add)).statusCode).toBe(409);
    const foreign = await admin_data(superAdmin, { ...add, stock_list_id: farItem.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().field).toBe('stock_list_id');
    expect((await admin_data(superAdmin, { ...add, stock_list_id: patty.id, qty: 0 })).statusCode).toBe(400);

    const list = (
      await admin_data(admin, { query_type: 'stock_bundles', kitchaco_location: here.id })
    ).json();
    const line = list.meals
      .find((m: { meal_id: number }) => m.meal_id === fries.id)
      .stock_bundle.find((b: { stock_list__id: number }) => b.stock_list__id === bun.id);
    const edit = await admin_data(superAdmin, {
      query_type: 'update_stock_bundle',
      stock_bundle: { id: line.id, stock_list__id: bun.id, qty: 2.5 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const removed = await admin_data(superAdmin, {
      query_type: 'delete_stock_bundle',
      stock_bundle_id: line.id,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await admin_data(superAdmin, { query_type: 'delete_stock_bundle', stock_bundle_id: line.id }))
        .statusCode,
    ).toBe(404);
  });
});
