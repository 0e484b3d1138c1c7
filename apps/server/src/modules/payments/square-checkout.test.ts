import { randomUUID } from 'node:crypto';
import { SANDBOX_TOKENS } from '@kitchaco/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, meals, orders, payments } from '../../db/schema/index.js';
import { CARD_OK } from '../../test/payments.js';
import { createSquareTest, LOCATION_SQUARE_ID, type SquareTest } from '../../test/square.js';
import { customerKey } from '../orders/checkout-idempotency.js';

/**
 * Checkout through Square's Payments API (a fake built from Square's documentation): authorise,
 * write, complete; declines, refused tokens, 401, 429, 5xx and lost answers; one key, one body, one
 * charge. Money is counted at the fake: what the customer is charged is what Square holds.
 */
let s: SquareTest;
beforeAll(async () => {
  s = await createSquareTest();
});
afterAll(() => s.close());

/** A checkout key as stored: within its customer (orders/checkout-idempotency.ts). */
const stored = (key: string) => customerKey(s.customer.id, key);
const ordersOf = async (key: string) =>
  (
    await s.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.idempotencyKey, stored(key)))
  )[0]!.n;
const createRequests = () => s.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v2/payments');
/** Payments at Square that took money or hold it (completed, or authorised and not released). */
const charged = () =>
  [...s.fake.payments.values()].filter((p) => p.status === 'COMPLETED' || p.status === 'APPROVED');

describe('paying with Square', () => {
  it('authorises the total in cents at the location, writes the order, then completes the payment', async () => {
    const key = randomUUID();
    const res = await s.place(key);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payment).toMatchObject({
      status: 'COMPLETED',
      source_type: 'CARD',
      total_money: { amount: 1800 },
    });

    const create = createRequests().at(-1)!.body as Record<string, unknown>;
    expect(create).toMatchObject({
      source_id: SANDBOX_TOKENS.ok,
      amount_money: { amount: 1800, currency: 'AUD' },
      autocomplete: false,
      location_id: LOCATION_SQUARE_ID,
    });
    expect((create.idempotency_key as string).length).toBeLessThanOrEqual(45);
    expect(create.reference_id).toMatch(/^order-/);

    const [row] = await s.db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, stored(key)));
    const atSquare = s.fake.payments.get(row!.providerPaymentId!)!;
    expect(atSquare.status).toBe('COMPLETED');
    expect(row).toMatchObject({
      provider: 'square',
      status: 'COMPLETED',
      totalCents: atSquare.amount_money.amount,
      referenceId: create.reference_id,
      providerLocationId: LOCATION_SQUARE_ID,
      receiptNumber: atSquare.receipt_number,
    });
    expect(body.order.payment_receipt_number).toBe(atSquare.receipt_number);
    // A retry gets the same answer, completed as it was.
    const again = await s.place(key);
    expect(again.json()).toEqual(body);
  });

  it.each([
    [SANDBOX_TOKENS.declined, 'Your card was declined. Please use another card.'],
    [
      SANDBOX_TOKENS.rejectedCvv,
      "The card's security code (CVV) was not accepted. Please check it and try again.",
    ],
    [
      SANDBOX_TOKENS.rejectedPostalCode,
      "The card's postcode was not accepted. Please check it and try again.",
    ],
    [
      SANDBOX_TOKENS.rejectedExpiration,
      "The card's expiry date was not accepted. Please check it and try again.",
    ],
  ])('a declined card (%s) is a 402 saying why, and nothing is written', async (token, message) => {
    const key = randomUUID();
    const res = await s.place(key, { checkout: s.cart(), payment: { source_id: token } });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'payment_declined', error: message, field: 'payment' });
    expect(await ordersOf(key)).toBe(0);
    const [row] = await s.db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, stored(key)));
    expect(row).toMatchObject({ status: 'FAILED', orderId: null });
    expect(row!.error).toMatch(/DECLINE|FAILURE|EXPIRATION/);
    // The refusal is the key's answer.
    expect((await s.place(key, { checkout: s.cart(), payment: { source_id: token } })).statusCode).toBe(402);
  });

  it('a used or unknown card token asks for the card again, on payment.source_id', async () => {
    for (const token of [SANDBOX_TOKENS.alreadyUsed, 'cnon:not-a-token']) {
      const res = await s.place(randomUUID(), { checkout: s.cart(), payment: { source_id: token } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        field: 'payment.source_id',
        error: 'The card details have expired or were already used. Please enter your card again.',
      });
    }
  });

  it('our credentials refused (401) is our problem: 503 for the customer, nothing written', async () => {
    s.fake.failNext('unauthorized', { method: 'POST', path: /^\/v2\/payments$/ });
    const key = randomUUID();
    const res = await s.place(key);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(
      'Card payments are unavailable at the moment. Please try again in a few minutes.',
    );
    expect(await ordersOf(key)).toBe(0);
  });

  it('a 429 or 5xx from Square is a 503 with Retry-After; the retry with the same key pays once', async () => {
    for (const failure of ['rate_limited', 'server_error', 'unavailable'] as const) {
      s.fake.failNext(failure, { method: 'POST', path: /^\/v2\/payments$/, retryAfterSeconds: 7 });
      const key = randomUUID();
      const first = await s.place(key);
      expect(first.statusCode).toBe(503);
      expect(first.json().error).toMatch(/never charged twice/);
      if (failure === 'rate_limited') expect(first.headers['retry-after']).toBe('7');
      const retry = await s.place(key);
      expect(retry.statusCode).toBe(200);
      expect(await ordersOf(key)).toBe(1);
    }
  });

  it('Square charging but the answer lost (or too slow): the retry finds the same payment, one charge', async () => {
    for (const failure of ['lost_answer', 'timeout'] as const) {
      s.fake.failNext(failure, { method: 'POST', path: /^\/v2\/payments$/ });
      const before = charged().length;
      const key = randomUUID();
      const first = await s.place(key);
      expect(first.statusCode).toBe(503);
      const retry = await s.place(key);
      expect(retry.statusCode).toBe(200);
      expect(await ordersOf(key)).toBe(1);
      expect(charged().length).toBe(before + 1);
    }
  });

  it('one key, one body: another body with the same key is a 422, also after a failed attempt', async () => {
    const key = randomUUID();
    s.fake.failNext('lost_answer', { method: 'POST', path: /^\/v2\/payments$/ });
    expect((await s.place(key)).statusCode).toBe(503);
    const before = charged().length;
    // The old server answered this with a $900 order and a 90,000-cent payment while $18 was charged.
    const bigger = await s.place(key, { checkout: s.cart(50), payment: CARD_OK });
    expect(bigger.statusCode).toBe(422);
    expect(bigger.json()).toMatchObject({ field: 'idempotency-key' });
    expect(await ordersOf(key)).toBe(0);
    expect(charged().length).toBe(before);
    // The first request itself still finishes.
    const same = await s.place(key);
    expect(same.statusCode).toBe(200);
    expect(same.json().payment.total_money.amount).toBe(1800);
  });

  it('prices changed between two tries of one request: the earlier authorisation is released, nothing kept', async () => {
    const key = randomUUID();
    s.fake.failNext('lost_answer', { method: 'POST', path: /^\/v2\/payments$/ });
    expect((await s.place(key)).statusCode).toBe(503);
    const authorised = [...s.fake.payments.values()].at(-1)!;
    expect(authorised.status).toBe('APPROVED');
    await s.db.update(meals).set({ price: '19.00' }).where(eq(meals.id, s.meal.id));
    try {
      s.t.app.appContext.catalog.invalidate();
      const retry = await s.place(key);
      expect(retry.statusCode).toBe(409);
      expect(retry.json().error).toMatch(/Nothing was charged/);
      expect(s.fake.payments.get(authorised.id)!.status).toBe('CANCELED');
      expect(await ordersOf(key)).toBe(0);
    } finally {
      await s.db.update(meals).set({ price: '18.00' }).where(eq(meals.id, s.meal.id));
      s.t.app.appContext.catalog.invalidate();
    }
  });

  it('completing fails: the order stands with its payment authorised, and a replay says what is true', async () => {
    s.fake.failNext('server_error', { method: 'POST', path: /\/complete$/ });
    const key = randomUUID();
    const res = await s.place(key);
    expect(res.statusCode).toBe(200);
    expect(res.json().payment.status).toBe('APPROVED');
    const [row] = await s.db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, stored(key)));
    expect(row!.status).toBe('APPROVED');
    expect(s.fake.payments.get(row!.providerPaymentId!)!.status).toBe('APPROVED');
    const [kept] = await s.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, stored(key)));
    expect((kept!.responseBody as { payment: { status: string } }).payment.status).toBe('APPROVED');
  });
});
