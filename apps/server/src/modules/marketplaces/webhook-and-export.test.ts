import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.js';
import { audMoney, type FakeUberEats, startFakeUberEats } from '../../fakes/uber-eats.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { mappedStore } from '../../test/marketplaces.js';
import { processInbox } from './inbox.service.js';

/**
 * An Uber Eats order may reach the ledger twice: by webhook (the inbox, then Uber's API) and in
 * the Payment Details report a super admin imports later, or the other way round, each any number
 * of times. Whatever the order of arrival, each order is stored once.
 */
let t: TestApp;
let uber: FakeUberEats;
let admin: string;
const STORE = 'ue-store-burger';
const HEADING =
  'Store ID,Order ID,Order Date,Order Accept Time,Order Status,Sales (incl. GST),Marketplace Fee';

beforeAll(async () => {
  uber = await startFakeUberEats();
  // No timeouts tested here: a generous limit, so a loaded machine never takes a slow answer for one.
  t = await createTestApp(uber.settings(2000));
  const db = t.database.db;
  await mappedStore(db, 'uber_eats', STORE, 'Burger Barn', [{ name: 'Fries', price: '5.00' }]);
  admin = (await tokenFor(db, 'super_admin')).token;
});
afterAll(async () => {
  await t.close();
  await uber.close();
});

/** An order Uber knows (the fake answers Get Order Details for it): one fries, $5.00. */
function uberKnows(id: string) {
  uber.orders.set(id, {
    id,
    display_id: id.slice(-5).toUpperCase(),
    current_state: 'CREATED',
    type: 'DELIVERY_BY_UBER',
    brand: 'UBER_EATS',
    store: { id: STORE, name: 'Burger Barn Reservoir' },
    eater: { first_name: 'Maya', phone: '+61 2 8000 0000' },
    cart: {
      items: [
        {
          id: 'fries',
          title: 'Fries',
          quantity: 1,
          price: { unit_price: audMoney(500), total_price: audMoney(500) },
        },
      ],
    },
    payment: { charges: { total: audMoney(500), sub_total: audMoney(500), tax: audMoney(45) } },
    placed_at: '2026-11-18T12:30:00+11:00',
  } as never);
}

/** Uber's notification of an order, signed as Uber signs it, then the inbox worked through. */
async function byWebhook(id: string) {
  const raw = JSON.stringify(uber.event('orders.notification', id, STORE));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/marketplaces/uber-eats/webhook/',
    headers: { 'content-type': 'application/json', 'x-uber-signature': uber.sign(raw) },
    payload: raw,
  });
  expect(res.statusCode).toBe(200);
  await processInbox(t.app.appContext);
}

/** The Payment Details report with these orders, imported by a super admin. */
async function byExport(ids: string[]) {
  const csv = [HEADING, ...ids.map((id) => `${STORE},${id},18/11/2026,12:30,Completed,5.00,1.50`)].join(
    '\r\n',
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    headers: { authorization: `Token ${admin}` },
    payload: { query_type: 'marketplace_import_commit', platform: 'uber_eats', csv },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function storedCount(id: string) {
  const rows = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.channel, 'uber_eats'), eq(orders.externalId, id)));
  return rows.length;
}

let run = 0;

describe('an Uber Eats order by webhook and by export', () => {
  it('an export skips an order that already came by webhook', async () => {
    const id = 'a0000000-0000-4000-8000-000000000001';
    uberKnows(id);
    await byWebhook(id);
    await byExport([id, 'a0000000-0000-4000-8000-000000000002']);
    expect(await storedCount(id)).toBe(1);
    expect(await storedCount('a0000000-0000-4000-8000-000000000002')).toBe(1);
  });

  it('in any order and any number of times, gives each order once', async () => {
    const step = fc.record({
      via: fc.constantFrom('webhook' as const, 'export' as const),
      orders: fc.subarray([0, 1, 2], { minLength: 1 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        run++;
        const ids = [0, 1, 2].map((i) => `b${String(run).padStart(7, '0')}-0000-4000-8000-00000000000${i}`);
        for (const id of ids) uberKnows(id);
        const seen = new Set<number>();
        for (const s of steps) {
          if (s.via === 'export') await byExport(s.orders.map((i) => ids[i]!));
          else for (const i of s.orders) await byWebhook(ids[i]!);
          for (const i of s.orders) seen.add(i);
        }
        for (const [i, id] of ids.entries()) {
          expect(await storedCount(id)).toBe(seen.has(i) ? 1 : 0);
        }
      }),
      { numRuns: 12 },
    );
  });
});
