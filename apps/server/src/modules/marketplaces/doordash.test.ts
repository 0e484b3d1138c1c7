import { DOORDASH_SAMPLE_ORDER, readDoordashWebhookText } from '@kitchaco/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceInbox, orderStatusEvents, orders } from '../../db/schema/index.js';
import { type FakeDoordash, startFakeDoordash } from '../../fakes/doordash.js';
import { OFF_THREAD_WEBHOOK_MIN_BYTES, readDoordashFile } from '../../lib/off-thread.js';
import { createTestApp, secondInstance, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { deliver, mappedStore, notification, type TestOrder } from '../../test/marketplaces.js';
import { closeDoordashClient, DOORDASH_CANCEL_ATTEMPTS } from './doordash.service.js';
import { inboxBackoffMs, processInbox } from './inbox.service.js';

/**
 * DoorDash as DoorDash sends it, against a fake of its confirmation endpoint (src/fakes/doordash.ts):
 * the webhook carries `Authorization: Bearer <token>`, is stored raw in the inbox and answered at
 * once; the worker stores the order and confirms it (a JWT with `auth-version: v2`).
 */

/**
 * DoorDash's sample order (https://developer.doordash.com/en-US/docs/marketplace/reference/sample_order)
 * in the Orders webhook envelope (https://developer.doordash.com/en-US/docs/marketplace/how_to/order_integration/),
 * as printed but for its item, priced here (the sample prices everything at 0), and its store id,
 * mapped below.
 */
const SAMPLE = (() => {
  const order = JSON.parse(JSON.stringify(DOORDASH_SAMPLE_ORDER)) as typeof DOORDASH_SAMPLE_ORDER;
  const item = order.categories[0]!.items[0]!;
  item.price = 1950;
  item.extras[0]!.options[0]!.price = 50;
  return { event: { type: 'OrderCreate', status: 'NEW' }, order };
})();
const STORE_ID = SAMPLE.order.store.merchant_supplied_id;

let t: TestApp;
let dd: FakeDoordash;
let admin: string;
let locationId: number;
let n = 0;

const ctx = (app = t.app) => app.appContext;

async function stored(externalId: string) {
  const db = t.database.db;
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.channel, 'doordash'), eq(orders.externalId, externalId)));
  const order = rows[0];
  const events = order
    ? await db
        .select()
        .from(orderStatusEvents)
        .where(eq(orderStatusEvents.orderId, order.id))
        .orderBy(asc(orderStatusEvents.id))
    : [];
  return { count: rows.length, order, events };
}

const inboxRows = (doordashOrderId: string) =>
  t.database.db
    .select()
    .from(marketplaceInbox)
    .where(and(eq(marketplaceInbox.channel, 'doordash'), eq(marketplaceInbox.resourceId, doordashOrderId)))
    .orderBy(asc(marketplaceInbox.id));

/** A fresh order at the mapped store: one burger with cheese, one fries. */
function anOrder(overrides: Partial<TestOrder> = {}): TestOrder {
  return {
    externalId: `dd-${++n}-0da8b530-7c4c-4925-8785-cd843b797d64`,
    storeId: STORE_ID,
    items: [
      {
        name: 'Burrito Scram-Bowl',
        quantity: 2,
        cents: 1950,
        modifiers: [{ name: 'KETCHUP', quantity: 1, cents: 50 }],
      },
      { name: 'Hash Brown', quantity: 1, cents: 400 },
    ],
    ...overrides,
  };
}

beforeAll(async () => {
  dd = await startFakeDoordash({ now: () => t.clock.now() });
  t = await createTestApp({
    DOORDASH_WEBHOOK_TOKEN: 'a-long-random-webhook-token-0123',
    DOORDASH_DEVELOPER_ID: dd.developerId,
    DOORDASH_KEY_ID: dd.keyId,
    DOORDASH_SIGNING_SECRET: dd.signingSecret,
    DOORDASH_API_URL: dd.url,
    // Long enough that a loaded machine's ordinary answers from the local fake are never a timeout.
    DOORDASH_TIMEOUT_MS: '1500',
  });
  const db = t.database.db;
  ({ locationId } = await mappedStore(db, 'doordash', STORE_ID, 'Burrito Bar', [
    { name: 'Burrito Scram-Bowl', price: '19.50' },
    { name: 'Hash Brown', price: '4.00' },
  ]));
  admin = (await tokenFor(db, 'super_admin')).token;
});
afterAll(async () => {
  await closeDoordashClient(ctx());
  await t.close();
  await dd.close();
});
afterEach(() => {
  dd.requests.length = 0;
  dd.confirmations.length = 0;
});

const TOKEN = 'a-long-random-webhook-token-0123';
const send = (body: Record<string, unknown> | string, app = t.app) =>
  deliver(app, 'doordash', body, { token: TOKEN });

describe("DoorDash's documented sample order", () => {
  it('is answered 2xx at once, then stored once and confirmed once with an accepted JWT', async () => {
    const res = await send(SAMPLE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, event_id: 'abc12345:OrderCreate', duplicate: false });
    // Answered before anything was asked of DoorDash.
    expect(dd.requests).toEqual([]);
    const [row] = await inboxRows('abc12345');
    expect(row).toMatchObject({
      eventType: 'OrderCreate',
      status: 'pending',
      body: JSON.stringify(SAMPLE),
      // The bearer token is a secret: not kept.
      headers: {},
    });

    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    const { count, order, events } = await stored('abc12345');
    expect(count).toBe(1);
    expect(order).toMatchObject({
      locationId,
      ingestedVia: 'webhook',
      status: 'Received',
      customerName: 'Kelley W.',
      subTotal: '20.00',
      total: '20.00',
      platformFee: '0.00',
    });
    expect(order!.placedAt).toEqual(row!.receivedAt);
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, 'Received']]);

    // The fake took the JWT (a refused one answers 401 and records no confirmation).
    expect(dd.requests).toHaveLength(1);
    expect(dd.requests[0]).toMatchObject({
      method: 'PATCH',
      path: '/marketplace/api/v1/orders/abc12345',
      headers: { 'auth-version': 'v2' },
    });
    expect(dd.confirmations).toEqual([
      { orderId: 'abc12345', body: { merchant_supplied_id: String(order!.id), order_status: 'success' } },
    ]);
    const [done] = await inboxRows('abc12345');
    expect(done).toMatchObject({ status: 'processed', attempts: 1, lastError: null });
    expect(done!.outcome).toBe(`order #${order!.id} confirmed`);

    // Nothing is left to do; a resend is stored once and asks DoorDash nothing.
    const again = await send(SAMPLE);
    expect(again.json()).toMatchObject({ duplicate: true });
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 0, failed: 0 });
    expect(dd.confirmations).toHaveLength(1);
  });
});

describe('the DoorDash webhook', () => {
  it('refuses a wrong or missing token with 401 and stores nothing', async () => {
    const order = anOrder();
    const body = notification('doordash', order);
    const wrong = await deliver(t.app, 'doordash', body, { token: 'not-the-subscription-token' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, code: 'unauthorized' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/marketplaces/doordash/webhook/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(missing.statusCode).toBe(401);
    // Another scheme, or the token with something after it, is refused.
    for (const authorization of [`Basic ${TOKEN}`, `${TOKEN} ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer`]) {
      const other = await deliver(t.app, 'doordash', body, { headers: { authorization } });
      expect(other.statusCode, authorization).toBe(401);
    }
    expect(await inboxRows(order.externalId)).toEqual([]);
  });

  // The portal's one "Auth token" field: if DoorDash sends what was typed there as the whole
  // header, every order would be refused with a 401 (and counted as failed at DoorDash).
  it('takes the token as typed in the portal, without the Bearer scheme, as well', async () => {
    const order = anOrder();
    const body = notification('doordash', order);
    const bare = await deliver(t.app, 'doordash', body, { headers: { authorization: TOKEN } });
    expect(bare.statusCode).toBe(200);
    const lower = await deliver(t.app, 'doordash', notification('doordash', anOrder()), {
      headers: { authorization: `bearer  ${TOKEN}` },
    });
    expect(lower.statusCode).toBe(200);
    expect(await inboxRows(order.externalId)).toHaveLength(1);
  });

  // A catering order of 300 lines is about 80 KiB: above the 64 KiB every other call takes, and
  // DoorDash counts the 413 as a failed order.
  it('takes a 300-line catering order (over 64 KiB), and refuses a body over 1 MiB', async () => {
    const line = (i: number) => ({
      name: 'Burrito Scram-Bowl',
      quantity: 1 + (i % 3),
      cents: 1950,
      note: `Box ${i + 1} of 300: no onion, sauce on the side, label for the Level ${i % 12} meeting room`,
      modifiers: [
        { name: 'KETCHUP', quantity: 1, cents: 50 },
        { name: 'Extra egg', quantity: 1, cents: 150 },
      ],
    });
    const catering = anOrder({ items: Array.from({ length: 300 }, (_, i) => line(i)) });
    const body = notification('doordash', catering);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(80 * 1024);
    const taken = await send(body);
    expect(taken.statusCode, taken.body).toBe(200);
    await processInbox(ctx());
    const { order } = await stored(catering.externalId);
    expect(order).toBeDefined();

    const huge = anOrder({ items: Array.from({ length: 4000 }, (_, i) => line(i)) });
    const hugeBody = notification('doordash', huge);
    expect(Buffer.byteLength(JSON.stringify(hugeBody))).toBeGreaterThan(1024 * 1024);
    expect((await send(hugeBody)).statusCode).toBe(413);
    expect(await inboxRows(huge.externalId)).toEqual([]);
  });

  // A body this large is read on a worker thread (lib/off-thread.ts): read in place, its zod checks
  // and normalising held the event loop 20-80 ms, on the webhook and again in the inbox.
  it('reads a 1,000-line order off the event loop, to the same order, and refuses a bad one naming the field', async () => {
    const line = (i: number) => ({
      name: 'Burrito Scram-Bowl',
      quantity: 1,
      cents: 1950,
      note: `Box ${i + 1} of 1000: no onion, sauce on the side, label for the Level ${i % 12} meeting room`,
      modifiers: [{ name: 'KETCHUP', quantity: 1, cents: 50 }],
    });
    const catering = anOrder({ items: Array.from({ length: 1000 }, (_, i) => line(i)) });
    const text = JSON.stringify(notification('doordash', catering));
    expect(Buffer.byteLength(text)).toBeGreaterThan(OFF_THREAD_WEBHOOK_MIN_BYTES);
    const receivedAt = new Date('2026-11-29T04:00:00Z');
    // The event loop keeps turning while it is read (read in place: not once until it is done).
    let turns = 0;
    let reading = true;
    const turn = () => {
      turns++;
      if (reading) setImmediate(turn);
    };
    setImmediate(turn);
    const offThread = await readDoordashFile(text, receivedAt);
    reading = false;
    expect(turns).toBeGreaterThan(5);
    expect(offThread).toEqual(readDoordashWebhookText(text, receivedAt));

    const taken = await send(text);
    expect(taken.statusCode, taken.body).toBe(200);
    await processInbox(ctx());
    const { order } = await stored(catering.externalId);
    expect(order?.subTotal).toBe('20000.00');
    expect(dd.confirmations.filter((c) => c.orderId === catering.externalId)).toHaveLength(1);

    const wrong = JSON.parse(text);
    wrong.order.categories[0].items[999].quantity = 'two';
    const refused = await send(wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('order.categories.0.items.999.quantity');
    const broken = await send(`${text.slice(0, -2)},}`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatch(/^The request body is not valid JSON: /);
  });

  it('stores an order delivered twice once, and confirms it once', async () => {
    const order = anOrder();
    const body = notification('doordash', order);
    const [first, again] = [await send(body), await send(body)];
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect([first.json().duplicate, again.json().duplicate]).toEqual([false, true]);
    expect(await inboxRows(order.externalId)).toHaveLength(1);
    await processInbox(ctx());
    await send(body);
    await processInbox(ctx());
    expect((await stored(order.externalId)).count).toBe(1);
    expect(dd.confirmations.filter((c) => c.orderId === order.externalId)).toHaveLength(1);
  });

  it('answers a malformed body with 400 naming the field, and stores nothing', async () => {
    const order = anOrder();
    const body = notification('doordash', order) as { order: Record<string, unknown> };
    delete body.order.store;
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'order.store' });
    const cancel = await send({ external_order_id: order.externalId, store: {} });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json()).toMatchObject({ field: 'store.merchant_supplied_id' });
    expect((await send('{"order": ')).statusCode).toBe(400);
    expect(await inboxRows(order.externalId)).toEqual([]);
  });
});

describe('orders DoorDash cannot have', () => {
  it('fails an order of an unmapped store at DoorDash with the reason, storing nothing', async () => {
    const order = anOrder({ storeId: 'nobody-knows-me' });
    expect((await send(notification('doordash', order))).statusCode).toBe(200);
    await processInbox(ctx());
    expect((await stored(order.externalId)).count).toBe(0);
    expect(dd.confirmations).toHaveLength(1);
    const { body } = dd.confirmations[0]!;
    expect(body).toMatchObject({ merchant_supplied_id: order.externalId, order_status: 'fail' });
    expect(body.failure_reason).toMatch(/^unknown store 'nobody-knows-me' for DoorDash/);
    const [row] = await inboxRows(order.externalId);
    expect(row).toMatchObject({ status: 'processed' });
    expect(row!.outcome).toMatch(/^failed at DoorDash: unknown store 'nobody-knows-me'/);
  });

  it('fails an order none of whose items is on the menu, naming them', async () => {
    const order = anOrder({ items: [{ name: 'Pad Thai', quantity: 1, cents: 1800 }] });
    await send(notification('doordash', order));
    await processInbox(ctx());
    expect((await stored(order.externalId)).count).toBe(0);
    expect(dd.confirmations[0]!.body).toMatchObject({
      order_status: 'fail',
      failure_reason: "none of the items matches a meal of the store's menu: Pad Thai",
    });
  });
});

describe('failures of DoorDash', () => {
  it('retries the confirmation after a 503 and a timeout, then confirms once', async () => {
    const order = anOrder();
    await send(notification('doordash', order));
    dd.failNext('unavailable');
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 1, failed: 0 });
    let [row] = await inboxRows(order.externalId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/^DoorDash answered 503 to the confirmation/);
    expect(row!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(inboxBackoffMs(1));
    // Stored before the confirmation failed: stored once whatever happens next.
    expect((await stored(order.externalId)).count).toBe(1);
    // Not due yet: nothing happens.
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 0, failed: 0 });

    t.clock.advance(inboxBackoffMs(1));
    dd.failNext('timeout');
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 1, failed: 0 });
    [row] = await inboxRows(order.externalId);
    expect(row!.lastError).toMatch(/^DoorDash did not answer/);

    t.clock.advance(inboxBackoffMs(2));
    dd.failNext('rate_limited');
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 1, failed: 0 });
    t.clock.advance(inboxBackoffMs(3));
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    expect((await stored(order.externalId)).count).toBe(1);
    expect(dd.confirmations.map((c) => c.orderId)).toEqual([order.externalId]);
    [row] = await inboxRows(order.externalId);
    expect(row).toMatchObject({ status: 'processed', attempts: 4 });
  });
});

describe('two instances processing at once', () => {
  it('store once and confirm once', async () => {
    const order = anOrder();
    expect((await send(notification('doordash', order))).statusCode).toBe(200);
    const other = await secondInstance(t);
    try {
      const passes = await Promise.all([processInbox(ctx(other)), processInbox(ctx())]);
      expect(passes.reduce((s, p) => s + p.processed, 0)).toBe(1);
      await processInbox(ctx(other));
    } finally {
      await closeDoordashClient(ctx(other));
      await other.close();
    }
    expect((await stored(order.externalId)).count).toBe(1);
    expect(dd.confirmations.filter((c) => c.orderId === order.externalId)).toHaveLength(1);
  });
});

describe('the Order Canceled webhook', () => {
  async function dashboardDoordashSales() {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/',
      headers: { authorization: `Token ${admin}` },
      payload: {
        query_type: 'dashboard_data',
        kitchaco_location: locationId,
        start_date: '18 Nov 2026',
        end_date: '18 Nov 2026',
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { doordash_sales: number; num_canceled_orders: number };
  }

  it('moves the order to Canceled, never creates one, and the sales figure drops', async () => {
    const before = await dashboardDoordashSales();
    const order = anOrder();
    await send(notification('doordash', order));
    await processInbox(ctx());
    const placed = await dashboardDoordashSales();
    // 2 x (19.50 + 0.50) + 4.00
    expect(placed.doordash_sales).toBeCloseTo(before.doordash_sales + 44, 2);

    const { order: row } = await stored(order.externalId);
    const cancel = notification('doordash', { ...order, state: 'canceled', clientOrderId: String(row!.id) });
    const res = await send(cancel);
    expect(res.json()).toEqual({
      success: true,
      event_id: `${order.externalId}:OrderCanceled`,
      duplicate: false,
    });
    await processInbox(ctx());
    const { order: canceled, events } = await stored(order.externalId);
    expect(canceled!.status).toBe('Canceled');
    expect(events.map((e) => e.toStatus)).toEqual(['Received', 'Canceled']);
    const after = await dashboardDoordashSales();
    expect(after.doordash_sales).toBeCloseTo(before.doordash_sales, 2);
    expect(after.num_canceled_orders).toBe(placed.num_canceled_orders + 1);
    // A cancellation confirms nothing.
    expect(dd.confirmations).toHaveLength(1);
  });

  it('retries a cancel that arrives before its order a few times, then fails it with the reason', async () => {
    const order = anOrder();
    await send(notification('doordash', { ...order, state: 'canceled' }));
    for (let attempt = 1; attempt < DOORDASH_CANCEL_ATTEMPTS; attempt++) {
      expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 1, failed: 0 });
      t.clock.advance(inboxBackoffMs(attempt));
    }
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 0, failed: 1 });
    const [row] = await inboxRows(order.externalId);
    expect(row).toMatchObject({ status: 'failed', attempts: DOORDASH_CANCEL_ATTEMPTS });
    expect(row!.lastError).toBe(
      `the canceled DoorDash order ${order.externalId} is not in the ledger after ${DOORDASH_CANCEL_ATTEMPTS} attempts`,
    );
    expect((await stored(order.externalId)).count).toBe(0);
  });

  it('a cancel arriving just before its order is applied once the order is in', async () => {
    const order = anOrder();
    await send(notification('doordash', { ...order, state: 'canceled' }));
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 1, failed: 0 });
    await send(notification('doordash', order));
    await processInbox(ctx());
    t.clock.advance(inboxBackoffMs(1));
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    expect((await stored(order.externalId)).order!.status).toBe('Canceled');
  });
});

describe("a cancellation naming another store's order", () => {
  async function placed() {
    const order = anOrder();
    await send(notification('doordash', order));
    await processInbox(ctx());
    const { order: row } = await stored(order.externalId);
    expect(row!.status).toBe('Received');
    return { order, id: row!.id };
  }

  async function failsWith(externalId: string, reason: string) {
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 0, failed: 1 });
    const rows = await inboxRows(externalId);
    expect(rows.at(-1)).toMatchObject({ status: 'failed', lastError: reason });
    const { order, events } = await stored(externalId);
    expect(order!.status).toBe('Received');
    expect(events.map((e) => e.toStatus)).toEqual(['Received']);
  }

  it('is refused when the store is mapped to another location, and the order stands', async () => {
    await mappedStore(t.database.db, 'doordash', 'other-store-9', 'Other Bar', [
      { name: 'Taco', price: '9.00' },
    ]);
    const { order, id } = await placed();
    await send(notification('doordash', { ...order, storeId: 'other-store-9', state: 'canceled' }));
    await failsWith(
      order.externalId,
      `not canceled: the event names store other-store-9, mapped to another location than order #${id}'s`,
    );
  });

  it('is refused when it names another of our orders, or a store that is not mapped', async () => {
    const { order, id } = await placed();
    await send(notification('doordash', { ...order, state: 'canceled', clientOrderId: String(id + 1000) }));
    await failsWith(
      order.externalId,
      `not canceled: the event names store ${STORE_ID} and our order ${id + 1000}, but this platform order is our order #${id}`,
    );

    const second = await placed();
    await send(notification('doordash', { ...second.order, storeId: 'nobody-knows', state: 'canceled' }));
    await failsWith(
      second.order.externalId,
      'not canceled: the event names store nobody-knows, which is not mapped here',
    );
  });
});

describe('settings', () => {
  it('answers 503 naming the settings in production without DoorDash configured', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      PROVIDER_ABN: '51 824 753 556',
      DEMO: 'false',
      APP_SECRET: 'x'.repeat(32),
      PAYMENTS_PROVIDER: 'test',
    });
    try {
      const res = await deliver(prod.app, 'doordash', SAMPLE);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        error:
          'The DoorDash webhook is not configured: set DOORDASH_WEBHOOK_TOKEN, DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID and DOORDASH_SIGNING_SECRET.',
      });
    } finally {
      await prod.close();
    }
  });
});
