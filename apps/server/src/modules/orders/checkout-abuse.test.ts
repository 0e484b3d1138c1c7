import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, promoCodes } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createLocation, createMeal, createVendor } from '../../test/factories.js';
import { CARD_DECLINED, CARD_OK } from '../../test/payments.js';
import { applyOrderStatus, lockOrderForStatus } from './orders.service.js';

/**
 * Card testing and promo abuse, run as bursts of parallel requests (a real race on PostgreSQL):
 * a customer starts at most 10 checkouts per 10 minutes, no card is tried after 5 declines in an
 * hour (10 from one address), and a promo code's total and per-customer limits hold exactly.
 * Every refusal comes before the card is charged.
 */
let t: TestApp;
let locationId: number;
let mealId: number;

const GOOD = CARD_OK;
const DECLINED = CARD_DECLINED;
let keySeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  const location = await createLocation(t.database.db);
  locationId = location.id;
  const vendor = await createVendor(t.database.db, location.id);
  mealId = (await createMeal(t.database.db, vendor.id, { name: 'Laksa', price: '20.00' })).meal.id;
  await t.database.db.insert(promoCodes).values([
    { code: 'ONCEEACH', percentOff: 10, maxUsesPerCustomer: 1 },
    { code: 'FIRSTTHREE', amountOff: '5.00', maxUses: 3 },
  ]);
});
afterAll(() => t.close());

function checkout(token: string, overrides: { card?: typeof GOOD; promo?: string; address?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/orders/',
    remoteAddress: overrides.address ?? '203.0.113.10',
    headers: { authorization: `Token ${token}`, 'idempotency-key': `abuse-${++keySeq}-key` },
    payload: {
      checkout: {
        kitchaco: locationId,
        order_type: 'pickup',
        ...(overrides.promo ? { promo_code: overrides.promo } : {}),
        lines: [{ meal_id: mealId, quantity: 1 }],
      },
      payment: overrides.card ?? GOOD,
    },
  });
}

async function paymentsOf(customerId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.customerId, customerId));
  return row?.n ?? 0;
}

describe('card testing', () => {
  it('30 checkouts at once from one customer: 10 go through, 20 are refused before any charge', async () => {
    const customer = await tokenFor(t.database.db, 'customer');
    const answers = await Promise.all(Array.from({ length: 30 }, () => checkout(customer.token)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().error).toBe('Too many payment attempts. Please wait a few minutes and try again.');
    expect(refused.headers['retry-after']).toBe('600');
    expect(await paymentsOf(customer.id)).toBe(10);
    // The window passes: the customer orders again.
    t.clock.advance(11 * 60_000);
    expect((await checkout(customer.token)).statusCode).toBe(200);
  });

  it('after 5 declines in an hour no card is tried for that customer; 10 from one address stop it too', async () => {
    const customer = await tokenFor(t.database.db, 'customer');
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await checkout(customer.token, { card: DECLINED })).statusCode);
    expect(statuses).toEqual([402, 402, 402, 402, 402, 429]);
    expect(await paymentsOf(customer.id)).toBe(5);
    // Even a good card waits: the attacker may be trying a list of them.
    expect((await checkout(customer.token)).statusCode).toBe(429);

    const address = '198.51.100.99';
    const fromOne: number[] = [];
    for (let c = 0; c < 3; c++) {
      const other = await tokenFor(t.database.db, 'customer');
      for (let i = 0; i < 4; i++)
        fromOne.push((await checkout(other.token, { card: DECLINED, address })).statusCode);
    }
    expect(fromOne.filter((s) => s === 402)).toHaveLength(10);
    expect(fromOne.slice(10)).toEqual([429, 429]);
    t.clock.advance(61 * 60_000);
    expect((await checkout(customer.token)).statusCode).toBe(200);
  });
});

describe('decline limits under parallel tries', () => {
  it('10 declined cards at once from one customer: 5 are tried, 5 refused before any charge', async () => {
    const customer = await tokenFor(t.database.db, 'customer');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => checkout(customer.token, { card: DECLINED, address: '192.0.2.41' })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([402, 402, 402, 402, 402, 429, 429, 429, 429, 429]);
    expect(answers.find((a) => a.statusCode === 429)!.json().error).toBe(
      'Too many declined payments. Please try again later.',
    );
    expect(await paymentsOf(customer.id)).toBe(5);
    t.clock.advance(61 * 60_000);
  });

  it('12 declined cards at once from one address (three customers): 10 are tried', async () => {
    const address = '192.0.2.77';
    const customers = await Promise.all([0, 1, 2].map(() => tokenFor(t.database.db, 'customer')));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => checkout(customers[i % 3]!.token, { card: DECLINED, address })),
    );
    expect(answers.filter((a) => a.statusCode === 402)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(2);
    let tried = 0;
    for (const c of customers) tried += await paymentsOf(c.id);
    expect(tried).toBe(10);
    t.clock.advance(61 * 60_000);
  });

  it('good cards tried at once are not refused for declines that never happened: they wait for a slot', async () => {
    const customer = await tokenFor(t.database.db, 'customer');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => checkout(customer.token, { address: '192.0.2.90' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    t.clock.advance(11 * 60_000);
  });
});

describe('promo codes with limits', () => {
  it('a once-per-customer code used 20 times at once makes one discounted order', async () => {
    const customer = await tokenFor(t.database.db, 'customer');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => checkout(customer.token, { promo: 'ONCEEACH' })),
    );
    // The first 10 pass the attempt limit; of those, one gets the code.
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json().order.discount).toBe(2);
    const used = answers.filter((a) => a.statusCode === 400);
    expect(used).toHaveLength(9);
    expect(used[0]!.json()).toMatchObject({
      error: 'You have already used this promo code.',
      field: 'checkout.promo_code',
    });
    expect(await paymentsOf(customer.id)).toBe(1);
    const [withCode] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.promoCode, 'ONCEEACH'));
    expect(withCode?.n).toBe(1);
  });

  it('a code for the first three orders, raced by six customers, makes three', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => tokenFor(t.database.db, 'customer')));
    const answers = await Promise.all(customers.map((c) => checkout(c.token, { promo: 'FIRSTTHREE' })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode === 400);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().error).toBe('This promo code has been used up.');
    const [promo] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'FIRSTTHREE'));
    expect(promo?.uses).toBe(3);
    // A quote says so before anyone pays.
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/quote/',
      payload: {
        kitchaco: locationId,
        order_type: 'pickup',
        promo_code: 'FIRSTTHREE',
        lines: [{ meal_id: mealId, quantity: 1 }],
      },
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().error).toBe('This promo code has been used up.');
  });

  it('gives a use back when its order is canceled, and takes it again when the order is reopened', async () => {
    const customer = await tokenFor(t.database.db, 'customer');
    const first = await checkout(customer.token, { promo: 'ONCEEACH' });
    expect(first.statusCode).toBe(200);
    expect((await checkout(customer.token, { promo: 'ONCEEACH' })).json().error).toBe(
      'You have already used this promo code.',
    );
    const admin = await tokenFor(t.database.db, 'super_admin');
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/',
      headers: { authorization: `Token ${admin.token}` },
      payload: { query_type: 'update_order_status', order_id: first.json().order.id, status: 'Canceled' },
    });
    expect(cancel.json()).toMatchObject({ success: true, refund: { kind: 'refunded' } });
    // The customer orders again with the code the canceled order had used.
    const second = await checkout(customer.token, { promo: 'ONCEEACH' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().order.discount).toBe(2);

    // A canceled order reopened (only one whose payment was not given back can be, through the status
    // path tested here directly) holds its use again.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/',
      headers: { authorization: `Token ${admin.token}` },
      payload: { query_type: 'update_order_status', order_id: second.json().order.id, status: 'Canceled' },
    });
    const [before] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'ONCEEACH'));
    await t.database.db.transaction(async (tx) => {
      const row = await lockOrderForStatus(tx, second.json().order.id);
      await applyOrderStatus(tx, row!, 'Received', { by: admin.id, at: t.clock.now(), sms: 'never' });
    });
    const [after] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'ONCEEACH'));
    expect(after!.uses).toBe(before!.uses + 1);
    expect((await checkout(customer.token, { promo: 'ONCEEACH' })).json().error).toBe(
      'You have already used this promo code.',
    );
  });

  it('gives a use back when the payment is declined', async () => {
    const customer = await tokenFor(t.database.db, 'customer');
    expect((await checkout(customer.token, { promo: 'ONCEEACH', card: DECLINED })).statusCode).toBe(402);
    expect((await checkout(customer.token, { promo: 'ONCEEACH' })).statusCode).toBe(200);
  });
});
