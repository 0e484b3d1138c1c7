import { randomUUID } from 'node:crypto';
import { deliverooPayload, normalizeDeliveroo } from '@kitchaco/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, locations, meals, orders } from '../../db/schema/index.js';
import { createTestApp, type TestApp, UNLIMITED_CHECKOUTS } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { clientCalls } from '../../test/calls.js';
import { createLocation, createMeal, createVendor } from '../../test/factories.js';
import { mappedStore, notification } from '../../test/marketplaces.js';
import { receiveWebhookOrder } from '../marketplaces/marketplaces.service.js';

let t: TestApp;
let customer: { token: string; id: number };
let admin: { token: string; id: number };

// Wednesday 19:20 in Melbourne (+11): an order placed now is ready at 19:35, in the 19:45 slot.
const NOW = '2026-11-18T08:20:00Z';
const SLOT = '2026-11-18T08:45:00.000Z'; // 7:45 PM
const NEXT = '2026-11-18T09:00:00.000Z'; // 8:00 PM

beforeAll(async () => {
  t = await createTestApp(UNLIMITED_CHECKOUTS);
  customer = await tokenFor(t.database.db, 'customer');
  admin = await tokenFor(t.database.db, 'super_admin');
});
afterAll(() => t.close());

async function kitchenWith(capacity: number | null) {
  const db = t.database.db;
  const location = await createLocation(db, { timeZone: 'Australia/Melbourne', slotCapacityItems: capacity });
  const meal = (await createMeal(db, (await createVendor(db, location.id)).id, { price: '10.00' })).meal;
  return { locationId: location.id, mealId: meal.id };
}

const cart = (k: { locationId: number; mealId: number }, quantity: number, extra: object = {}) => ({
  kitchaco: k.locationId,
  order_type: 'pickup',
  lines: [{ meal_id: k.mealId, quantity, combo_ids: [] }],
  ...extra,
});
const { adminData, quote, place: placeAs } = clientCalls(() => t.app);
const place = (checkout: object) => placeAs(customer.token, checkout);
const ordersIn = async (locationId: number) =>
  t.database.db.select().from(orders).where(eq(orders.locationId, locationId));

describe('kitchen capacity', () => {
  it('changes nothing for a location without a capacity', async () => {
    t.clock.set(NOW);
    const k = await kitchenWith(null);
    const q = (await quote(cart(k, 50))).json();
    expect(q.earliest_pickup_at).toBeUndefined();
    expect(q.slots).toBeUndefined();
    expect((await place(cart(k, 50))).statusCode).toBe(200);
  });

  it('moves the quote to the next slot once a slot holds its N items, and refuses an ASAP order for it', async () => {
    t.clock.set(NOW);
    const k = await kitchenWith(5);
    expect((await quote(cart(k, 1))).json()).toMatchObject({ earliest_pickup_at: SLOT, kitchen_full: false });
    expect((await place(cart(k, 3))).statusCode).toBe(200);
    expect((await place(cart(k, 2))).statusCode).toBe(200);
    // Slot S holds 5 of 5: the 6th item's quote is S + 15 minutes.
    const q = (await quote(cart(k, 1))).json();
    expect(q.earliest_pickup_at).toBe(NEXT);
    expect(q.kitchen_full).toBe(true);
    expect(q.slots[0]).toBe(NEXT);
    expect(q.slots).toHaveLength(4);
    const refused = await place(cart(k, 1));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      success: false,
      error: 'The kitchen is full until 8:00 PM; choose a later pickup time.',
      field: 'order_later',
    });
    // A scheduled order for the full slot is refused alike; for the next slot it is taken.
    const full = await place(cart(k, 1, { order_later: '2026-11-18T19:40:00+11:00' }));
    expect(full.statusCode).toBe(422);
    expect(full.json().error).toContain('8:00 PM');
    expect((await place(cart(k, 1, { order_later: '2026-11-18T20:00:00+11:00' }))).statusCode).toBe(200);
    expect(await ordersIn(k.locationId)).toHaveLength(3);
  });

  it('counts a marketplace webhook order and never refuses one', async () => {
    t.clock.set(NOW);
    const { locationId, vendorId } = await mappedStore(
      t.database.db,
      'deliveroo',
      'dr-capacity-1',
      'Taco Town',
      [{ name: 'Fish Taco', price: '9.00' }],
    );
    const [meal] = await t.database.db.select().from(meals).where(eq(meals.vendorId, vendorId));
    const k = { locationId, mealId: meal!.id };
    const operator = await tokenFor(t.database.db, 'operator', locationId);
    const saved = await adminData(operator.token, {
      query_type: 'save_kitchen_capacity',
      slot_capacity_items: 2,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ kitchaco: locationId, slot_capacity_items: 2, busy_until: null });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'location.kitchen_capacity'), eq(auditLog.locationId, locationId)));
    expect(audit).toBeDefined();
    expect((await quote(cart(k, 1))).json().earliest_pickup_at).toBe(SLOT);

    // Three items from Deliveroo in a slot of two: stored all the same.
    const order = normalizeDeliveroo(
      deliverooPayload.parse(
        notification('deliveroo', {
          externalId: `dr-${randomUUID()}`,
          storeId: 'dr-capacity-1',
          placedAt: NOW,
          items: [{ name: 'Fish Taco', quantity: 3, cents: 900 }],
        }),
      ),
    );
    const stored = await receiveWebhookOrder(t.app.appContext, order);
    expect(stored.order_id).toBeGreaterThan(0);
    expect((await quote(cart(k, 1))).json().earliest_pickup_at).toBe(NEXT);
    const read = await adminData(operator.token, { query_type: 'kitchen_capacity' });
    expect(read.json().load[0]).toEqual({ slot: SLOT, items: 3 });
    expect(read.json().time_zone).toBe('Australia/Melbourne');
  });

  it('refuses online orders while the busy switch is on, naming the time, and takes them once it is off', async () => {
    t.clock.set(NOW);
    const k = await kitchenWith(null);
    const operator = await tokenFor(t.database.db, 'operator', k.locationId);
    const kitchen = await tokenFor(t.database.db, 'kitchen', k.locationId);
    const busy = await adminData(operator.token, { query_type: 'save_kitchen_capacity', busy_minutes: 30 });
    expect(busy.json().busy_until).toBe('2026-11-18T08:50:00.000Z');
    const refused = await place(cart(k, 1));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(
      'The kitchen is very busy and is not taking online orders until 7:50 PM. Please try again then.',
    );
    expect((await quote(cart(k, 1))).statusCode).toBe(422);
    // The kitchen reads the switch but may not change it; nor may an operator of elsewhere.
    expect((await adminData(kitchen.token, { query_type: 'kitchen_capacity' })).json().busy_until).toBe(
      '2026-11-18T08:50:00.000Z',
    );
    expect(
      (await adminData(kitchen.token, { query_type: 'save_kitchen_capacity', busy_minutes: 0 })).statusCode,
    ).toBe(403);
    expect(
      (
        await adminData(admin.token, {
          query_type: 'save_kitchen_capacity',
          kitchaco: k.locationId,
          busy_minutes: 0,
        })
      ).statusCode,
    ).toBe(200);
    expect((await place(cart(k, 1))).statusCode).toBe(200);
    // It also ends by itself.
    await adminData(operator.token, { query_type: 'save_kitchen_capacity', busy_minutes: 15 });
    t.clock.set('2026-11-18T08:36:00Z');
    expect((await place(cart(k, 1))).statusCode).toBe(200);
  });

  it('lets exactly N of N + k concurrent one-item checkouts take a slot of N; the rest are told the earliest time', async () => {
    t.clock.set(NOW);
    const N = 4;
    const k = await kitchenWith(N);
    const results = await Promise.all(Array.from({ length: N + 4 }, () => place(cart(k, 1))));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(N);
    for (const r of refused) {
      expect(r.statusCode).toBe(422);
      expect(r.json().error).toBe('The kitchen is full until 8:00 PM; choose a later pickup time.');
    }
    expect(await ordersIn(k.locationId)).toHaveLength(N);
    const [row] = await t.database.db.select().from(locations).where(eq(locations.id, k.locationId));
    expect(row!.slotCapacityItems).toBe(N);
  });
});
