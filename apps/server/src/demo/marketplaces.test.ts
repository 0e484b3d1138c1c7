import { createHmac } from 'node:crypto';
import { DOORDASH_SAMPLE_ORDER } from '@kitchaco/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DOORDASH } from '../config.js';
import { marketplaceInbox, marketplaceStores, orderLines, orders } from '../db/schema/index.js';
import { signatureHeaders } from '../integrations/marketplace-signatures.js';
import { processInbox } from '../modules/marketplaces/inbox.service.js';
import { createTestApp, secondInstance, type TestApp } from '../test/app.js';
import { DEMO_DELIVEROO_SECRET, mappedStore, notification } from '../test/marketplaces.js';
import { DEMO_UBER_STORE, startDemoMarketplaces } from './marketplaces.js';

/**
 * The demo (`npm start`) with the demo credentials: Uber Eats', DoorDash's and Deliveroo's webhooks
 * complete end to end against the stand-ins of their APIs, as docs/marketplaces.md's "Try it locally" shows.
 */
let t: TestApp;
let demo: Awaited<ReturnType<typeof startDemoMarketplaces>>;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const { locationId, vendorId } = await mappedStore(db, 'uber_eats', DEMO_UBER_STORE, 'Burger Barn', [
    { name: 'Classic Burger', price: '14.50' },
    { name: 'Fries', price: '5.00' },
  ]);
  await db.insert(marketplaceStores).values([
    { channel: 'doordash', storeId: 'abc12345', locationId, vendorId, name: 'Burger Barn' },
    { channel: 'deliveroo', storeId: 'dr-1-1', locationId, vendorId, name: 'Burger Barn' },
  ]);
  demo = await startDemoMarketplaces(t.app.appContext.config, db, () => t.clock.now());
  app = await secondInstance(t, { config: demo.config });
});
afterAll(async () => {
  await app.close();
  await demo.stop();
  await t.close();
});

const ctx = () => app.appContext;

async function stored(channel: 'uber_eats' | 'doordash', externalId: string) {
  const db = t.database.db;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.channel, channel), eq(orders.externalId, externalId)));
  const lines = order ? await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)) : [];
  return { order, lines };
}

describe("the demo's marketplace stand-ins", () => {
  it('are used only with the demo credentials, and point the adapters at themselves', () => {
    expect(demo.config.uberEats?.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(demo.config.doordash?.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(demo.config.deliveroo?.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(demo.config.deliveroo?.authUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth2\/token$/);
    expect(demo.notes).toHaveLength(3);
  });

  it("take Uber's documented sample notification to a stored and accepted order", async () => {
    const orderId = '153dd7f1-339d-4619-940c-418943c14636';
    const body = JSON.stringify({
      event_type: 'orders.notification',
      event_id: 'c4d2261e-2779-4eb6-beb0-cb41235c751e',
      event_time: 1427343990,
      meta: { resource_id: orderId, status: 'pos', user_id: DEMO_UBER_STORE },
      resource_href: `https://api.uber.com/v2/eats/order/${orderId}`,
    });
    const secret = demo.config.uberEats!.clientSecret;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/marketplaces/uber-eats/webhook/',
      headers: {
        'content-type': 'application/json',
        'x-uber-signature': createHmac('sha256', secret).update(body).digest('hex'),
      },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    await processInbox(ctx());
    const { order, lines } = await stored('uber_eats', orderId);
    expect(order).toMatchObject({ status: 'Cooking', total: '19.50' });
    expect(lines.map((l) => l.mealName).sort()).toEqual(['Classic Burger', 'Fries']);
  });

  it("take DoorDash's documented sample order (its item one of ours) to a stored and confirmed order", async () => {
    const order = JSON.parse(JSON.stringify(DOORDASH_SAMPLE_ORDER)) as typeof DOORDASH_SAMPLE_ORDER;
    order.categories[0]!.items[0]!.name = 'Classic Burger';
    order.categories[0]!.items[0]!.price = 1450;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/marketplaces/doordash/webhook/',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${DEMO_DOORDASH.webhookToken}` },
      payload: { event: { type: 'OrderCreate', status: 'NEW' }, order },
    });
    expect(res.statusCode).toBe(200);
    await processInbox(ctx());
    expect((await stored('doordash', DOORDASH_SAMPLE_ORDER.id)).order).toBeDefined();
    const rows = await t.database.db
      .select()
      .from(marketplaceInbox)
      .where(eq(marketplaceInbox.channel, 'doordash'));
    expect(rows.map((r) => [r.status, r.lastError])).toEqual([['processed', null]]);
  });

  it('take an accepted Deliveroo order to a stored order and its sync status at the stand-in', async () => {
    const body = JSON.stringify(
      notification('deliveroo', {
        externalId: 'gb:demo-1234abcd',
        storeId: 'dr-1-1',
        items: [{ name: 'Classic Burger', quantity: 1, cents: 1450 }],
      }),
    ).replace('"status":"placed"', '"status":"accepted"');
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/marketplaces/deliveroo/webhook/',
      headers: {
        'content-type': 'application/json',
        ...signatureHeaders('deliveroo', DEMO_DELIVEROO_SECRET, body),
      },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    await processInbox(ctx());
    const rows = await t.database.db
      .select()
      .from(marketplaceInbox)
      .where(eq(marketplaceInbox.channel, 'deliveroo'));
    expect(rows.map((r) => [r.status, r.outcome, r.lastError])).toEqual([
      ['processed', 'sync status succeeded sent', null],
    ]);
  });
});
