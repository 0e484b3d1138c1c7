import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages, outbox, payments } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { tokenFor } from '../test/auth.js';
import { createLocation, createMeal, createStaff, createVendor, TEST_PASSWORD } from '../test/factories.js';
import { deliver, notification } from '../test/marketplaces.js';
import { CARD_OK } from '../test/payments.js';

/**
 * Input an attacker sends to crash or tire the server: bodies of megabytes before anyone is known,
 * text PostgreSQL cannot store, ids past PostgreSQL's integer, made-up client addresses. Each is
 * refused with a clear 4xx naming the field, before anything is written or charged.
 */
const ADMIN_DATA = '/api/v1/admin-data/';
const MB = 1024 * 1024;

let t: TestApp;
let superAdmin: { token: string; email: string };
let stockUser: { token: string };
let customer: { token: string; id: number };
let locationId: number;
let mealId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const location = await createLocation(db);
  locationId = location.id;
  const vendor = await createVendor(db, location.id);
  mealId = (await createMeal(db, vendor.id, { name: 'Pad Thai', price: '18.00' })).meal.id;
  const admin = await createStaff(db, 'super_admin');
  superAdmin = { token: (await tokenFor(db, 'super_admin')).token, email: admin.email };
  stockUser = await tokenFor(db, 'stock_user', location.id);
  customer = await tokenFor(db, 'customer');
});
afterAll(() => t.close());

const post = (payload: string | object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: ADMIN_DATA,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const bigImage = (bytes: number) => `data:image/png;base64,${'A'.repeat(bytes)}`;

describe('large bodies', () => {
  it('refuses a large body from a caller nobody knows before parsing it', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      // Deeply nested arrays: a parse of this would hold the event loop for seconds.
      const junk = `${'['.repeat(3 * MB)}${']'.repeat(3 * MB)}`;
      // A call with room for an upload, without credentials: sign in first.
      const upload = await post(`{"query_type":"update_menu","junk":${junk}}`);
      expect(upload.statusCode).toBe(401);
      // Any other call, or none named: too large for anyone.
      for (const body of [`{"query_type":"kitchaco_locations","junk":${junk}}`, `{"junk":${junk}}`]) {
        const res = await post(body);
        expect(res.statusCode).toBe(413);
        expect(res.json()).toMatchObject({ success: false, code: 'too_large' });
      }
      const parsedLarge = parse.mock.calls.filter(([text]) => String(text).length > 10_000);
      expect(parsedLarge).toEqual([]);
    } finally {
      parse.mockRestore();
    }
  });

  it('refuses more than 64 KiB on a call that declares no room for it, whoever asks', async () => {
    const padding = 'x'.repeat(100 * 1024);
    for (const headers of [{}, { authorization: `Token ${superAdmin.token}` }] as Record<string, string>[]) {
      const res = await post({ query_type: 'kitchaco_locations', padding }, headers);
      expect(res.statusCode).toBe(413);
    }
  });

  it('reads an image upload once the caller is known to be allowed the call', async () => {
    const menuItem = { id: mealId, meal_name: 'Pad Thai', meal_price: 18, meal_status: 'Enabled' };
    // A super admin by token: the call is reached (the fake image is then refused as an image).
    const byToken = await post(
      { query_type: 'update_menu', menu_item: menuItem, image: bigImage(MB) },
      { authorization: `Token ${superAdmin.token}` },
    );
    expect(byToken.statusCode).not.toBe(413);
    expect(byToken.statusCode).not.toBe(401);
    // By email and password in the body, as existing clients send them.
    const byPassword = await post({
      email: superAdmin.email,
      password: TEST_PASSWORD,
      query_type: 'update_menu',
      menu_item: menuItem,
      image: bigImage(MB),
    });
    expect(byPassword.statusCode).toBe(byToken.statusCode);
    // A wrong password: 401; a stock user (not allowed menus): 403. Neither body is parsed.
    const wrong = await post({
      email: superAdmin.email,
      password: 'not the password',
      query_type: 'update_menu',
      image: bigImage(MB),
    });
    expect(wrong.statusCode).toBe(401);
    const notAllowed = await post(
      { query_type: 'update_menu', image: bigImage(MB) },
      { authorization: `Token ${stockUser.token}` },
    );
    expect(notAllowed.statusCode).toBe(403);
  });
});

const NUL = '\u0000';
const LONE = '\ud800';

describe('text the database cannot store', () => {
  it('is refused with 400 naming the field on every kind of call, and nothing is kept', async () => {
    const before = await t.database.db.select({ n: count() }).from(contactMessages);
    const cases: {
      name: string;
      res: Promise<{ statusCode: number; json(): { field?: string } }>;
      field: string;
    }[] = [
      {
        name: 'contact form',
        field: 'name',
        res: t.app.inject({
          method: 'POST',
          url: '/api/v1/contact/',
          payload: { name: `Jo${NUL}`, phone: '0412345678', email: 'jo@example.test', message: 'hi' },
        }),
      },
      {
        name: 'promo code on a quote',
        field: 'promo_code',
        res: t.app.inject({
          method: 'POST',
          url: '/api/v1/orders/quote/',
          payload: {
            kitchaco: locationId,
            order_type: 'pickup',
            promo_code: `WELCOME${NUL}`,
            lines: [{ meal_id: mealId, quantity: 1 }],
          },
        }),
      },
      {
        name: 'profile',
        field: 'username',
        res: t.app.inject({
          method: 'PUT',
          url: `/api/v1/customers/${customer.id}/`,
          headers: { authorization: `Token ${customer.token}` },
          payload: { username: `Jo${LONE}`, email: 'jo@example.test' },
        }),
      },
      {
        name: 'meal name',
        field: 'menu_item.meal_name',
        res: post(
          {
            query_type: 'update_menu',
            menu_item: { id: mealId, meal_name: `Pad${NUL}Thai`, meal_price: 18, meal_status: 'Enabled' },
          },
          { authorization: `Token ${superAdmin.token}` },
        ),
      },
      {
        name: 'store name',
        field: 'store_name',
        res: post(
          { query_type: 'save_marketplace_store', platform: 'uber_eats', store_name: `Store${NUL}` },
          { authorization: `Token ${superAdmin.token}` },
        ),
      },
      {
        name: 'a search in the query string',
        field: 'query.kitchaco',
        res: t.app.inject({ method: 'GET', url: '/api/v1/vendors/?kitchaco=1%00' }),
      },
    ];
    for (const c of cases) {
      const res = await c.res;
      expect(res.statusCode, c.name).toBe(400);
      expect(res.json().field, c.name).toBe(c.field);
    }
    const after = await t.database.db.select({ n: count() }).from(contactMessages);
    expect(after).toEqual(before);
  });

  it('refuses a checkout with NUL in a special request before the card is charged', async () => {
    const [paymentsBefore] = await t.database.db.select({ n: count() }).from(payments);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/',
      headers: { authorization: `Token ${customer.token}`, 'idempotency-key': 'nul-in-special-request' },
      payload: {
        checkout: {
          kitchaco: locationId,
          order_type: 'pickup',
          lines: [{ meal_id: mealId, quantity: 1, special_request: `no chilli${NUL}` }],
        },
        payment: CARD_OK,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('checkout.lines.0.special_request');
    const [paymentsAfter] = await t.database.db.select({ n: count() }).from(payments);
    expect(paymentsAfter).toEqual(paymentsBefore);
  });

  // A webhook's body is read from its signed bytes, where such text can only be an escape: the
  // walk that finds its field runs only when one is there, and still finds it deep in a large body.
  it('refuses it deep in a large signed webhook body, naming the field; an emoji is not such text', async () => {
    const order = (note: string) => ({
      externalId: `dd-hostile-${note.length}`,
      storeId: 'dd-hostile-store',
      items: Array.from({ length: 600 }, (_, i) => ({
        name: 'Burrito Scram-Bowl',
        quantity: 1,
        cents: 1950,
        note: i === 599 ? note : `Box ${i + 1}: no onion, sauce on the side`,
      })),
    });
    const escaped = (value: object) =>
      JSON.stringify(value).replace(/[\u{10000}-\u{10ffff}]/gu, (c) =>
        c
          .split('')
          .map((u) => `\\u${u.charCodeAt(0).toString(16)}`)
          .join(''),
      );
    for (const [note, field] of [
      [`no onion${NUL}`, 'NUL'],
      [`no onion${LONE}`, 'a lone surrogate'],
    ] as const) {
      const body = JSON.stringify(notification('doordash', order(note)));
      expect(body.length, field).toBeGreaterThan(64 * 1024);
      const res = await deliver(t.app, 'doordash', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field, field).toMatch(/^order\.categories\.\d+\.items\.\d+\.special_instructions$/);
    }
    // The same order with a face written as its surrogate pair's escapes is taken (DoorDash is not
    // configured here: the answer is the webhook's 503 or its receipt, never a 400 for the text).
    const emoji = await deliver(t.app, 'doordash', escaped(notification('doordash', order('no onion 😀'))));
    expect(emoji.statusCode, emoji.body).not.toBe(400);
  });
});

describe('numbers past what the database keeps', () => {
  const huge = [2 ** 31, 2 ** 53, 1e20];
  type Answer = Awaited<ReturnType<typeof post>>;
  const calls = (id: number): { name: string; send: () => Promise<Answer> }[] => [
    { name: 'vendor menu', send: () => t.app.inject({ method: 'GET', url: `/api/v1/vendors/${id}/menu/` }) },
    {
      name: 'profile',
      send: () =>
        t.app.inject({
          method: 'GET',
          url: `/api/v1/customers/${id}/`,
          headers: { authorization: `Token ${customer.token}` },
        }),
    },
    {
      name: 'quote',
      send: () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/orders/quote/',
          payload: { kitchaco: id, order_type: 'pickup', lines: [{ meal_id: id, quantity: 1 }] },
        }),
    },
    {
      name: 'get_specific_menu_item',
      send: () =>
        post(
          { query_type: 'get_specific_menu_item', meal_id: id },
          { authorization: `Token ${superAdmin.token}` },
        ),
    },
    {
      name: 'orders_data',
      send: () =>
        post(
          {
            query_type: 'orders_data',
            kitchaco_location: id,
            start_date: '01 Nov 2026',
            end_date: '14 Nov 2026',
          },
          { authorization: `Token ${superAdmin.token}` },
        ),
    },
    {
      name: 'update_order_status',
      send: () =>
        post(
          { query_type: 'update_order_status', order_id: id, status: 'Cooking' },
          { authorization: `Token ${superAdmin.token}` },
        ),
    },
    {
      name: 'get_user_specific_order',
      send: () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/stock-order-list/',
          headers: { authorization: `Token ${stockUser.token}` },
          payload: { query_type: 'get_user_specific_order', orderId: id },
        }),
    },
  ];

  it('refuses ids of 2^31 and above with 400, never 500', async () => {
    for (const id of huge) {
      for (const call of calls(id)) {
        const res = await call.send();
        expect(res.statusCode, `${call.name} with ${id}`).toBe(400);
      }
    }
  });

  it('refuses 1e309 (Infinity once parsed) and -0 where an id belongs', async () => {
    for (const raw of ['1e309', '-0']) {
      const res = await post(`{"query_type":"get_specific_menu_item","meal_id":${raw}}`, {
        authorization: `Token ${superAdmin.token}`,
      });
      expect(res.statusCode, raw).toBe(400);
    }
  });
});

describe('client addresses behind a proxy', () => {
  let proxied: TestApp;
  afterAll(() => proxied?.close());

  for (const setting of ['true', '1', '10.0.0.5', '10.0.0.0/8']) {
    it(`with TRUST_PROXY=${setting}, a made-up X-Forwarded-For does not escape the per-address limits`, async () => {
      await proxied?.close();
      proxied = await createTestApp({ TRUST_PROXY: setting });
      const sends = [];
      for (let i = 0; i < 40; i++) {
        sends.push(
          await proxied.app.inject({
            method: 'POST',
            url: '/api/v1/send-sms/',
            payload: { phone: `+6141300${String(i).padStart(4, '0')}` },
            remoteAddress: '10.0.0.5',
            // The client wrote the first address; the proxy appended the one it saw.
            headers: { 'x-forwarded-for': `6.6.6.${i}, 203.0.113.9` },
          }),
        );
      }
      expect(sends.filter((r) => r.statusCode === 200)).toHaveLength(5);
      const contact = [];
      for (let i = 0; i < 20; i++) {
        contact.push(
          await proxied.app.inject({
            method: 'POST',
            url: '/api/v1/contact/',
            payload: { name: 'Spam', phone: '0412345678', email: 'spam@example.test', message: `#${i}` },
            remoteAddress: '10.0.0.5',
            headers: { 'x-forwarded-for': `6.6.6.${i}, 203.0.113.9` },
          }),
        );
      }
      expect(contact.filter((r) => r.statusCode === 200)).toHaveLength(5);
    });
  }

  it('believes no X-Forwarded-For from a peer that is not a configured proxy', async () => {
    await proxied?.close();
    proxied = await createTestApp({ TRUST_PROXY: '10.0.0.5' });
    const statuses = [];
    for (let i = 0; i < 8; i++) {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/send-sms/',
        payload: { phone: `+6141400${String(i).padStart(4, '0')}` },
        remoteAddress: '198.51.100.20',
        headers: { 'x-forwarded-for': `6.6.6.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    const [queued] = await proxied.database.db.select({ n: count() }).from(outbox);
    expect(queued?.n).toBe(5);
  });
});
