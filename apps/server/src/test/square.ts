import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client.js';
import { type FakeSquare, startFakeSquare } from '../fakes/square.js';
import { createTestApp, type TestApp, UNLIMITED_CHECKOUTS } from './app.js';
import { tokenFor } from './auth.js';
import { createLocation, createMeal, createVendor } from './factories.js';
import { CARD_OK } from './payments.js';

/** The notification URL as registered with Square (what Square signs with each body). */
export const WEBHOOK_URL = 'https://orders.example/api/v1/square/webhook/';
/** The pickup location's own Square location (the fake's second one). */
export const LOCATION_SQUARE_ID = 'LSQ2PICKUP0001';

export interface SquareTest {
  t: TestApp;
  fake: FakeSquare;
  db: Db;
  customer: { token: string; id: number };
  admin: { token: string; id: number };
  location: { id: number };
  meal: { id: number; vendorId: number };
  /** A checkout of `quantity` of the meal (an $18.00 meal: $18.00 each). */
  cart(quantity?: number): object;
  place(key?: string, body?: object): Promise<LightMyRequestResponse>;
  /** Posts an event to our webhook, signed by the fake as Square signs it (or with `signature`). */
  deliver(event: object, signature?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The real app with PAYMENTS_PROVIDER=square on a fake of Square's API (src/fakes/square.ts),
 * sharing the app's clock; short timeouts, and orphans settled at once unless `env` says otherwise.
 */
export async function createSquareTest(env: Record<string, string> = {}): Promise<SquareTest> {
  const fake = await startFakeSquare({ locations: ['L88917AVBK2S5', LOCATION_SQUARE_ID] });
  const t = await createTestApp({
    ...UNLIMITED_CHECKOUTS,
    PAYMENTS_PROVIDER: 'square',
    SQUARE_ENVIRONMENT: 'sandbox',
    SQUARE_ACCESS_TOKEN: fake.accessToken,
    SQUARE_APPLICATION_ID: 'sandbox-sq0idb-kitchaco-test',
    SQUARE_LOCATION_ID: fake.mainLocationId,
    SQUARE_BASE_URL: fake.url,
    SQUARE_WEBHOOK_SIGNATURE_KEY: fake.webhookSignatureKey,
    SQUARE_WEBHOOK_URL: WEBHOOK_URL,
    SQUARE_TIMEOUT_MS: '1500',
    PAYMENTS_ORPHAN_GRACE_MINUTES: '0',
    ...env,
  });
  fake.now = () => t.clock.now();
  const db = t.database.db;
  const location = await createLocation(db, { squareLocationId: LOCATION_SQUARE_ID });
  const vendor = await createVendor(db, location.id);
  const { meal } = await createMeal(db, vendor.id, { name: 'Laksa', price: '18.00' });
  const customer = await tokenFor(db, 'customer');
  const admin = await tokenFor(db, 'super_admin');
  const cart = (quantity = 1) => ({
    kitchaco: location.id,
    order_type: 'pickup',
    lines: [{ meal_id: meal.id, quantity, combo_ids: [] }],
  });
  return {
    t,
    fake,
    db,
    customer,
    admin,
    location,
    meal: { id: meal.id, vendorId: vendor.id },
    cart,
    place: (key = randomUUID(), body = { checkout: cart(), payment: CARD_OK }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/orders/',
        headers: { authorization: `Token ${customer.token}`, 'idempotency-key': key },
        payload: body,
      }),
    deliver: (event, signature) => {
      const raw = JSON.stringify(event);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/square/webhook/',
        headers: {
          'content-type': 'application/json',
          'x-square-hmacsha256-signature': signature ?? fake.sign(WEBHOOK_URL, raw),
        },
        payload: raw,
      });
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
