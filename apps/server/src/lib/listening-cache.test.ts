import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestApp, secondInstance, type TestApp } from '../test/app.js';
import { tokenFor } from '../test/auth.js';
import { createLocation, createMeal, createVendor } from '../test/factories.js';
import { ListeningCache } from './listening-cache.js';

const silent = { debug() {} } as never;

/** A database whose LISTEN connection the test drops and restores. */
function fakeDatabase() {
  let onConnection: (connected: boolean) => void = () => {};
  let onPayload: (payload: string) => void = () => {};
  const database = {
    listen: async (_channel: string, payload: (p: string) => void, connection?: (c: boolean) => void) => {
      onPayload = payload;
      onConnection = connection ?? (() => {});
      return async () => {};
    },
  } as unknown as Database;
  return { database, announce: () => onPayload('changed'), connection: (c: boolean) => onConnection(c) };
}

describe('listening cache', () => {
  it('keeps a value until a change is announced', async () => {
    const db = fakeDatabase();
    const cache = new ListeningCache<number>(db.database, 'c', silent, { maxAgeMs: 60_000, maxEntries: 10 });
    await cache.start();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    db.announce();
    expect(await cache.get('a', load)).toBe(2);
  });

  it('keeps nothing before it listens, and nothing while its connection is lost', async () => {
    const db = fakeDatabase();
    const cache = new ListeningCache<number>(db.database, 'c', silent, { maxAgeMs: 60_000, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(2);
    await cache.start();
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(3);
    // Lost: what was kept may have changed unannounced, and nothing new is kept.
    db.connection(false);
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(5);
    db.connection(true);
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(6);
  });

  it('does not keep a value loaded while a change landed', async () => {
    const db = fakeDatabase();
    const cache = new ListeningCache<string>(db.database, 'c', silent, { maxAgeMs: 60_000, maxEntries: 10 });
    await cache.start();
    await cache.get('a', async () => {
      db.announce();
      return 'read before the change committed';
    });
    expect(await cache.get('a', async () => 'fresh')).toBe('fresh');
  });

  it('serves an entry no longer than its maximum age, and holds at most its maximum entries', async () => {
    const db = fakeDatabase();
    let now = 0;
    const cache = new ListeningCache<string>(db.database, 'c', silent, {
      maxAgeMs: 1000,
      maxEntries: 2,
      now: () => now,
    });
    await cache.start();
    await cache.get('a', async () => 'a1');
    now = 999;
    expect(await cache.get('a', async () => 'a2')).toBe('a1');
    now = 1000;
    expect(await cache.get('a', async () => 'a3')).toBe('a3');
    await cache.get('b', async () => 'b');
    await cache.get('c', async () => 'c');
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('c')).toBe('c');
  });
});

describe('what instances remember, on one database', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let vendorId: number;
  let mealId: number;
  let locationId: number;

  beforeAll(async () => {
    t = await createTestApp();
    other = await secondInstance(t);
    const location = await createLocation(t.database.db);
    locationId = location.id;
    vendorId = (await createVendor(t.database.db, location.id)).id;
    mealId = (await createMeal(t.database.db, vendorId, { name: 'Remembered', price: '10.00' })).meal.id;
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const ownOrders = (app: FastifyInstance, token: string) =>
    app.inject({ url: '/api/v1/orders/', headers: { authorization: `Token ${token}` } });
  const locations = (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/',
      payload: { query_type: 'kitchaco_locations' },
      headers: { authorization: `Token ${token}` },
    });

  it('a token signed out on one instance is refused by the other', async () => {
    const { token } = await tokenFor(t.database.db, 'customer');
    expect((await ownOrders(t.app, token)).statusCode).toBe(200);
    expect((await ownOrders(other, token)).statusCode).toBe(200);
    const out = await other.inject({
      method: 'POST',
      url: '/api/v1/logout/',
      payload: {},
      headers: { authorization: `Token ${token}` },
    });
    expect(out.statusCode).toBe(200);
    // The instance that signed out forgets at once; the other when the announcement arrives.
    expect((await ownOrders(other, token)).statusCode).toBe(401);
    await expect.poll(async () => (await ownOrders(t.app, token)).statusCode, { timeout: 5000 }).toBe(401);
  });

  it('a session revoked, or a staff account disabled, in the database itself is refused', async () => {
    const customer = await tokenFor(t.database.db, 'customer');
    const staff = await tokenFor(t.database.db, 'super_admin');
    expect((await ownOrders(t.app, customer.token)).statusCode).toBe(200);
    expect((await locations(t.app, staff.token)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`UPDATE sessions SET revoked_at = now() WHERE customer_id = ${customer.id}`,
    );
    await t.database.db.execute(sql`UPDATE staff_users SET is_active = false WHERE id = ${staff.id}`);
    await expect
      .poll(async () => (await ownOrders(t.app, customer.token)).statusCode, { timeout: 5000 })
      .toBe(401);
    await expect
      .poll(async () => (await locations(t.app, staff.token)).statusCode, { timeout: 5000 })
      .toBe(401);
  });

  it('a remembered session still ends when it expires', async () => {
    const { token } = await tokenFor(t.database.db, 'customer');
    expect((await ownOrders(t.app, token)).statusCode).toBe(200);
    t.clock.advance(24 * 3_600_000 * 365 * 11);
    expect((await ownOrders(t.app, token)).statusCode).toBe(401);
    t.clock.set('2026-11-18T02:00:00Z');
  });

  it('a price changed in the database itself is the price the next quote charges', async () => {
    const quote = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/orders/quote/',
          payload: {
            kitchaco: locationId,
            order_type: 'pickup',
            lines: [{ meal_id: mealId, quantity: 1, combo_ids: [] }],
          },
        })
      ).json();
    const first = await quote();
    expect(first, JSON.stringify(first)).toMatchObject({ sub_total: 10 });
    await t.database.db.execute(sql`UPDATE meals SET price = 12.5 WHERE id = ${mealId}`);
    await expect.poll(async () => (await quote()).sub_total, { timeout: 5000 }).toBe(12.5);
    await t.database.db.execute(sql`UPDATE meals SET status = 'Disabled' WHERE id = ${mealId}`);
    await expect.poll(async () => (await quote()).field, { timeout: 5000 }).toBe('lines.0.meal_id');
  });
});
