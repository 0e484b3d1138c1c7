import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, payments } from '../../db/schema/index.js';
import { createTestApp, type TestApp, UNLIMITED_CHECKOUTS } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createLocation, createMeal, createVendor } from '../../test/factories.js';
import { CARD_OK } from '../../test/payments.js';

/**
 * An Idempotency-Key belongs to the customer who sent it: customer B sending customer A's key (a
 * shared app build, a guessed or leaked key, a client library seeding its keys badly) gets B's own
 * order for B's cart, never A's answer and never a refusal because A used it first.
 */
let t: TestApp;
let a: { token: string; id: number };
let b: { token: string; id: number };
let burgerId: number;
let saladId: number;
let locationId: number;

beforeAll(async () => {
  t = await createTestApp(UNLIMITED_CHECKOUTS);
  const db = t.database.db;
  const location = await createLocation(db);
  locationId = location.id;
  const vendor = await createVendor(db, location.id);
  burgerId = (await createMeal(db, vendor.id, { name: 'Double Smash', price: '16.90' })).meal.id;
  saladId = (await createMeal(db, vendor.id, { name: 'Poke Bowl', price: '18.50' })).meal.id;
  a = await tokenFor(db, 'customer');
  b = await tokenFor(db, 'customer');
});
afterAll(() => t.close());

const cartOf = (mealId: number, quantity: number) => ({
  kitchaco: locationId,
  order_type: 'pickup',
  lines: [{ meal_id: mealId, quantity, combo_ids: [] }],
});

const place = (who: { token: string }, key: string, mealId: number, quantity: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/orders/',
    headers: { authorization: `Token ${who.token}`, 'idempotency-key': key },
    payload: { checkout: cartOf(mealId, quantity), payment: CARD_OK },
  });

async function orderOf(id: number) {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, id));
  return { order: order!, lines };
}

describe('Idempotency-Key scoped to the caller', () => {
  it('two customers, same key, different carts: each gets their own order, and a retry its own answer', async () => {
    const key = randomUUID();
    const first = await place(a, key, burgerId, 2);
    expect(first.statusCode).toBe(200);
    const other = await place(b, key, saladId, 1);
    expect(other.statusCode).toBe(200);

    const aOrder = first.json().order;
    const bOrder = other.json().order;
    expect(bOrder.id).not.toBe(aOrder.id);
    const mine = await orderOf(bOrder.id);
    expect(mine.order.customerId).toBe(b.id);
    expect(mine.lines.map((l) => [l.mealId, l.quantity])).toEqual([[saladId, 1]]);
    expect(bOrder.total).not.toBe(aOrder.total);

    // Each one's retry answers their own order; nothing is charged again.
    expect((await place(a, key, burgerId, 2)).json().order.id).toBe(aOrder.id);
    expect((await place(b, key, saladId, 1)).json().order.id).toBe(bOrder.id);
    const paid = await t.database.db.select().from(payments).where(eq(payments.customerId, b.id));
    expect(paid).toHaveLength(1);
    // And the same key with another body is still the caller's own mistake (422).
    expect((await place(a, key, saladId, 3)).statusCode).toBe(422);
  });

  it("B sending A's key and A's very cart gets B's own order, never A's answer", async () => {
    const key = randomUUID();
    const first = await place(a, key, burgerId, 1);
    const copied = await place(b, key, burgerId, 1);
    expect(copied.statusCode).toBe(200);
    expect(copied.json().order.id).not.toBe(first.json().order.id);
    expect((await orderOf(copied.json().order.id)).order.customerId).toBe(b.id);
  });

  it('the same key from two customers at the same moment makes two orders', async () => {
    const key = randomUUID();
    const [one, two] = await Promise.all([place(a, key, burgerId, 3), place(b, key, saladId, 2)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().order.id).not.toBe(two.json().order.id);
  });

  it('a key kept bare by the release before answers its own customer once more, and nobody else', async () => {
    const key = randomUUID();
    const first = await place(a, key, saladId, 2);
    expect(first.statusCode).toBe(200);
    // As the earlier release stored it: the client's key, unscoped, in every table that keeps it.
    const stored = `customer:${a.id}:${key}`;
    const db = t.database.db;
    await db.execute(sql`UPDATE idempotency_keys SET key = ${key} WHERE key = ${stored}`);
    await db.execute(sql`UPDATE orders SET idempotency_key = ${key} WHERE idempotency_key = ${stored}`);
    await db.execute(sql`UPDATE payments SET idempotency_key = ${key} WHERE idempotency_key = ${stored}`);

    const retry = await place(a, key, saladId, 2);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order.id).toBe(first.json().order.id);
    const aPaid = await db.select().from(payments).where(eq(payments.customerId, a.id));
    const before = aPaid.length;
    expect((await place(a, key, saladId, 2)).json().order.id).toBe(first.json().order.id);
    expect(await db.select().from(payments).where(eq(payments.customerId, a.id))).toHaveLength(before);

    const stranger = await place(b, key, saladId, 2);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json().order.id).not.toBe(first.json().order.id);
  });
});
