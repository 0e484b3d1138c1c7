import { randomUUID } from 'node:crypto';
import { count, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeys, orderLines, orders, payments } from '../../db/schema/index.js';
import { unavailable } from '../../http/errors.js';
import {
  type AuthorizeRequest,
  type PaymentProvider,
  providerKey,
  SquareUnavailable,
} from '../../integrations/payments.js';
import { createTestApp, type TestApp, UNLIMITED_CHECKOUTS } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createLocation, createMeal, createVendor } from '../../test/factories.js';
import { CARD_OK } from '../../test/payments.js';
import { customerKey } from './checkout-idempotency.js';

/**
 * Faults around a checkout: the card provider not answering, and the order never being written
 * after the charge. Whatever happens, the customer is charged at most once and an order is either
 * whole or absent; a retry with the same Idempotency-Key finishes the job.
 */
let t: TestApp;
let customer: { token: string; id: number };
let body: object;
let real: PaymentProvider;
/** Per idempotency key: how many charge requests reached the provider, and the charges it made. */
const requests = new Map<string, number>();
const chargeIds = new Map<string, Set<string>>();

beforeAll(async () => {
  t = await createTestApp(UNLIMITED_CHECKOUTS);
  const db = t.database.db;
  const location = await createLocation(db);
  const vendor = await createVendor(db, location.id);
  const meal = await createMeal(db, vendor.id, { name: 'Pho', price: '18.00' });
  customer = await tokenFor(db, 'customer');
  body = {
    checkout: {
      kitchaco: location.id,
      order_type: 'pickup',
      lines: [{ meal_id: meal.meal.id, quantity: 1, combo_ids: [] }],
    },
    payment: CARD_OK,
  };
  real = t.app.appContext.adapters.payments;
});
afterAll(() => t.close());
beforeEach(() => {
  t.app.appContext.adapters.payments = real;
});

/**
 * A provider that authorises through the real one, then loses the answer `failures` times. Keyed
 * by the provider key, which is derived from ours (`ours` maps it back).
 */
function lossyProvider(failures: number): PaymentProvider {
  let left = failures;
  return {
    ...real,
    async authorize(request: AuthorizeRequest) {
      const result = await real.authorize(request);
      const key = request.idempotencyKey;
      requests.set(key, (requests.get(key) ?? 0) + 1);
      if (result.kind === 'authorized')
        chargeIds.set(key, (chargeIds.get(key) ?? new Set()).add(result.payment.id));
      if (left > 0) {
        left--;
        throw new SquareUnavailable('ETIMEDOUT: the card provider did not answer');
      }
      return result;
    },
  };
}

/** A checkout key as stored: within its customer (checkout-idempotency.ts). */
const stored = (key: string) => customerKey(customer.id, key);

/** The provider's key of one of our checkout keys (what lossyProvider counts by). */
const ours = (key: string) => providerKey('pay', `order:${customer.id}`, stored(key));

const place = (key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/orders/',
    headers: { authorization: `Token ${customer.token}`, 'idempotency-key': key },
    payload: body,
  });

async function rows(key: string) {
  const db = t.database.db;
  const [o] = await db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.idempotencyKey, stored(key)));
  const [p] = await db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.idempotencyKey, stored(key)));
  return { orders: o!.n, payments: p!.n };
}

/** A trigger `name` on `table` that fails every insert while `when` holds (drop it after). */
async function faultTrigger(name: string, table: string, when: SQL) {
  const db = t.database.db;
  await db.execute(sql`
    CREATE OR REPLACE FUNCTION ${sql.identifier(name)}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF ${when} THEN
        RAISE EXCEPTION 'simulated fault in the middle of the checkout';
      END IF;
      RETURN NEW;
    END $$`);
  await db.execute(
    sql`CREATE TRIGGER ${sql.identifier(name)} BEFORE INSERT ON ${sql.identifier(table)} FOR EACH ROW EXECUTE FUNCTION ${sql.identifier(name)}()`,
  );
}

describe('checkout faults', () => {
  it('card provider times out after charging: 503, then the retry makes one order from the one charge', async () => {
    t.app.appContext.adapters.payments = lossyProvider(1);
    const key = randomUUID();
    const first = await place(key);
    expect(first.statusCode).toBe(503);
    expect(first.json().error).toMatch(/never charged twice/);
    expect(await rows(key)).toEqual({ orders: 0, payments: 0 });

    const retry = await place(key);
    expect(retry.statusCode).toBe(200);
    expect(await rows(key)).toEqual({ orders: 1, payments: 1 });
    // The provider saw two requests with the same key and made one charge, the one we recorded.
    expect(requests.get(ours(key))).toBe(2);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, stored(key)));
    expect([...(chargeIds.get(ours(key)) ?? [])]).toEqual([payment!.providerPaymentId]);
    expect(payment!.status).toBe('COMPLETED');
    // A third try replays the stored answer.
    const again = await place(key);
    expect(again.json().order.id).toBe(retry.json().order.id);
  });

  it('the order is never half written: a failure inside its transaction leaves nothing and releases the authorisation', async () => {
    t.app.appContext.adapters.payments = lossyProvider(0);
    const db = t.database.db;
    // Break the last write of the order transaction (its status event) for one attempt.
    await db.execute(sql`CREATE TABLE IF NOT EXISTS fault_switch (on_ boolean)`);
    await db.execute(sql`INSERT INTO fault_switch VALUES (true)`);
    await faultTrigger(
      'fail_once',
      'order_status_events',
      sql`EXISTS (SELECT 1 FROM fault_switch WHERE on_)`,
    );
    const ordersBefore = (await db.select({ n: count() }).from(orders))[0]!.n;
    const linesBefore = (await db.select({ n: count() }).from(orderLines))[0]!.n;
    try {
      const key = randomUUID();
      const first = await place(key);
      expect(first.statusCode).toBeGreaterThanOrEqual(500);
      expect((await db.select({ n: count() }).from(orders))[0]!.n).toBe(ordersBefore);
      expect((await db.select({ n: count() }).from(orderLines))[0]!.n).toBe(linesBefore);
      // Nothing of it is written but the key's claim (without an answer), and the authorisation
      // is cancelled at the provider: the customer is not charged.
      expect(await rows(key)).toEqual({ orders: 0, payments: 0 });
      const [claim] = await db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, stored(key)));
      expect(claim?.responseStatus).toBeNull();
      const [authorised] = [...(chargeIds.get(ours(key)) ?? [])];
      expect((await real.getPayment(authorised!))?.status).toBe('CANCELED');

      await db.execute(sql`UPDATE fault_switch SET on_ = false`);
      // The same request again finds its payment released (its card token is spent): it says so,
      // and nothing is charged; paying again (a new token, a new key) orders.
      const retry = await place(key);
      expect(retry.statusCode).toBe(409);
      expect(retry.json().error).toMatch(/nothing was charged/i);
      expect(await rows(key)).toEqual({ orders: 0, payments: 0 });
      const fresh = randomUUID();
      const paid = await place(fresh);
      expect(paid.statusCode).toBe(200);
      expect(await rows(fresh)).toEqual({ orders: 1, payments: 1 });
      expect(paid.json().order.lines).toHaveLength(1);
    } finally {
      await db.execute(sql`DROP TRIGGER fail_once ON order_status_events`);
    }
  });

  it('many checkouts at once share statements, and one that cannot be written fails alone', async () => {
    const db = t.database.db;
    // Refuse one customer's orders inside the statement, as a fault would.
    const victim = await tokenFor(db, 'customer');
    await faultTrigger('refuse_victim', 'orders', sql.raw(`NEW.customer_id = ${victim.id}`));
    try {
      const ordersBefore = (await db.select({ n: count() }).from(orders))[0]!.n;
      const callers = Array.from({ length: 24 }, (_, i) => (i === 11 ? victim : customer));
      const answers = await Promise.all(
        callers.map((who) =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/orders/',
            headers: { authorization: `Token ${who.token}`, 'idempotency-key': randomUUID() },
            payload: body,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode >= 500)).toEqual(callers.map((who) => who === victim));
      expect((await db.select({ n: count() }).from(orders))[0]!.n).toBe(ordersBefore + 23);
      const ids = answers.filter((a) => a.statusCode === 200).map((a) => a.json().order.id);
      expect(new Set(ids).size).toBe(23);
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_victim ON orders`);
    }
  });

  it('a server killed between the charge and the write leaves nothing; the retry orders at once from the same charge', async () => {
    t.app.appContext.adapters.payments = lossyProvider(0);
    const db = t.database.db;
    const key = randomUUID();
    const first = await place(key);
    expect(first.statusCode).toBe(200);
    const charged = first.json().payment.receipt_number as string;
    // As if the process died after the provider charged and before the one statement ran.
    await db.delete(payments).where(eq(payments.idempotencyKey, stored(key)));
    await db.delete(orders).where(eq(orders.idempotencyKey, stored(key)));
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, stored(key)));

    const retry = await place(key);
    expect(retry.statusCode).toBe(200);
    expect(await rows(key)).toEqual({ orders: 1, payments: 1 });
    expect(retry.json().payment.receipt_number).toBe(charged);
    expect(chargeIds.get(ours(key))?.size).toBe(1);
  });

  it('a key claimed and never answered is finished by the same request only', async () => {
    const db = t.database.db;
    const key = randomUUID();
    const first = await place(key);
    expect(first.statusCode).toBe(200);
    await db.delete(payments).where(eq(payments.idempotencyKey, stored(key)));
    await db.delete(orders).where(eq(orders.idempotencyKey, stored(key)));
    await db
      .update(idempotencyKeys)
      .set({ responseStatus: null, responseBody: null })
      .where(eq(idempotencyKeys.key, stored(key)));

    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/',
      headers: { authorization: `Token ${customer.token}`, 'idempotency-key': key },
      payload: { ...body, payment: { source_id: 'cnon:card-nonce-ok', verification_token: 'other' } },
    });
    expect(other.statusCode).toBe(422);
    const retry = await place(key);
    expect(retry.statusCode).toBe(200);
    expect(await rows(key)).toEqual({ orders: 1, payments: 1 });
  });

  it("a passing failure while pricing (503) is not kept as the key's answer: the retry orders", async () => {
    const catalog = t.app.appContext.catalog;
    const real = catalog.valuesById;
    catalog.valuesById = (() =>
      Promise.reject(unavailable('The menu cannot be read just now.'))) as typeof real;
    const key = randomUUID();
    try {
      const first = await place(key);
      expect(first.statusCode).toBe(503);
      expect(first.json()).toMatchObject({ success: false, error: 'The menu cannot be read just now.' });
    } finally {
      catalog.valuesById = real;
    }
    // The key is bound to the request (no answer kept), so the same request tries again.
    const [claim] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, stored(key)));
    expect(claim?.responseStatus).toBeNull();
    const retry = await place(key);
    expect(retry.statusCode).toBe(200);
    expect(await rows(key)).toEqual({ orders: 1, payments: 1 });
  });
});
