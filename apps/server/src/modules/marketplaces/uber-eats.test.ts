import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { marketplaceInbox, orderLines, orderStatusEvents, orders } from '../../db/schema/index.js';
import {
  audMoney,
  type FakeUberEats,
  startFakeUberEats,
  type UberOrderDocument,
} from '../../fakes/uber-eats.js';
import { createTestApp, secondInstance, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createStaff, TEST_PASSWORD } from '../../test/factories.js';
import { mappedStore } from '../../test/marketplaces.js';
import { INBOX_MAX_ATTEMPTS, inboxBackoffMs, processInbox } from './inbox.service.js';

/**
 * Uber Eats as Uber sends it, against a fake of Uber's API (src/fakes/uber-eats.ts): the webhook
 * carries ids only (Uber's documented sample, below), is stored raw in the inbox and answered at
 * once; the worker takes a token, fetches the order, stores it and accepts or denies it.
 */

/**
 * Uber's sample `orders.notification`, verbatim from
 * https://developer.uber.com/docs/eats/references/api/webhooks.orders-notification
 * (its `resource_href` points at Uber; the worker then asks the configured API by order id).
 */
const UBER_SAMPLE_NOTIFICATION = {
  event_type: 'orders.notification',
  event_id: 'c4d2261e-2779-4eb6-beb0-cb41235c751e',
  event_time: 1427343990,
  meta: {
    resource_id: '153dd7f1-339d-4619-940c-418943c14636',
    status: 'pos',
    user_id: '89dd9741-66b5-4bb4-b216-a813f3b21b4f',
  },
  resource_href: 'https://api.uber.com/v2/eats/order/153dd7f1-339d-4619-940c-418943c14636',
};
const SAMPLE_ORDER_ID = UBER_SAMPLE_NOTIFICATION.meta.resource_id;
const SAMPLE_STORE_ID = UBER_SAMPLE_NOTIFICATION.meta.user_id;

let t: TestApp;
let uber: FakeUberEats;
let admin: string;
let locationId: number;
let n = 0;

/**
 * An order as Get Order Details answers it, with the fields of
 * https://developer.uber.com/docs/eats/references/api/v2/get-eats-order-orderid that we read (and
 * a few we do not): money objects with `amount` in cents, items with modifier groups.
 */
function uberOrder(id: string, storeId: string, items = [burger(), fries()]): UberOrderDocument {
  const subTotal = items.reduce((s, i) => s + i.price.total_price.amount, 0);
  return {
    id,
    display_id: id.slice(-5).toUpperCase(),
    current_state: 'CREATED',
    type: 'DELIVERY_BY_UBER',
    brand: 'UBER_EATS',
    store: { id: storeId, name: 'Burger Barn Reservoir' },
    eater: { first_name: 'Maya', phone: '+61 2 8000 0000', phone_code: '123 45 678' },
    cart: { items, special_instructions: '' },
    payment: {
      charges: {
        total: audMoney(subTotal + 299),
        sub_total: audMoney(subTotal),
        tax: audMoney(Math.round(subTotal / 11)),
      },
    },
    placed_at: '2026-11-18T12:30:00+11:00',
  };
}
function burger() {
  return {
    id: 'burger-1',
    instance_id: `line-${++n}`,
    title: 'Classic Burger',
    quantity: 2,
    price: { unit_price: audMoney(1450), total_price: audMoney(3200) },
    selected_modifier_groups: [
      {
        id: 'extras',
        title: 'Extras',
        selected_items: [
          { id: 'cheese', title: 'Extra cheese', quantity: 1, price: { unit_price: audMoney(150) } },
        ],
      },
    ],
    special_instructions: 'no pickles',
  };
}
function fries() {
  return {
    id: 'fries-1',
    instance_id: `line-${++n}`,
    title: 'Fries',
    quantity: 1,
    price: { unit_price: audMoney(500), total_price: audMoney(500) },
  };
}

/** Posts a body to the Uber Eats webhook, signed as Uber signs it (or with `signature`). */
function deliver(app: TestApp['app'], body: object | string, signature?: string) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: '/api/v1/marketplaces/uber-eats/webhook/',
    headers: {
      'content-type': 'application/json',
      'x-uber-signature': signature ?? uber.sign(raw),
      'x-environment': 'sandbox',
    },
    payload: raw,
  });
}

const ctx = (app = t.app) => app.appContext;

async function stored(externalId: string) {
  const db = t.database.db;
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.channel, 'uber_eats'), eq(orders.externalId, externalId)));
  const order = rows[0];
  const lines = order
    ? await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id))
    : [];
  const events = order
    ? await db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, order.id))
    : [];
  return { count: rows.length, order, lines, events };
}

async function inboxRows(eventId: string) {
  return t.database.db.select().from(marketplaceInbox).where(eq(marketplaceInbox.eventId, eventId));
}

async function adminCall(body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    headers: { authorization: `Token ${admin}` },
    payload: body,
  });
}

const UBER_TIMEOUT_MS = 1500;

beforeAll(async () => {
  uber = await startFakeUberEats();
  // Short enough for the timeout test to be quick, long enough that a loaded 2-core machine's
  // ordinary answers from the local fake (token, order, accept) are never taken for a timeout.
  t = await createTestApp(uber.settings(UBER_TIMEOUT_MS));
  const db = t.database.db;
  ({ locationId } = await mappedStore(db, 'uber_eats', SAMPLE_STORE_ID, 'Burger Barn', [
    { name: 'Classic Burger', price: '14.50' },
    { name: 'Fries', price: '5.00' },
  ]));
  admin = (await tokenFor(db, 'super_admin')).token;
});
afterAll(async () => {
  await t.close();
  await uber.close();
});
afterEach(() => {
  uber.requests.length = 0;
});

/** A fresh order of the fake at the mapped store, and Uber's notification of it. */
function newOrder(overrides: Partial<UberOrderDocument> = {}, storeId = SAMPLE_STORE_ID) {
  const id = `${(++n).toString(16).padStart(8, '0')}-1f4e-4b8a-9c61-2e5f0a9b7c13`;
  uber.orders.set(id, { ...uberOrder(id, storeId), ...overrides });
  return { id, event: uber.event('orders.notification', id, storeId) };
}

describe("Uber's documented sample notification", () => {
  it('is stored once, answered at once, then fetched, stored and accepted once', async () => {
    uber.orders.set(SAMPLE_ORDER_ID, uberOrder(SAMPLE_ORDER_ID, SAMPLE_STORE_ID));
    const res = await deliver(t.app, UBER_SAMPLE_NOTIFICATION);
    // Uber's page: "an HTTP 200 response code with an empty response body".
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    // Answered before anything was asked of Uber.
    expect(uber.requests).toEqual([]);
    const [row] = await inboxRows(UBER_SAMPLE_NOTIFICATION.event_id);
    expect(row).toMatchObject({
      channel: 'uber_eats',
      eventType: 'orders.notification',
      resourceId: SAMPLE_ORDER_ID,
      status: 'pending',
      attempts: 0,
      body: JSON.stringify(UBER_SAMPLE_NOTIFICATION),
      headers: {
        'x-environment': 'sandbox',
        'x-uber-signature': uber.sign(JSON.stringify(UBER_SAMPLE_NOTIFICATION)),
      },
    });

    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    const token = uber.calls('token');
    expect(token).toHaveLength(1);
    expect(token[0]!.body).toEqual({
      client_id: uber.clientId,
      client_secret: uber.clientSecret,
      grant_type: 'client_credentials',
      scope: 'eats.order',
    });
    // resource_href names api.uber.com: the token is only ever sent to the configured API.
    expect(uber.calls('order').map((c) => c.path)).toEqual([`/v2/eats/order/${SAMPLE_ORDER_ID}`]);
    expect(uber.calls('accept')).toHaveLength(1);
    expect(uber.calls('accept')[0]!.body).toEqual({ reason: 'Accepted by Kitchaco' });
    expect(uber.orders.get(SAMPLE_ORDER_ID)!.current_state).toBe('ACCEPTED');

    const { count, order, lines, events } = await stored(SAMPLE_ORDER_ID);
    expect(count).toBe(1);
    expect(order).toMatchObject({
      locationId,
      ingestedVia: 'webhook',
      status: 'Cooking',
      customerName: 'Maya',
      subTotal: '37.00',
      total: '39.99',
      gst: '3.64',
      platformFee: '0.00',
    });
    expect(order!.placedAt.toISOString()).toBe('2026-11-18T01:30:00.000Z');
    expect(lines.map((l) => [l.mealName, l.quantity, l.unitPrice, l.lineTotal, l.mealId !== null])).toEqual([
      ['Classic Burger', 2, '14.50', '32.00', true],
      ['Fries', 1, '5.00', '5.00', true],
    ]);
    expect(lines[0]!.combos).toEqual([{ name: 'Extra cheese', price: '1.50', quantity: 1 }]);
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 'Received'],
      ['Received', 'Cooking'],
    ]);
    const [done] = await inboxRows(UBER_SAMPLE_NOTIFICATION.event_id);
    expect(done).toMatchObject({ status: 'processed', attempts: 1, lastError: null });
    expect(done!.outcome).toMatch(/accepted$/);

    // Nothing is left to do, and a second pass asks Uber nothing.
    uber.requests.length = 0;
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 0, failed: 0 });
    expect(uber.requests).toEqual([]);
  });
});

describe('the Uber Eats webhook', () => {
  it('stores an event delivered twice once, and the order once, accepted once', async () => {
    const { id, event } = newOrder();
    const first = await deliver(t.app, event);
    const again = await deliver(t.app, event);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect([first.body, again.body]).toEqual(['', '']);
    expect(await inboxRows(event.event_id as string)).toHaveLength(1);
    await processInbox(ctx());
    await deliver(t.app, event);
    await processInbox(ctx());
    expect((await stored(id)).count).toBe(1);
    expect(uber.calls('accept')).toHaveLength(1);
  });

  it('refuses a wrong or missing signature with 401 and stores nothing', async () => {
    const { event } = newOrder();
    const wrong = await deliver(t.app, event, 'ab'.repeat(32));
    expect(wrong.statusCode).toBe(401);
    const raw = JSON.stringify(event);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/marketplaces/uber-eats/webhook/',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(missing.statusCode).toBe(401);
    expect(await inboxRows(event.event_id as string)).toEqual([]);
  });

  it('answers a malformed event with 400 naming the field, never 500', async () => {
    const res = await deliver(t.app, { event_type: 'orders.notification', meta: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'event_id' });
    expect((await deliver(t.app, '{"event_id": ')).statusCode).toBe(400);
  });

  it('stores an event type it does not act on, answers 200, and marks it ignored', async () => {
    const event: Record<string, unknown> = {
      ...uber.event('store.provisioned', 'unused', SAMPLE_STORE_ID),
      meta: { user_id: SAMPLE_STORE_ID },
    };
    expect((await deliver(t.app, event)).statusCode).toBe(200);
    await processInbox(ctx());
    const [row] = await inboxRows(event.event_id as string);
    expect(row).toMatchObject({ status: 'processed', outcome: 'ignored: event type store.provisioned' });
    expect(uber.requests).toEqual([]);
  });
});

describe('denials', () => {
  it('denies an order of an unmapped store with the reason, storing nothing', async () => {
    const { id, event } = newOrder({}, 'an-unmapped-store');
    expect((await deliver(t.app, event)).statusCode).toBe(200);
    await processInbox(ctx());
    expect((await stored(id)).count).toBe(0);
    expect(uber.calls('accept')).toEqual([]);
    expect(uber.denials.get(id)).toEqual({
      reason: {
        code: 'OTHER',
        explanation:
          "unknown store 'an-unmapped-store' for Uber Eats: map it under Marketplaces, Store mappings first",
      },
    });
    const [row] = await inboxRows(event.event_id as string);
    expect(row).toMatchObject({ status: 'processed' });
    expect(row!.outcome).toMatch(/^denied: unknown store 'an-unmapped-store'/);
  });

  it('denies an order none of whose items is on the menu, naming the items', async () => {
    const { id, event } = newOrder();
    const order = uber.orders.get(id)!;
    order.cart = {
      items: [{ ...fries(), id: 'mystery-1', title: 'Mystery Box' }],
    };
    await deliver(t.app, event);
    await processInbox(ctx());
    expect((await stored(id)).count).toBe(0);
    expect(uber.denials.get(id)).toEqual({
      reason: {
        code: 'ITEM_AVAILABILITY',
        explanation: "none of the items matches a meal of the store's menu: Mystery Box",
        invalid_items: ['mystery-1'],
      },
    });
  });
});

describe('failures of Uber', () => {
  it('retries after a 5xx and a timeout with backoff, then stores and accepts once', async () => {
    const { id, event } = newOrder();
    await deliver(t.app, event);
    uber.failNext('order', 503);
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 1, failed: 0 });
    let [row] = await inboxRows(event.event_id as string);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/Uber answered 503 to GET \/v2\/eats\/order\//);
    expect(row!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(inboxBackoffMs(1));
    // Not due yet: nothing happens.
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 0, failed: 0 });

    t.clock.advance(inboxBackoffMs(1));
    uber.failNext('accept', 'timeout');
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 1, failed: 0 });
    [row] = await inboxRows(event.event_id as string);
    expect(row!.lastError).toMatch(new RegExp(`did not answer within ${UBER_TIMEOUT_MS} ms`));
    // The order was stored before the accept timed out: stored once whatever happens next.
    expect((await stored(id)).count).toBe(1);

    t.clock.advance(inboxBackoffMs(2));
    uber.failNext('accept', 429);
    await processInbox(ctx());
    t.clock.advance(inboxBackoffMs(3));
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    expect((await stored(id)).count).toBe(1);
    expect(uber.orders.get(id)!.current_state).toBe('ACCEPTED');
    [row] = await inboxRows(event.event_id as string);
    expect(row).toMatchObject({ status: 'processed', attempts: 4 });
    // All within Uber's 11.5 minutes to accept.
    expect(inboxBackoffMs(1) + inboxBackoffMs(2) + inboxBackoffMs(3)).toBeLessThan(11.5 * 60_000);
  });

  it('takes a new token after a 401 and carries on', async () => {
    const { id, event } = newOrder();
    await deliver(t.app, event);
    uber.expireTokens();
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    expect(uber.calls('token')).toHaveLength(1);
    expect(uber.calls('order')).toHaveLength(2);
    expect(uber.orders.get(id)!.current_state).toBe('ACCEPTED');
  });

  // A rotated or mistyped client secret: every order asked for a token on each of its 8 tries
  // (Uber gives 100 an hour and invalidates the oldest beyond), and each failed saying only "401".
  it('pauses the orders while Uber refuses our credentials: one token request, no try spent', async () => {
    const secret = uber.clientSecret;
    const waiting = [newOrder(), newOrder(), newOrder()];
    for (const o of waiting) await deliver(t.app, o.event);
    uber.rotateSecret('rotated-in-the-dashboard-0123456789');
    uber.expireTokens();
    try {
      expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 3, failed: 0 });
      expect(uber.calls('token')).toHaveLength(1);
      for (const o of waiting) {
        const [row] = await inboxRows(o.event.event_id as string);
        expect(row).toMatchObject({ status: 'pending', attempts: 0 });
        expect(row!.lastError).toContain('refused our credentials');
        expect(row!.lastError).toContain('UBER_EATS_CLIENT_SECRET');
      }
      // Looked at again each minute, without asking Uber, until the pause ends: then once more.
      for (let minute = 1; minute <= 4; minute++) {
        t.clock.advance(61_000);
        await processInbox(ctx());
      }
      expect(uber.calls('token')).toHaveLength(1);
      t.clock.advance(61_000);
      await processInbox(ctx());
      expect(uber.calls('token')).toHaveLength(2);
      // The secret is put right: the orders go through with all their tries left.
      uber.rotateSecret(secret);
      t.clock.advance(5 * 60_000 + 1_000);
      expect(await processInbox(ctx())).toEqual({ processed: 3, retrying: 0, failed: 0 });
      for (const o of waiting) expect(uber.orders.get(o.id)!.current_state).toBe('ACCEPTED');
    } finally {
      uber.rotateSecret(secret);
    }
  });

  it('keeps its token between events until it nearly expires', async () => {
    const a = newOrder();
    const b = newOrder();
    await deliver(t.app, a.event);
    await processInbox(ctx());
    uber.requests.length = 0;
    await deliver(t.app, b.event);
    await processInbox(ctx());
    expect(uber.calls('token')).toHaveLength(0);
    expect(uber.calls('accept')).toHaveLength(1);
    expect(uber.orders.get(b.id)!.current_state).toBe('ACCEPTED');
  });

  it('gives up after the last attempt and records the reason; a super admin retries it', async () => {
    const { id, event } = newOrder();
    await deliver(t.app, event);
    for (let attempt = 1; attempt <= INBOX_MAX_ATTEMPTS; attempt++) {
      uber.failNext('order', 500);
      await processInbox(ctx());
      t.clock.advance(inboxBackoffMs(attempt));
    }
    const [row] = await inboxRows(event.event_id as string);
    expect(row).toMatchObject({ status: 'failed', attempts: INBOX_MAX_ATTEMPTS });
    expect(row!.lastError).toMatch(/Uber answered 500/);

    const list = await adminCall({
      query_type: 'marketplace_inbox',
      status: 'failed',
      platform: 'uber_eats',
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json().rows.find((r: { id: number }) => r.id === row!.id);
    expect(listed).toMatchObject({
      platform: 'uber_eats',
      event_id: event.event_id,
      event_type: 'orders.notification',
      resource_id: id,
      status: 'failed',
      attempts: INBOX_MAX_ATTEMPTS,
      last_error: expect.stringMatching(/Uber answered 500/),
      next_attempt_at: null,
    });
    expect(list.json().counts.failed).toBeGreaterThanOrEqual(1);

    const retry = await adminCall({ query_type: 'marketplace_inbox_retry', id: row!.id });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().row).toMatchObject({ status: 'pending', attempts: 0 });
    await processInbox(ctx());
    expect((await stored(id)).count).toBe(1);
    const again = await adminCall({ query_type: 'marketplace_inbox_retry', id: row!.id });
    expect(again.statusCode).toBe(409);
    expect((await adminCall({ query_type: 'marketplace_inbox_retry', id: 99_999_999 })).statusCode).toBe(404);
    expect((await adminCall({ query_type: 'marketplace_inbox_retry', id: 'x' })).json()).toMatchObject({
      field: 'id',
    });
    // Beyond the database's integer: a 400 naming the field, never a 500.
    const huge = await adminCall({ query_type: 'marketplace_inbox_retry', id: 2 ** 31 });
    expect([huge.statusCode, huge.json().field]).toEqual([400, 'id']);
  });
});

describe('a restart between receipt and processing', () => {
  it('stores once and accepts once, whichever instance processes it', async () => {
    const { id, event } = newOrder();
    expect((await deliver(t.app, event)).statusCode).toBe(200);
    // Another process on the same database, with its own token cache and worker.
    const other = await secondInstance(t);
    try {
      const passes = await Promise.all([processInbox(ctx(other)), processInbox(ctx())]);
      expect(passes.reduce((s, p) => s + p.processed, 0)).toBe(1);
      await processInbox(ctx(other));
    } finally {
      await other.close();
    }
    expect((await stored(id)).count).toBe(1);
    expect(uber.calls('accept')).toHaveLength(1);
    expect(uber.calls('order')).toHaveLength(1);
  });
});

describe('cancel and later states', () => {
  async function dashboardUberSales() {
    const res = await adminCall({
      query_type: 'dashboard_data',
      kitchaco_location: locationId,
      start_date: '18 Nov 2026',
      end_date: '18 Nov 2026',
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { uber_sales: number; num_uber_eats_orders: number; num_canceled_orders: number };
  }

  it('orders.cancel moves the order to Canceled and the dashboard sales drop', async () => {
    const before = await dashboardUberSales();
    const { id, event } = newOrder();
    await deliver(t.app, event);
    await processInbox(ctx());
    const placed = await dashboardUberSales();
    expect(placed.uber_sales).toBeCloseTo(before.uber_sales + 39.99, 2);
    expect(placed.num_uber_eats_orders).toBe(before.num_uber_eats_orders + 1);

    const cancel = uber.event('orders.cancel', id, SAMPLE_STORE_ID);
    expect((await deliver(t.app, cancel)).statusCode).toBe(200);
    await processInbox(ctx());
    const { order, events } = await stored(id);
    expect(order!.status).toBe('Canceled');
    expect(events.map((e) => e.toStatus)).toEqual(['Received', 'Cooking', 'Canceled']);
    const after = await dashboardUberSales();
    expect(after.uber_sales).toBeCloseTo(before.uber_sales, 2);
    expect(after.num_canceled_orders).toBe(placed.num_canceled_orders + 1);

    // A late notification of the same order never undoes the cancel.
    uber.orders.get(id)!.current_state = 'CREATED';
    await deliver(t.app, uber.event('orders.notification', id, SAMPLE_STORE_ID));
    await processInbox(ctx());
    expect((await stored(id)).order!.status).toBe('Canceled');
  });

  it("refuses an orders.cancel whose store is not the order's, and the order stands", async () => {
    const { id, event } = newOrder();
    await deliver(t.app, event);
    await processInbox(ctx());
    const cancel = uber.event('orders.cancel', id, 'a-store-we-never-mapped');
    expect((await deliver(t.app, cancel)).statusCode).toBe(200);
    await processInbox(ctx());
    const [row] = await inboxRows(cancel.event_id as string);
    expect(row).toMatchObject({
      status: 'failed',
      lastError: 'not canceled: the event names store a-store-we-never-mapped, which is not mapped here',
    });
    expect((await stored(id)).order!.status).not.toBe('Canceled');
  });

  it('a cancel of an order never stored is recorded as ignored', async () => {
    const cancel = uber.event('orders.cancel', 'never-stored-order', SAMPLE_STORE_ID);
    await deliver(t.app, cancel);
    await processInbox(ctx());
    const [row] = await inboxRows(cancel.event_id as string);
    expect(row).toMatchObject({
      status: 'processed',
      outcome: 'ignored: the canceled order is not in the ledger',
    });
  });

  it('stores an order in a state it does not know (UNKNOWN) as Received, logs it, and does not answer it', async () => {
    const { id, event } = newOrder({ current_state: 'UNKNOWN' });
    expect((await deliver(t.app, event)).statusCode).toBe(200);
    await processInbox(ctx());
    const { order } = await stored(id);
    expect(order!.status).toBe('Received');
    expect(uber.calls('accept')).toEqual([]);
    expect(uber.calls('deny')).toEqual([]);
    const [row] = await inboxRows(event.event_id as string);
    expect(row).toMatchObject({ status: 'processed' });
    expect(row!.outcome).toMatch(/unknown Uber state 'UNKNOWN'/);
  });

  it('fails an order Uber answers in a shape we cannot read, with the field named', async () => {
    const { event, id } = newOrder();
    delete (uber.orders.get(id) as Record<string, unknown>).placed_at;
    await deliver(t.app, event);
    await processInbox(ctx());
    const [row] = await inboxRows(event.event_id as string);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toMatch(/placed_at/);
  });
});

describe('an accept or deny Uber refuses (any 4xx): the order is read and decides', () => {
  it('an order accepted on the tablet meanwhile (409, as Uber documents) is recorded as accepted, not retried', async () => {
    const { id, event } = newOrder();
    await deliver(t.app, event);
    uber.meanwhile('accept', (order) => {
      order.current_state = 'ACCEPTED';
    });
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    const { order, events } = await stored(id);
    expect(order!.status).toBe('Cooking');
    expect(events.map((e) => e.toStatus)).toEqual(['Received', 'Cooking']);
    const [row] = await inboxRows(event.event_id as string);
    expect(row).toMatchObject({ status: 'processed', attempts: 1 });
    expect(row!.outcome).toMatch(/; already accepted on Uber, now Cooking$/);
    // The refusal was followed by one more read of the order, which decided.
    const calls = uber.requests.filter((r) => r.endpoint !== 'token').map((r) => r.endpoint);
    expect(calls).toEqual(['order', 'accept', 'order']);
  });

  it('an order canceled meanwhile (a 400 here: Uber documents no status for it) is Canceled, not retried', async () => {
    const { id, event } = newOrder();
    await deliver(t.app, event);
    uber.meanwhile('accept', (order) => {
      order.current_state = 'CANCELED';
    });
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    expect((await stored(id)).order!.status).toBe('Canceled');
    const [row] = await inboxRows(event.event_id as string);
    expect(row!.outcome).toMatch(/; not accepted: Uber shows it CANCELED, now Canceled$/);
  });

  it.each([400, 404, 409, 422])(
    'a %i while Uber still shows the order CREATED fails the event, saying the refusal is about our request',
    async (status) => {
      const { id, event } = newOrder();
      await deliver(t.app, event);
      uber.failNext('accept', status, { code: 'validation_failed', message: 'Invalid request' });
      expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 0, failed: 1 });
      const [row] = await inboxRows(event.event_id as string);
      expect(row!.status).toBe('failed');
      expect(row!.lastError).toContain(`Uber refused to accept order ${id}: Uber answered ${status}`);
      expect(row!.lastError).toContain('validation_failed');
      expect(row!.lastError).toContain('still shows the order waiting for an answer (CREATED)');
      expect(uber.orders.get(id)!.current_state).toBe('CREATED');
    },
  );

  it('a rate limit (429) is retried as before, without reading the order again', async () => {
    const { event } = newOrder();
    await deliver(t.app, event);
    uber.failNext('accept', 429);
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 1, failed: 0 });
    expect(uber.calls('order')).toHaveLength(1);
  });

  it('a deny refused because the tablet accepted the order meanwhile is recorded, nothing stored', async () => {
    const { id, event } = newOrder({}, 'another-unmapped-store');
    await deliver(t.app, event);
    uber.meanwhile('deny', (order) => {
      order.current_state = 'ACCEPTED';
    });
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    expect((await stored(id)).count).toBe(0);
    const [row] = await inboxRows(event.event_id as string);
    expect(row!.outcome).toMatch(/^not denied \(Uber shows it ACCEPTED already\), not stored: unknown store/);
  });
});

describe('scheduled orders (orders.scheduled.notification)', () => {
  const READY_AT = '2026-11-18T19:00:00+11:00';

  it('stores the order with its scheduled time, accepts it, and accepts it again when Uber sends it due', async () => {
    const { id } = newOrder({ estimated_ready_for_pickup_at: READY_AT });
    const scheduled = uber.event('orders.scheduled.notification', id, SAMPLE_STORE_ID);
    expect((await deliver(t.app, scheduled)).statusCode).toBe(200);
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    let { order, count } = await stored(id);
    expect(count).toBe(1);
    // Accepted on Uber, waiting here for its time: the kitchen sees it as scheduled, not now.
    expect(order).toMatchObject({ status: 'Received' });
    expect(order!.scheduledFor!.toISOString()).toBe('2026-11-18T08:00:00.000Z');
    expect(uber.calls('accept')).toHaveLength(1);
    expect(uber.orders.get(id)!.current_state).toBe('ACCEPTED');
    const kitchen = await adminCall({ query_type: 'kitchen_tickets', kitchaco: locationId });
    expect(kitchen.statusCode).toBe(200);
    const ticket = (
      kitchen.json() as { tickets: { order_id: number; promised_at: string; promised_source: string }[] }
    ).tickets.find((k) => k.order_id === order!.id);
    expect(ticket).toMatchObject({ promised_at: '2026-11-18T08:00:00.000Z', promised_source: 'scheduled' });
    const [row] = await inboxRows(scheduled.event_id as string);
    expect(row!.outcome).toBe(
      `order #${order!.id} scheduled for 2026-11-18T08:00:00.000Z accepted (Uber sends it again when it is due, and it is accepted again then)`,
    );

    // Uber's guide: "accepted twice, once during the orders.scheduled.notification and again at
    // orders.notification".
    const due = uber.releaseScheduled(id, SAMPLE_STORE_ID);
    await deliver(t.app, due);
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    ({ order, count } = await stored(id));
    expect(count).toBe(1);
    expect(order).toMatchObject({ status: 'Cooking' });
    expect(order!.scheduledFor!.toISOString()).toBe('2026-11-18T08:00:00.000Z');
    expect(uber.calls('accept')).toHaveLength(2);
  });

  it('a repeat of the scheduled event after its accept leaves the order waiting, not cooking', async () => {
    const { id } = newOrder({ estimated_ready_for_pickup_at: READY_AT });
    await deliver(t.app, uber.event('orders.scheduled.notification', id, SAMPLE_STORE_ID));
    await processInbox(ctx());
    await deliver(t.app, uber.event('orders.scheduled.notification', id, SAMPLE_STORE_ID));
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    expect((await stored(id)).order!.status).toBe('Received');
    expect(uber.calls('accept')).toHaveLength(1);
  });

  it('fails a scheduled order without its time, naming the field, and answers nothing', async () => {
    const { id } = newOrder();
    const scheduled = uber.event('orders.scheduled.notification', id, SAMPLE_STORE_ID);
    await deliver(t.app, scheduled);
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 0, failed: 1 });
    const [row] = await inboxRows(scheduled.event_id as string);
    expect(row!.lastError).toBe(
      `Uber's scheduled order ${id} cannot be read: estimated_ready_for_pickup_at: is required for a scheduled order`,
    );
    expect((await stored(id)).count).toBe(0);
    expect(uber.calls('accept')).toEqual([]);
  });
});

describe('orders.failure (the cancel of stores on API version 1.0.0)', () => {
  it('cancels the stored order and drops its notification still waiting to be accepted', async () => {
    const { id, event } = newOrder();
    await deliver(t.app, event);
    uber.failNext('accept', 503);
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 1, failed: 0 });
    expect((await stored(id)).order!.status).toBe('Received');

    const failure = uber.event('orders.failure', id, SAMPLE_STORE_ID);
    expect((await deliver(t.app, failure)).statusCode).toBe(200);
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    const { order, events } = await stored(id);
    expect(order!.status).toBe('Canceled');
    expect(events.map((e) => e.toStatus)).toEqual(['Received', 'Canceled']);
    const [failed] = await inboxRows(failure.event_id as string);
    expect(failed!.outcome).toBe(
      `order #${order!.id} Canceled (orders.failure: the order failed on Uber); 1 waiting notification of it dropped`,
    );
    const [waiting] = await inboxRows(event.event_id as string);
    expect(waiting).toMatchObject({ status: 'processed' });
    expect(waiting!.outcome).toMatch(/^dropped: Uber ended the order \(orders.failure, event /);

    // Nothing is answered for it later.
    t.clock.advance(inboxBackoffMs(1));
    await processInbox(ctx());
    expect(uber.calls('accept').filter((c) => c.path.includes(id))).toHaveLength(1);
  });

  it('of an order never stored is recorded as ignored', async () => {
    const failure = uber.event('orders.failure', 'never-stored-failed-order', SAMPLE_STORE_ID);
    await deliver(t.app, failure);
    await processInbox(ctx());
    const [row] = await inboxRows(failure.event_id as string);
    expect(row).toMatchObject({
      status: 'processed',
      outcome: 'ignored: the failed order is not in the ledger',
    });
  });
});

describe('load shedding', () => {
  it('never refuses the Uber Eats webhook, even past the in-flight limit', async () => {
    const busy = await createTestApp({
      MAX_IN_FLIGHT: '2',
      STAFF_LOGIN_FAILURES_ALLOWED: '1000',
      ...uber.settings(),
    });
    try {
      const { email } = await createStaff(busy.database.db, 'super_admin');
      // Failed sign-ins (argon2) keep the one place busy; they are shed, the webhooks are not.
      const login = () =>
        busy.app.inject({
          method: 'POST',
          url: '/api/v1/admin-data/',
          payload: { query_type: 'admin_login', email, password: `${TEST_PASSWORD}-wrong` },
        });
      const events = Array.from({ length: 12 }, () =>
        uber.event('orders.notification', 'x', SAMPLE_STORE_ID),
      );
      const [logins, answers] = await Promise.all([
        Promise.all(Array.from({ length: 8 }, login)),
        Promise.all(events.map((e) => deliver(busy.app, e))),
      ]);
      expect(logins.filter((r) => r.statusCode === 503).length).toBeGreaterThan(0);
      expect(answers.map((a) => a.statusCode)).toEqual(events.map(() => 200));
    } finally {
      await busy.close();
    }
  });
});

describe('settings', () => {
  const production = {
    NODE_ENV: 'production',
    PROVIDER_ABN: '51 824 753 556',
    ALLOW_EMBEDDED_DATABASE: 'true',
    APP_SECRET: 'x'.repeat(32),
    PAYMENTS_PROVIDER: 'test',
  };
  const real = {
    UBER_EATS_CLIENT_ID: 'a-real-client-id',
    UBER_EATS_CLIENT_SECRET: 'a-real-client-secret-0123',
  };

  it('refuses to start in production half configured, with a demo value or a plain-http address', () => {
    expect(() => loadConfig({ ...production, UBER_EATS_CLIENT_ID: 'a-real-client-id' })).toThrow(
      /UBER_EATS_CLIENT_ID, UBER_EATS_CLIENT_SECRET: set both or neither/,
    );
    expect(() =>
      loadConfig({ ...production, ...real, UBER_EATS_CLIENT_ID: 'demo-uber-eats-client' }),
    ).toThrow(/a demo value cannot be used in production/);
    expect(() => loadConfig({ ...production, ...real, UBER_EATS_API_URL: 'http://127.0.0.1:9' })).toThrow(
      /UBER_EATS_API_URL: must be an https:\/\/ address in production/,
    );
    expect(() =>
      loadConfig({ ...production, ...real, UBER_EATS_WEBHOOK_SECRET: 'another-secret-entirely' }),
    ).toThrow(/UBER_EATS_WEBHOOK_SECRET: Uber signs its webhooks with the client secret/);
    expect(loadConfig({ ...production, ...real }).uberEats).toEqual({
      clientId: 'a-real-client-id',
      clientSecret: 'a-real-client-secret-0123',
      apiUrl: 'https://api.uber.com',
      authUrl: 'https://auth.uber.com/oauth/v2/token',
      timeoutMs: 10_000,
    });
    expect(loadConfig({ ...production, ...real }).marketplaceSecrets.uber_eats).toBe(
      'a-real-client-secret-0123',
    );
  });

  it('answers 503 "not configured" in production without the credentials', async () => {
    const prod = await createTestApp({ ...production, DEMO: 'false' });
    try {
      const res = await deliver(prod.app, UBER_SAMPLE_NOTIFICATION);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        error:
          'The Uber Eats webhook is not configured: set UBER_EATS_CLIENT_ID and UBER_EATS_CLIENT_SECRET.',
      });
    } finally {
      await prod.close();
    }
  });
});
