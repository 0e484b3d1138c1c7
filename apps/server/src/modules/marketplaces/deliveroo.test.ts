import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { marketplaceInbox, orders } from '../../db/schema/index.js';
import { type FakeDeliveroo, startFakeDeliveroo } from '../../fakes/deliveroo.js';
import { DELIVEROO_REFUSED_PAUSE_MS } from '../../integrations/deliveroo.js';
import { OFF_THREAD_WEBHOOK_MIN_BYTES } from '../../lib/off-thread.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { deliver, mappedStore, notification, type TestOrder } from '../../test/marketplaces.js';
import { providerStatusRows } from '../health/health.queries.js';
import { adminHealth } from '../health/health.service.js';
import { INBOX_MAX_ATTEMPTS, INBOX_PAUSED_RETRY_MS, inboxBackoffMs, processInbox } from './inbox.service.js';

/**
 * Deliveroo's sync status (issue 37: "we never report back"), against a fake of Deliveroo's token
 * endpoint and Order API (src/fakes/deliveroo.ts): the webhook stores the order as before and
 * queues the sync status in the inbox; the worker sends it once, `succeeded` for a stored order and
 * `failed` with Deliveroo's reason for one we refuse
 * (https://api-docs.deliveroo.com/reference/create-sync-status-1).
 */
let t: TestApp;
let dr: FakeDeliveroo;
const STORE = 'dr-site-1';
let n = 0;

const ctx = () => t.app.appContext;

beforeAll(async () => {
  dr = await startFakeDeliveroo({ now: () => t.clock.now() });
  t = await createTestApp({
    DELIVEROO_CLIENT_ID: dr.clientId,
    DELIVEROO_CLIENT_SECRET: dr.clientSecret,
    DELIVEROO_API_URL: dr.url,
    DELIVEROO_AUTH_URL: dr.authUrl,
    // Long enough that a loaded machine's ordinary answers from the local fake are never a timeout.
    DELIVEROO_TIMEOUT_MS: '1500',
  });
  await mappedStore(t.database.db, 'deliveroo', STORE, 'Burger Barn', [
    { name: 'Classic Burger', price: '14.50' },
    { name: 'Fries', price: '5.00' },
  ]);
});
afterAll(async () => {
  await t.close();
  await dr.close();
});
afterEach(async () => {
  // Whatever a test left due is sent now, so the next one starts from an empty inbox.
  t.clock.advance(60 * 60_000);
  await processInbox(ctx());
  dr.reset();
});

type Status = 'placed' | 'accepted' | 'confirmed' | 'canceled';

/** An order of the mapped store: two burgers and fries (both the brand's meals). */
function anOrder(overrides: Partial<TestOrder> = {}): TestOrder {
  return {
    externalId: `gb:${++n}-1234abcd-5678-90ef`,
    storeId: STORE,
    items: [
      { name: 'Classic Burger', quantity: 2, cents: 1450 },
      { name: 'Fries', quantity: 1, cents: 500 },
    ],
    ...overrides,
  };
}

/** Deliveroo's order event for the order at `status` (`order.new` when placed). */
function event(
  order: TestOrder,
  status: Status,
  type = status === 'placed' ? 'order.new' : 'order.status_update',
) {
  const body = notification('deliveroo', order) as { event: string; body: { order: { status: string } } };
  body.event = type;
  body.body.order.status = status;
  return body;
}

const send = (order: TestOrder, status: Status, type?: string) =>
  deliver(t.app, 'deliveroo', event(order, status, type));

const inboxRows = (orderId: string) =>
  t.database.db
    .select()
    .from(marketplaceInbox)
    .where(and(eq(marketplaceInbox.channel, 'deliveroo'), eq(marketplaceInbox.resourceId, orderId)))
    .orderBy(asc(marketplaceInbox.id));

const deliverooHealth = async () =>
  (await providerStatusRows(t.database.db)).find((r) => r.provider === 'deliveroo');

const syncCalls = () => dr.requests.filter((r) => r.path.endsWith('/sync_status'));
const tokenCalls = () => dr.requests.filter((r) => r.path === '/oauth2/token');

describe('Deliveroo sync status', () => {
  it('sends succeeded once for an accepted order that is stored, after answering the webhook', async () => {
    const order = anOrder();
    const res = await send(order, 'accepted', 'order.new');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, duplicate: false, status: 'Cooking' });
    // Answered before anything was asked of Deliveroo.
    expect(dr.requests).toHaveLength(0);

    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    expect(dr.syncStatuses).toEqual([
      { orderId: order.externalId, body: { status: 'succeeded', occurred_at: t.clock.now().toISOString() } },
    ]);
    // The token as Deliveroo's page asks: Basic client_id:client_secret, grant_type client_credentials.
    const [token] = tokenCalls();
    expect(token!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${dr.clientId}:${dr.clientSecret}`).toString('base64')}`,
    );
    expect(token!.body).toEqual({ grant_type: 'client_credentials' });
    expect(syncCalls()[0]!.headers.authorization).toMatch(/^Bearer \S+$/);
    const [row] = await inboxRows(order.externalId);
    expect(row).toMatchObject({ status: 'processed', eventType: 'sync_status', attempts: 1 });
    expect(row!.outcome).toBe('sync status succeeded sent');
  });

  // A catering order's body (over 128 KiB) is checked on a worker thread (lib/off-thread.ts), to the
  // same answer: stored, its sync status sent; a bad field in it refused naming the field.
  it('takes a catering order of 900 lines read off the event loop, and refuses a bad one naming the field', async () => {
    const items = Array.from({ length: 900 }, (_, i) => ({
      name: i % 2 ? 'Fries' : 'Classic Burger',
      quantity: 1,
      cents: i % 2 ? 500 : 1450,
      note: `Box ${i + 1} of 900: no onion, sauce on the side, label for the Level ${i % 12} meeting room`,
    }));
    const order = anOrder({ items });
    const body = event(order, 'accepted', 'order.new');
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(OFF_THREAD_WEBHOOK_MIN_BYTES);
    const res = await deliver(t.app, 'deliveroo', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, duplicate: false, status: 'Cooking' });
    await processInbox(ctx());
    expect(dr.syncStatuses.map((s) => [s.orderId, s.body.status])).toEqual([[order.externalId, 'succeeded']]);

    const wrong = event(anOrder({ items }), 'accepted', 'order.new') as unknown as {
      body: { order: { items: { quantity: unknown }[] } };
    };
    wrong.body.order.items[899]!.quantity = 'one';
    const refused = await deliver(t.app, 'deliveroo', wrong as unknown as Record<string, unknown>);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('body.order.items.899.quantity');
  });

  it('waits for the order to be accepted: a placed order has no sync status yet', async () => {
    const order = anOrder();
    expect((await send(order, 'placed')).statusCode).toBe(200);
    expect(await inboxRows(order.externalId)).toHaveLength(0);
    await processInbox(ctx());
    expect(dr.syncStatuses).toHaveLength(0);

    expect((await send(order, 'accepted')).json()).toMatchObject({ duplicate: true, status: 'Cooking' });
    await processInbox(ctx());
    expect(dr.syncStatuses.map((s) => [s.orderId, s.body.status])).toEqual([[order.externalId, 'succeeded']]);
  });

  it('sends one sync status however often the order is delivered (resends, a later confirmed)', async () => {
    const order = anOrder();
    const first = await send(order, 'accepted');
    const again = await send(order, 'accepted');
    expect(again.json()).toMatchObject({ order_id: first.json().order_id, duplicate: true });
    await processInbox(ctx());
    await send(order, 'accepted');
    await send(order, 'confirmed');
    await processInbox(ctx());
    expect(await inboxRows(order.externalId)).toHaveLength(1);
    expect(syncCalls()).toHaveLength(1);
    expect(dr.syncStatuses).toHaveLength(1);
    const stored = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.channel, 'deliveroo'), eq(orders.externalId, order.externalId)));
    expect(stored).toHaveLength(1);
  });

  it('sends failed, location_not_supported, for an order of an unmapped site (still refused 422)', async () => {
    const order = anOrder({ storeId: 'dr-unmapped-site' });
    const res = await send(order, 'accepted');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ field: 'store_id' });
    // Deliveroo retries a refused notification: the sync status is still sent once.
    expect((await send(order, 'accepted')).statusCode).toBe(422);
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    expect(dr.syncStatuses).toEqual([
      {
        orderId: order.externalId,
        body: {
          status: 'failed',
          reason: 'location_not_supported',
          notes:
            "unknown store 'dr-unmapped-site' for Deliveroo: map it under Marketplaces, Store mappings first",
          occurred_at: t.clock.now().toISOString(),
        },
      },
    ]);
    expect((await inboxRows(order.externalId))[0]!.outcome).toBe(
      'sync status failed (location_not_supported) sent',
    );
  });

  it('sends failed, pos_item_id_not_found, naming the items when none matches a meal (order kept)', async () => {
    const order = anOrder({ items: [{ name: 'Pad Thai', quantity: 1, cents: 1800 }] });
    const res = await send(order, 'accepted');
    expect(res.statusCode).toBe(200);
    await processInbox(ctx());
    expect(dr.syncStatuses).toHaveLength(1);
    expect(dr.syncStatuses[0]!.body).toMatchObject({
      status: 'failed',
      reason: 'pos_item_id_not_found',
      notes: `Stored as order #${res.json().order_id}, but none of the items matches a meal of the store's menu: Pad Thai`,
    });
  });

  it('retries a 5xx and a 429 (after its Retry-After), then sends it once', async () => {
    const order = anOrder();
    await send(order, 'accepted');
    dr.failNext('server_error');
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 1, failed: 0 });
    let [row] = await inboxRows(order.externalId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toContain('Deliveroo answered 500');
    expect(row!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(inboxBackoffMs(1));
    // The health page shows Deliveroo failing for us.
    await ctx().providers.flush();
    expect(await deliverooHealth()).toMatchObject({
      lastError: expect.stringContaining('Deliveroo answered 500'),
    });
    expect((await adminHealth(ctx())).headline.find((l) => l.area === 'marketplaces')).toMatchObject({
      level: 'failing',
      text: expect.stringContaining('Deliveroo is failing: Deliveroo answered 500'),
    });

    t.clock.advance(inboxBackoffMs(1));
    dr.failNext('rate_limited', { retryAfterSeconds: 30 });
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 1, failed: 0 });
    [row] = await inboxRows(order.externalId);
    expect(row!.lastError).toBe('Deliveroo answered 429 to the sync status (Retry-After 30 s)');
    // Deliveroo's 30 s, not the inbox's 10 s after a second failure.
    expect(inboxBackoffMs(2)).toBeLessThan(30_000);
    expect(row!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(30_000);
    t.clock.advance(inboxBackoffMs(2));
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 0, failed: 0 });
    t.clock.advance(30_000 - inboxBackoffMs(2));
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    expect(syncCalls()).toHaveLength(3);
    expect(dr.syncStatuses).toHaveLength(1);
    await ctx().providers.flush();
    const health = await deliverooHealth();
    expect(health!.lastSuccessAt!.getTime()).toBeGreaterThan(health!.lastErrorAt!.getTime());
  });

  it('retries after a timeout; a 409 on that retry is the lost attempt having landed', async () => {
    const order = anOrder();
    await send(order, 'accepted');
    dr.failNext('timeout');
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 1, failed: 0 });
    const [row] = await inboxRows(order.externalId);
    expect(row!.lastError).toMatch(/Deliveroo did not answer within 1500 ms/);
    // Deliveroo took it after all: the retry is answered 409.
    dr.closeWindow(order.externalId);
    t.clock.advance(inboxBackoffMs(1));
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    expect((await inboxRows(order.externalId))[0]!.outcome).toMatch(
      /Deliveroo already has one \(409 on attempt 2/,
    );
  });

  it('takes a 409 on the first attempt as final (already synced or past 3 minutes): failed, not retried', async () => {
    const order = anOrder();
    await send(order, 'accepted');
    dr.closeWindow(order.externalId);
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 0, failed: 1 });
    const [row] = await inboxRows(order.externalId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toMatch(/409: the order already has one, or its 3-minute window is over/);
    t.clock.advance(60 * 60_000);
    await processInbox(ctx());
    expect(syncCalls()).toHaveLength(1);
  });

  it('takes a 409 after a 429 as final: nothing had landed, so the order is past its 3 minutes', async () => {
    const order = anOrder();
    await send(order, 'accepted');
    dr.failNext('rate_limited', { retryAfterSeconds: 200 });
    await processInbox(ctx());
    dr.closeWindow(order.externalId);
    t.clock.advance(200_000);
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 0, failed: 1 });
    const [row] = await inboxRows(order.externalId);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row!.lastError).toMatch(/409: the order already has one, or its 3-minute window is over/);
  });

  it('gives up after the last attempt when Deliveroo keeps failing', async () => {
    const order = anOrder();
    await send(order, 'accepted');
    for (let attempt = 1; attempt <= INBOX_MAX_ATTEMPTS; attempt++) {
      dr.failNext('unavailable');
      await processInbox(ctx());
      t.clock.advance(inboxBackoffMs(attempt));
    }
    const [row] = await inboxRows(order.externalId);
    expect(row).toMatchObject({ status: 'failed', attempts: INBOX_MAX_ATTEMPTS });
    expect(row!.lastError).toContain('Deliveroo answered 503');
  });

  it('keeps its token between orders, and takes a new one once after a 401', async () => {
    const a = anOrder();
    const b = anOrder();
    await send(a, 'accepted');
    await send(b, 'accepted');
    await processInbox(ctx());
    expect(tokenCalls()).toHaveLength(1);
    expect(dr.syncStatuses).toHaveLength(2);

    const c = anOrder();
    await send(c, 'accepted');
    dr.revokeTokens();
    expect(await processInbox(ctx())).toEqual({ processed: 1, retrying: 0, failed: 0 });
    expect(tokenCalls()).toHaveLength(2);
    expect(dr.syncStatuses.map((s) => s.orderId)).toContain(c.externalId);
  });
});

describe('Deliveroo answering 401 to a fresh token (the integration disabled)', () => {
  it('says so once while it lasts, and sends the waiting sync statuses once it is enabled again', async () => {
    const errors = vi.spyOn(ctx().log, 'error');
    const waiting = [anOrder(), anOrder()];
    for (const o of waiting) await send(o, 'accepted');
    dr.integrationDisabled = true;
    expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 2, failed: 0 });
    for (let pass = 0; pass < 3; pass++) {
      t.clock.advance(Math.max(INBOX_PAUSED_RETRY_MS, DELIVEROO_REFUSED_PAUSE_MS) + 1_000);
      expect(await processInbox(ctx())).toEqual({ processed: 0, retrying: 2, failed: 0 });
    }
    // One row a minute asks (a token, the call, a fresh token, the call again); the other waits.
    expect(syncCalls()).toHaveLength(8);
    const [row] = await inboxRows(waiting[1]!.externalId);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row!.lastError).toContain('Deliveroo answered 401 to the sync status with a fresh token');
    expect(
      errors.mock.calls.filter((call) => String(call[1]).includes('refuses our credentials')),
    ).toHaveLength(1);

    dr.integrationDisabled = false;
    t.clock.advance(DELIVEROO_REFUSED_PAUSE_MS + 1_000);
    expect(await processInbox(ctx())).toEqual({ processed: 2, retrying: 0, failed: 0 });
    expect(dr.syncStatuses.map((s) => s.orderId).sort()).toEqual(waiting.map((o) => o.externalId).sort());
    errors.mockRestore();
  });
});

describe('Deliveroo refusing our credentials', () => {
  let wrong: TestApp;
  const wctx = () => wrong.app.appContext;

  beforeAll(async () => {
    wrong = await createTestApp({
      DELIVEROO_CLIENT_ID: dr.clientId,
      DELIVEROO_CLIENT_SECRET: 'not-the-secret-in-the-developer-portal',
      DELIVEROO_API_URL: dr.url,
      DELIVEROO_AUTH_URL: dr.authUrl,
      DELIVEROO_TIMEOUT_MS: '1500',
    });
    await mappedStore(wrong.database.db, 'deliveroo', STORE, 'Burger Barn', [
      { name: 'Classic Burger', price: '14.50' },
      { name: 'Fries', price: '5.00' },
    ]);
  });
  afterAll(() => wrong.close());

  it('says so once, naming the settings, and pauses the sync statuses without a retry storm', async () => {
    const errors = vi.spyOn(wctx().log, 'error');
    const waiting = [anOrder(), anOrder(), anOrder()];
    for (const o of waiting) {
      expect((await deliver(wrong.app, 'deliveroo', event(o, 'accepted'))).statusCode).toBe(200);
    }
    expect(await processInbox(wctx())).toEqual({ processed: 0, retrying: 3, failed: 0 });
    expect(tokenCalls()).toHaveLength(1);
    expect(syncCalls()).toHaveLength(0);
    for (const o of waiting) {
      const [row] = await wrong.database.db
        .select()
        .from(marketplaceInbox)
        .where(eq(marketplaceInbox.resourceId, o.externalId));
      // No try spent: the orders wait for the settings to be put right.
      expect(row).toMatchObject({ status: 'pending', attempts: 0 });
      expect(row!.lastError).toContain('Deliveroo refused our credentials');
      expect(row!.lastError).toContain('DELIVEROO_CLIENT_ID and DELIVEROO_CLIENT_SECRET');
    }
    // Looked at again after the pause: one token request per pause, never one per order or try.
    for (let pass = 0; pass < 3; pass++) {
      wrong.clock.advance(Math.max(INBOX_PAUSED_RETRY_MS, DELIVEROO_REFUSED_PAUSE_MS) + 1_000);
      await processInbox(wctx());
    }
    expect(tokenCalls()).toHaveLength(4);
    expect(syncCalls()).toHaveLength(0);
    const credentialLines = errors.mock.calls.filter((call) =>
      String(call[1]).includes('refuses our credentials'),
    );
    expect(credentialLines).toHaveLength(1);
    expect(JSON.stringify(credentialLines[0]![0])).toContain('DELIVEROO_CLIENT_SECRET');
    errors.mockRestore();
  });
});
