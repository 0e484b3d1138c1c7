import { MARKETPLACE_CHANNELS, type MarketplaceChannel, webhookUrl } from '@kitchaco/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceStores, orderLines, orderStatusEvents, orders } from '../../db/schema/index.js';
import { signatureHeaders } from '../../integrations/marketplace-signatures.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createLocation, createMeal, createVendor } from '../../test/factories.js';
import { DEMO_DELIVEROO_SECRET, deliver, notification, type TestOrder } from '../../test/marketplaces.js';

/**
 * Deliveroo's order notifications through the real route: signed as Deliveroo signs them, read by
 * its adapter, stored once in the ledger while Deliveroo waits. One brand at one Melbourne
 * location, mapped as a store on every platform; a second brand there that the stores do not sell.
 * Uber Eats and DoorDash go through the inbox (uber-eats.test.ts, doordash.test.ts); Menulog's
 * webhook is retired.
 */
let t: TestApp;
let locationId: number;
let burgerBarn: number;
let burgerId: number;
let friesId: number;
const STORE: Record<MarketplaceChannel, string> = {
  uber_eats: 'ue-store-1',
  deliveroo: 'dr-site-1',
  doordash: 'dd-store-1',
  menulog: 'ml-rest-1',
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  locationId = (await createLocation(db, { name: 'Reservoir', timeZone: 'Australia/Melbourne' })).id;
  burgerBarn = (await createVendor(db, locationId, { title: 'Burger Barn' })).id;
  const thaiTime = (await createVendor(db, locationId, { title: 'Thai Time' })).id;
  burgerId = (await createMeal(db, burgerBarn, { name: 'Classic Burger', price: '14.50' })).meal.id;
  friesId = (await createMeal(db, burgerBarn, { name: 'Fries', price: '5.00' })).meal.id;
  await createMeal(db, thaiTime, { name: 'Pad Thai', price: '18.00' });
  await db.insert(marketplaceStores).values(
    MARKETPLACE_CHANNELS.map((channel) => ({
      channel,
      storeId: STORE[channel],
      locationId,
      vendorId: burgerBarn,
      name: `Burger Barn Reservoir (${channel})`,
    })),
  );
});
afterAll(() => t.close());

let n = 0;
/** Two burgers with cheese, one fries spelt loosely, and a name no meal of the brand has. */
const anOrder = (overrides: Partial<TestOrder> = {}): TestOrder => ({
  externalId: `deliveroo-order-${++n}`,
  storeId: STORE.deliveroo,
  items: [
    {
      name: 'Classic Burger',
      quantity: 2,
      cents: 1450,
      modifiers: [{ name: 'Extra cheese', quantity: 1, cents: 150 }],
    },
    { name: '  FRIES ', quantity: 1, cents: 500 },
    { name: 'Pad Thai', quantity: 1, cents: 1800 },
  ],
  orderNote: 'no pickles',
  ...overrides,
});

async function stored(channel: MarketplaceChannel, externalId: string) {
  const db = t.database.db;
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.channel, channel), eq(orders.externalId, externalId)));
  const order = rows[0];
  const lines = order
    ? await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id))
    : [];
  const events = order
    ? await db
        .select()
        .from(orderStatusEvents)
        .where(eq(orderStatusEvents.orderId, order.id))
        .orderBy(asc(orderStatusEvents.id))
    : [];
  return { count: rows.length, order, lines, events };
}

const channel = 'deliveroo';

describe('Deliveroo order notification', () => {
  it('stores a signed order once with its lines, totals and matched meals', async () => {
    const order = anOrder();
    const res = await deliver(t.app, channel, notification(channel, order));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      order_id: expect.any(Number),
      duplicate: false,
      status: 'Received',
    });

    const { count, order: row, lines, events } = await stored(channel, order.externalId);
    expect(count).toBe(1);
    expect(row).toMatchObject({
      id: body.order_id,
      locationId,
      ingestedVia: 'webhook',
      status: 'Received',
      customerName: 'Maya',
      customerPhone: '+61400111222',
      // 2 x (14.50 + 1.50) + 5.00 + 18.00
      subTotal: '55.00',
      total: '55.00',
      gst: '5.00',
      platformFee: '0.00',
    });
    expect(row!.placedAt.toISOString()).toBe('2026-11-18T01:30:00.000Z');
    expect(
      lines.map((l) => ({
        mealId: l.mealId,
        vendorId: l.vendorId,
        mealName: l.mealName,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        combos: l.combos,
        lineTotal: l.lineTotal,
      })),
    ).toEqual([
      {
        mealId: burgerId,
        vendorId: burgerBarn,
        mealName: 'Classic Burger',
        quantity: 2,
        unitPrice: '14.50',
        combos: [{ name: 'Extra cheese', price: '1.50', quantity: 1 }],
        lineTotal: '32.00',
      },
      {
        mealId: friesId,
        vendorId: burgerBarn,
        mealName: 'FRIES',
        quantity: 1,
        unitPrice: '5.00',
        combos: [],
        lineTotal: '5.00',
      },
      // Another brand's meal: the store sells Burger Barn only, so the name stays unmatched.
      {
        mealId: null,
        vendorId: burgerBarn,
        mealName: 'Pad Thai',
        quantity: 1,
        unitPrice: '18.00',
        combos: [],
        lineTotal: '18.00',
      },
    ]);
    // Deliveroo's one note for the order (order_notes) goes on the first line.
    expect(lines.map((l) => l.specialRequest)).toEqual(['no pickles', null, null]);
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, 'Received']]);
  });

  it('stores a resent order once and answers duplicate', async () => {
    const order = anOrder();
    const payload = notification(channel, order);
    const first = await deliver(t.app, channel, payload);
    const again = await deliver(t.app, channel, payload);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      success: true,
      order_id: first.json().order_id,
      duplicate: true,
      status: 'Received',
    });
    const { count, lines, events } = await stored(channel, order.externalId);
    expect([count, lines.length, events.length]).toEqual([1, 3, 1]);
  });

  it('cancels the stored order on a cancel notification, and a late "new" does not undo it', async () => {
    const order = anOrder();
    const placed = await deliver(t.app, channel, notification(channel, order));
    const canceled = await deliver(t.app, channel, notification(channel, { ...order, state: 'canceled' }));
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toEqual({
      success: true,
      order_id: placed.json().order_id,
      duplicate: true,
      status: 'Canceled',
    });
    const late = await deliver(t.app, channel, notification(channel, order));
    expect(late.json()).toMatchObject({ duplicate: true, status: 'Canceled' });

    const { count, order: row, lines, events } = await stored(channel, order.externalId);
    expect(count).toBe(1);
    expect(lines).toHaveLength(3);
    expect(row).toMatchObject({ status: 'Canceled', statusChangedBy: null });
    expect(row!.statusChangedAt).toEqual(t.clock.now());
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 'Received'],
      ['Received', 'Canceled'],
    ]);
  });

  it('refuses a wrong or missing signature with 401 and writes nothing', async () => {
    const order = anOrder();
    const payload = notification(channel, order);
    const forged = await deliver(t.app, channel, payload, { secret: 'not-the-shared-secret' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ success: false, code: 'unauthorized' });
    // The body changed after signing: the signature no longer matches.
    const raw = JSON.stringify(payload);
    const tampered = await t.app.inject({
      method: 'POST',
      url: webhookUrl(channel),
      headers: {
        'content-type': 'application/json',
        ...signatureHeaders(channel, DEMO_DELIVEROO_SECRET, raw),
      },
      payload: raw.replace('"Classic Burger"', '"Free Burger"'),
    });
    expect(tampered.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: webhookUrl(channel),
      payload,
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await stored(channel, order.externalId)).count).toBe(0);
  });

  it('refuses an order of an unmapped store with 422 and writes nothing', async () => {
    const order = anOrder({ storeId: 'nobody-knows-me' });
    const res = await deliver(t.app, channel, notification(channel, order));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      error: expect.stringMatching(/^unknown store 'nobody-knows-me'/),
      field: 'store_id',
    });
    expect((await stored(channel, order.externalId)).count).toBe(0);
  });

  it('answers malformed JSON and a payload missing a field with 400, never 500', async () => {
    const broken = await deliver(t.app, channel, '{"event": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      success: false,
      code: 'invalid',
      error: expect.stringMatching(/^The request body is not valid JSON/),
    });
    const empty = await deliver(t.app, channel, '');
    expect(empty.statusCode).toBe(400);
    const list = await deliver(t.app, channel, '[1, 2]');
    expect(list.statusCode).toBe(400);

    const payload = notification(channel, anOrder()) as { body: { order: Record<string, unknown> } };
    delete payload.body.order.total_price;
    const res = await deliver(t.app, channel, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'body.order.total_price' });
  });
});

describe('Deliveroo without a secret', () => {
  it('answers 503 "not configured" in production; a configured secret is checked', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      PROVIDER_ABN: '51 824 753 556',
      DEMO: 'false',
      APP_SECRET: 'p'.repeat(40),
      PAYMENTS_PROVIDER: 'test',
      DELIVEROO_WEBHOOK_SECRET: 'a-real-deliveroo-secret',
      // Production takes the webhook secret only with the Order API's credentials (sync status).
      DELIVEROO_CLIENT_ID: 'a-real-deliveroo-client',
      DELIVEROO_CLIENT_SECRET: 'a-real-deliveroo-client-secret',
    });
    const unset = await createTestApp({
      NODE_ENV: 'production',
      PROVIDER_ABN: '51 824 753 556',
      DEMO: 'false',
      APP_SECRET: 'p'.repeat(40),
      PAYMENTS_PROVIDER: 'test',
    });
    try {
      const deliveroo = await deliver(unset.app, 'deliveroo', notification('deliveroo', anOrder()));
      expect(deliveroo.statusCode).toBe(503);
      expect(deliveroo.headers['retry-after']).toBe('30');
      expect(deliveroo.json()).toMatchObject({
        success: false,
        error: 'The Deliveroo webhook is not configured: set DELIVEROO_WEBHOOK_SECRET.',
      });
      // The demo secret means nothing in production; the configured one is checked.
      const demo = await deliver(prod.app, 'deliveroo', notification('deliveroo', anOrder()));
      expect(demo.statusCode).toBe(401);
      // No store is mapped in this empty database: past the signature, the store is unknown.
      const signed = await deliver(prod.app, 'deliveroo', notification('deliveroo', anOrder()), {
        secret: 'a-real-deliveroo-secret',
      });
      expect(signed.statusCode).toBe(422);
    } finally {
      await Promise.all([prod.close(), unset.close()]);
    }
  });
});

describe('two deliveries of the same order at once', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('store one order (PostgreSQL)', async () => {
    const order = anOrder();
    const payload = notification('deliveroo', order);
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(t.app, 'deliveroo', payload)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = answers.map((a) => a.json());
    expect(new Set(bodies.map((b) => b.order_id)).size).toBe(1);
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    const { count, lines, events } = await stored('deliveroo', order.externalId);
    expect([count, lines.length, events.length]).toEqual([1, 3, 1]);
  });
});
