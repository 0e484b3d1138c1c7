import { randomUUID } from 'node:crypto';
import type { OrderStatusEvent } from '@kitchaco/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idempotencyKeys,
  meals,
  orderLines,
  orderStatusEvents,
  orders,
  outbox,
  payments,
  promoCodes,
} from '../../db/schema/index.js';
import { createTestApp, secondInstance, type TestApp, UNLIMITED_CHECKOUTS } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createLocation, createMeal, createVendor } from '../../test/factories.js';
import { CARD_DECLINED, CARD_OK } from '../../test/payments.js';
import { hmac } from '../auth/secrets.js';

let t: TestApp;
let locationId: number;
let otherLocationMeal: number;
let burger: Awaited<ReturnType<typeof createMeal>>;
let salad: Awaited<ReturnType<typeof createMeal>>;
let customer: { token: string; id: number };

const GOOD_CARD = CARD_OK;
const DECLINED_CARD = CARD_DECLINED;

beforeAll(async () => {
  t = await createTestApp(UNLIMITED_CHECKOUTS);
  const db = t.database.db;
  const location = await createLocation(db, { deliveryCharge: '6.50' });
  locationId = location.id;
  const vendorA = await createVendor(db, location.id, { title: 'Smash Bros' });
  const vendorB = await createVendor(db, location.id, { title: 'Green Bowl' });
  burger = await createMeal(
    db,
    vendorA.id,
    { name: 'Double Smash', price: '16.90' },
    {
      combos: [
        { name: 'Add fries', price: '4.50' },
        { name: 'Extra cheese', price: '2.00' },
        { name: 'Hidden', price: '9.00', status: 'Disabled' },
      ],
      subitems: [{ name: 'Medium' }, { name: 'Well done' }],
    },
  );
  salad = await createMeal(db, vendorB.id, { name: 'Poke Bowl', price: '18.50' });
  const far = await createLocation(db);
  otherLocationMeal = (await createMeal(db, (await createVendor(db, far.id)).id)).meal.id;
  await db.insert(promoCodes).values([
    { code: 'WELCOME10', percentOff: 10 },
    { code: 'FIVEOFF', amountOff: '5.00', minSubTotal: '25.00' },
    { code: 'EXPIRED', percentOff: 50, validUntil: new Date('2020-01-01T00:00:00Z') },
  ]);
  customer = await tokenFor(db, 'customer');
});
afterAll(() => t.close());

function cart(overrides: Record<string, unknown> = {}) {
  return {
    kitchaco: locationId,
    order_type: 'pickup',
    lines: [
      {
        meal_id: burger.meal.id,
        quantity: 2,
        subitem_id: burger.subitems[0]!.id,
        combo_ids: [burger.combos[0]!.id, burger.combos[1]!.id],
        special_request: 'No pickles',
      },
      { meal_id: salad.meal.id, quantity: 1, combo_ids: [] },
    ],
    ...overrides,
  };
}

const quote = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/orders/quote/', payload: body as object });

function place(body: unknown, key: string | null = randomUUID(), token = customer.token) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/orders/',
    headers: { authorization: `Token ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
}

const countRows = async (table: typeof orders | typeof payments) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

describe('quote', () => {
  it('prices a cart from the server: combos x quantity, delivery, promo, GST, card charge', async () => {
    const res = await quote(
      cart({ order_type: 'delivery', delivery_location: '1 Example St, Reservoir', promo_code: 'welcome10' }),
    );
    expect(res.statusCode).toBe(200);
    const q = res.json();
    // (16.90 + 4.50 + 2.00) x 2 = 46.80; + 18.50 = 65.30; -10% = 6.53; + 6.50 delivery = 65.27
    expect(q.lines.map((l: { line_total: number }) => l.line_total)).toEqual([46.8, 18.5]);
    expect(q).toMatchObject({
      sub_total: 65.3,
      discount: 6.53,
      delivery_charge: 6.5,
      total: 65.27,
      gst: 5.93,
      transaction_charge: 0.8,
      promo_code: 'WELCOME10',
      order_later: null,
    });
    expect(q.lines[0]).toMatchObject({
      subitem: 'Medium',
      special_request: 'No pickles',
      vendor_title: 'Smash Bros',
    });
  });

  it('applies a fixed promo above its minimum and refuses it below, naming the minimum', async () => {
    const small = cart({ lines: [{ meal_id: salad.meal.id, quantity: 1 }], promo_code: 'FIVEOFF' });
    const refused = await quote(small);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      field: 'promo_code',
      error: 'This promo code needs an order of at least $25.00.',
    });
    const big = await quote(cart({ promo_code: 'FIVEOFF' }));
    expect(big.json()).toMatchObject({ discount: 5, total: 60.3 });
  });

  it.each([
    [
      'a disabled extra',
      () =>
        cart({
          lines: [
            {
              meal_id: burger.meal.id,
              quantity: 1,
              subitem_id: burger.subitems[0]!.id,
              combo_ids: [burger.combos[2]!.id],
            },
          ],
        }),
      'lines.0.combo_ids',
    ],
    [
      'a meal of another location',
      () => cart({ lines: [{ meal_id: otherLocationMeal, quantity: 1 }] }),
      'lines.0.meal_id',
    ],
    ['an unknown meal', () => cart({ lines: [{ meal_id: 999999, quantity: 1 }] }), 'lines.0.meal_id'],
    [
      'no option chosen',
      () => cart({ lines: [{ meal_id: burger.meal.id, quantity: 1 }] }),
      'lines.0.subitem_id',
    ],
    [
      'a fractional quantity',
      () => cart({ lines: [{ meal_id: salad.meal.id, quantity: 1.5 }] }),
      'lines.0.quantity',
    ],
    ['a zero quantity', () => cart({ lines: [{ meal_id: salad.meal.id, quantity: 0 }] }), 'lines.0.quantity'],
    ['an empty cart', () => cart({ lines: [] }), 'lines'],
    ['delivery without an address', () => cart({ order_type: 'delivery' }), 'delivery_location'],
    ['an expired promo', () => cart({ promo_code: 'EXPIRED' }), 'promo_code'],
    ['an unknown promo', () => cart({ promo_code: 'FREEFOOD' }), 'promo_code'],
    ['a time in the past', () => cart({ order_later: '2020-01-01T10:00:00+11:00' }), 'order_later'],
    ['an unknown location', () => cart({ kitchaco: 999999 }), 'kitchaco'],
  ])('refuses %s with the field named', async (_name, body, field) => {
    const res = await quote(body());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field });
  });

  it('refuses a later time outside opening hours and schedules an order placed while closed', async () => {
    const db = t.database.db;
    const location = await createLocation(db, {
      openingHours: { Wednesday: { open: '11:00', close: '21:00' } },
    });
    const meal = (await createMeal(db, (await createVendor(db, location.id)).id, { price: '10.00' })).meal;
    const body = { kitchaco: location.id, order_type: 'pickup', lines: [{ meal_id: meal.id, quantity: 1 }] };
    t.clock.set('2026-11-18T02:00:00Z'); // Wednesday 13:00 in Melbourne: open
    expect((await quote(body)).json().order_later).toBeNull();
    const closed = await quote({ ...body, order_later: '2026-11-18T22:30:00+11:00' });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().field).toBe('order_later');
    t.clock.set('2026-11-18T11:00:00Z'); // Wednesday 22:00: closed until next Wednesday 11:00
    expect((await quote(body)).json().order_later).toBe('2026-11-25T00:00:00.000Z');
    t.clock.set('2026-11-18T02:00:00Z');
  });
});

describe('placing an order', () => {
  it('charges once, stores exactly the quoted figures, and shows the order to its customer only', async () => {
    const expected = (await quote(cart())).json();
    const res = await place({ checkout: cart(), payment: GOOD_CARD });
    expect(res.statusCode).toBe(200);
    const { order, payment } = res.json();
    expect(order).toMatchObject({
      status: 'Received',
      sub_total: expected.sub_total,
      total: expected.total,
      gst: expected.gst,
      order_type: 'pickup',
      kitchaco: { id: locationId },
    });
    expect(order.payment_receipt_number).toEqual(payment.receipt_number);
    expect(payment).toMatchObject({
      status: 'COMPLETED',
      source_type: 'CARD',
      total_money: { amount: Math.round(expected.total * 100) },
    });
    expect(order.lines.map((l: { line_total: number }) => l.line_total)).toEqual(
      expected.lines.map((l: { line_total: number }) => l.line_total),
    );

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      channel: 'online_pickup',
      total: expected.total.toFixed(2),
      customerId: customer.id,
    });
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines[0]!.combos).toEqual([
      { name: 'Add fries', price: '4.50', quantity: 1 },
      { name: 'Extra cheese', price: '2.00', quantity: 1 },
    ]);

    const mine = (
      await t.app.inject({ url: '/api/v1/orders/', headers: { authorization: `Token ${customer.token}` } })
    ).json();
    // The answer, made before the write, is exactly what reading the order back shows.
    expect(mine[0]).toEqual(order);
    const someoneElse = await tokenFor(t.database.db, 'customer');
    const theirs = (
      await t.app.inject({ url: '/api/v1/orders/', headers: { authorization: `Token ${someoneElse.token}` } })
    ).json();
    expect(theirs).toEqual([]);
  });

  it('shows the stored card transaction charge of the quote on the order and in the order list', async () => {
    const expected = (await quote(cart({ promo_code: 'WELCOME10' }))).json();
    expect(expected.transaction_charge).toBeGreaterThan(0);
    const res = await place({ checkout: cart({ promo_code: 'WELCOME10' }), payment: GOOD_CARD });
    expect(res.statusCode).toBe(200);
    const { order } = res.json();
    expect(order.transaction_charge).toBe(expected.transaction_charge);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.transactionCharge).toBe(expected.transaction_charge.toFixed(2));
    const mine = (
      await t.app.inject({ url: '/api/v1/orders/', headers: { authorization: `Token ${customer.token}` } })
    ).json();
    const listed = mine.find((o: { id: number }) => o.id === order.id);
    expect(listed.transaction_charge).toBe(expected.transaction_charge);
  });

  it('refuses a checkout whose promo minimum is not met: nothing charged, written or used up', async () => {
    const [ordersBefore, paymentsBefore] = [await countRows(orders), await countRows(payments)];
    const usesBefore = (
      await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'FIVEOFF'))
    )[0]!.uses;
    const small = cart({ lines: [{ meal_id: salad.meal.id, quantity: 1 }], promo_code: 'FIVEOFF' });
    const res = await place({ checkout: small, payment: GOOD_CARD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'This promo code needs an order of at least $25.00.',
    });
    expect(res.json().field).toMatch(/promo_code$/);
    expect(await countRows(orders)).toBe(ordersBefore);
    expect(await countRows(payments)).toBe(paymentsBefore);
    const after = (await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'FIVEOFF')))[0]!;
    expect(after.uses).toBe(usesBefore);
  });

  it('creates no order when the card is declined', async () => {
    const before = await countRows(orders);
    const res = await place({ checkout: cart(), payment: DECLINED_CARD });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'payment_declined',
      error: 'Your card was declined. Please use another card.',
    });
    expect(await countRows(orders)).toBe(before);
  });

  it('refuses a card token that was already used, naming the field, and writes nothing', async () => {
    const before = await countRows(orders);
    const res = await place({ checkout: cart(), payment: { source_id: 'cnon:card-nonce-already-used' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'payment.source_id',
      error: 'The card details have expired or were already used. Please enter your card again.',
    });
    expect(await countRows(orders)).toBe(before);
  });

  it('refuses a checkout without a card token, naming the field', async () => {
    const res = await place({ checkout: cart(), payment: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('payment.source_id');
  });

  it('answers a retry with the same key with the first answer: one order, one charge', async () => {
    const key = randomUUID();
    const [orderCount, paymentCount] = [await countRows(orders), await countRows(payments)];
    const first = await place({ checkout: cart(), payment: GOOD_CARD }, key);
    const second = await place({ checkout: cart(), payment: GOOD_CARD }, key);
    expect(second.statusCode).toBe(200);
    expect(second.json().order.id).toBe(first.json().order.id);
    expect(await countRows(orders)).toBe(orderCount + 1);
    expect(await countRows(payments)).toBe(paymentCount + 1);

    const other = await place(
      { checkout: cart({ order_type: 'delivery', delivery_location: '2 Other St' }), payment: GOOD_CARD },
      key,
    );
    expect(other.statusCode).toBe(422);
  });

  it('makes one order and one charge from 100 concurrent identical requests', async () => {
    const key = randomUUID();
    const before = await countRows(orders);
    const charges = await countRows(payments);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => place({ checkout: cart(), payment: GOOD_CARD }, key)),
    );
    // Every one of them gets the one order.
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
    expect(new Set(results.map((r) => r.json().payment.receipt_number)).size).toBe(1);
    expect(await countRows(orders)).toBe(before + 1);
    expect(await countRows(payments)).toBe(charges + 1);
  });

  it('makes one order from identical requests spread over two instances sharing the card provider', async () => {
    const other = await secondInstance(t, { adapters: t.app.appContext.adapters });
    try {
      const key = randomUUID();
      const before = await countRows(orders);
      const charges = await countRows(payments);
      const request = {
        method: 'POST' as const,
        url: '/api/v1/orders/',
        headers: { authorization: `Token ${customer.token}`, 'idempotency-key': key },
        payload: { checkout: cart(), payment: GOOD_CARD },
      };
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? other : t.app).inject(request)),
      );
      expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
      expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
      expect(await countRows(orders)).toBe(before + 1);
      expect(await countRows(payments)).toBe(charges + 1);
    } finally {
      await other.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'carries on an attempt whose key another instance wrote while it claimed it (PostgreSQL)',
    async () => {
      // Two instances claim the same key at once: one writes it, the other waits for that commit,
      // and its statement (whose snapshot predates the row) finds nothing. That attempt reads the
      // key again and carries on; it used to answer 409 to every request it held.
      const key = randomUUID();
      const payload = { checkout: cart(), payment: GOOD_CARD };
      const stored = `customer:${customer.id}:${key}`;
      const requestHash = hmac(
        t.app.appContext.config.secret,
        'order',
        String(customer.id),
        JSON.stringify(payload),
      );
      const before = await countRows(orders);
      let answer: Promise<{ statusCode: number; json: () => { order: { id: number } } }> | undefined;
      await t.database.db.transaction(async (tx) => {
        await tx.insert(idempotencyKeys).values({
          key: stored,
          scope: `order:${customer.id}`,
          requestHash,
          responseStatus: null,
          responseBody: null,
          createdAt: new Date(),
        });
        answer = place(payload, key);
        // The other attempt's claim is waiting on this transaction's row.
        await expect
          .poll(
            async () => {
              const waiting = await t.database.priorityDb.execute(
                sql`SELECT count(*)::int AS n FROM pg_stat_activity
                    WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO idempotency_keys%'`,
              );
              return (waiting as unknown as { rows: { n: number }[] }).rows[0]!.n;
            },
            { timeout: 5000, interval: 20 },
          )
          .toBe(1);
      });
      const result = await answer!;
      expect(result.statusCode).toBe(200);
      expect(await countRows(orders)).toBe(before + 1);
      const again = await place(payload, key);
      expect(again.json().order.id).toBe(result.json().order.id);
    },
  );

  it('completes through another instance the payment of an order the first left authorised (test provider: listed from the ledger)', async () => {
    const { order } = (await place({ checkout: cart(), payment: GOOD_CARD })).json();
    // As a process killed between the order's write and the payment's completion leaves it.
    await t.database.db.update(payments).set({ status: 'APPROVED' }).where(eq(payments.orderId, order.id));
    t.clock.advance(1_000);
    // Its own adapters: this instance's test provider never saw the payment, as after a restart.
    const other = await secondInstance(t);
    try {
      const admin = await tokenFor(t.database.db, 'super_admin');
      const res = await other.inject({
        method: 'POST',
        url: '/api/v1/payments/reconciliation/',
        headers: { authorization: `Token ${admin.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().run).toMatchObject({ completed: 1, error: null });
      const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(row?.status).toBe('COMPLETED');
    } finally {
      await other.close();
    }
  });

  it('cancels and refunds through another instance an order paid through the first (test provider, its own memory)', async () => {
    const { order } = (await place({ checkout: cart(), payment: GOOD_CARD })).json();
    // Its own adapters: the local test provider of this instance never saw the payment.
    const other = await secondInstance(t);
    try {
      const admin = await tokenFor(t.database.db, 'super_admin');
      const res = await other.inject({
        method: 'POST',
        url: '/api/v1/admin-data/',
        headers: { authorization: `Token ${admin.token}` },
        payload: { query_type: 'update_order_status', order_id: order.id, status: 'Canceled' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, refund: { amount: order.total, kind: 'refunded' } });
    } finally {
      await other.close();
    }
  });

  it('answers a retry with the first answer even when the menu changed since', async () => {
    const key = randomUUID();
    const first = await place({ checkout: cart(), payment: GOOD_CARD }, key);
    expect(first.statusCode).toBe(200);
    await t.database.db.update(meals).set({ status: 'Disabled' }).where(eq(meals.id, salad.meal.id));
    try {
      // The quote refuses the cart now; the retry still gets its order.
      await expect
        .poll(
          async () =>
            (await t.app.inject({ method: 'POST', url: '/api/v1/orders/quote/', payload: cart() }))
              .statusCode,
        )
        .toBe(400);
      const retry = await place({ checkout: cart(), payment: GOOD_CARD }, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
    } finally {
      await t.database.db.update(meals).set({ status: 'Enabled' }).where(eq(meals.id, salad.meal.id));
    }
  });

  it('requires the Idempotency-Key header and a customer', async () => {
    const missing = await place({ checkout: cart(), payment: GOOD_CARD }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('idempotency-key');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/',
      payload: { checkout: cart(), payment: GOOD_CARD },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('order status', () => {
  it('lets a super admin change the status: recorded, texted to the customer, pushed live', async () => {
    const { order } = (await place({ checkout: cart(), payment: GOOD_CARD })).json();
    const heard: OrderStatusEvent[] = [];
    const unsubscribe = t.app.appContext.orderEvents.subscribe(customer.id, (e) => heard.push(e));
    const admin = await tokenFor(t.database.db, 'super_admin');
    const change = (token: string, status: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin-data/',
        headers: { authorization: `Token ${token}` },
        payload: { query_type: 'update_order_status', order_id: order.id, status },
      });
    const res = await change(admin.token, 'Cooking');
    expect(res.json()).toEqual({ success: true, result: 'Changed Successfully' });
    await expect.poll(() => heard.map((e) => e.status)).toContain('Cooking');
    unsubscribe();

    const events = await t.database.db
      .select()
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.orderId, order.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 'Received'],
      ['Received', 'Cooking'],
    ]);
    const texts = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.body, `Kitchaco: your order #${order.id} is now Cooking.`));
    expect(texts).toHaveLength(1);

    const operator = await tokenFor(t.database.db, 'operator');
    expect((await change(operator.token, 'Finished')).statusCode).toBe(403);
    expect((await change(admin.token, 'Eaten')).statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/',
      headers: { authorization: `Token ${admin.token}` },
      payload: { query_type: 'update_order_status', order_id: 999999, status: 'Cooking' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('streams status changes to the customer over server-sent events', async () => {
    const { order } = (await place({ checkout: cart(), payment: GOOD_CARD })).json();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const res = await fetch(`${address}/api/v1/orders/events/`, {
      headers: { authorization: `Token ${customer.token}` },
      signal: abort.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const admin = await tokenFor(t.database.db, 'super_admin');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/',
      headers: { authorization: `Token ${admin.token}` },
      payload: { query_type: 'update_order_status', order_id: order.id, status: 'Ready for pickup' },
    });
    let text = '';
    while (!text.includes('Ready for pickup')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    abort.abort();
    expect(text).toContain('event: status');
    expect(text).toContain(`"order_id":${order.id}`);

    const anonymous = await fetch(`${address}/api/v1/orders/events/`);
    expect(anonymous.status).toBe(401);
  });
});
