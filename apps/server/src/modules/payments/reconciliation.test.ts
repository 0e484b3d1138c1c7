import { randomUUID } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema/index.js';
import { createSquareTest, type SquareTest } from '../../test/square.js';

/**
 * Reconciliation against the fake of Square: payments no order claims are cancelled or refunded,
 * orders whose payment is not completed are completed or flagged, and super admins see the run.
 */
let s: SquareTest;
beforeAll(async () => {
  s = await createSquareTest({ PAYMENTS_ORPHAN_GRACE_MINUTES: '10' });
});
afterAll(() => s.close());

const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  s.t.app.inject({
    method,
    url,
    headers: { authorization: `Token ${token}` },
    ...(payload ? { payload } : {}),
  });
const run = async () => {
  const res = await as(s.admin.token, 'POST', '/api/v1/payments/reconciliation/');
  expect(res.statusCode).toBe(200);
  return res.json().run;
};

describe('payment reconciliation', () => {
  it('cancels an authorisation and refunds a charge no order claims, once they are older than the grace', async () => {
    const authorised = s.fake.chargeOutOfBand({
      amount_money: { amount: 2400, currency: 'AUD' },
      status: 'APPROVED',
      reference_id: 'order-lost-1',
    });
    const completed = s.fake.chargeOutOfBand({
      amount_money: { amount: 1300, currency: 'AUD' },
      status: 'COMPLETED',
      reference_id: 'order-lost-2',
    });
    // Young: their checkout may still be writing.
    const early = await run();
    expect(early).toMatchObject({ canceled: 0, refunded: 0 });
    expect(s.fake.payments.get(authorised.id)!.status).toBe('APPROVED');

    s.t.clock.advance(11 * 60_000);
    const later = await run();
    expect(later).toMatchObject({ canceled: 1, refunded: 1, error: null });
    expect(s.fake.payments.get(authorised.id)!.status).toBe('CANCELED');
    expect(s.fake.payments.get(completed.id)!.refunded_money?.amount).toBe(1300);
    // Kept as payments without an order, flagged and already settled, for the record.
    const kept = await s.db.select().from(payments).where(isNull(payments.orderId));
    const orphans = kept.filter((p) => [authorised.id, completed.id].includes(p.providerPaymentId!));
    expect(orphans.map((p) => p.resolution)).toEqual([
      'Settled automatically by reconciliation.',
      'Settled automatically by reconciliation.',
    ]);
    // A second run does nothing more.
    expect(await run()).toMatchObject({ canceled: 0, refunded: 0 });
  });

  it('completes the payment of an order left authorised, and flags one whose payment was cancelled', async () => {
    s.fake.failNext('server_error', { method: 'POST', path: /\/complete$/ });
    const left = await s.place(randomUUID());
    expect(left.json().payment.status).toBe('APPROVED');
    s.fake.failNext('server_error', { method: 'POST', path: /\/complete$/ });
    const stopped = await s.place(randomUUID());
    const [stoppedRow] = await s.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, stopped.json().order.id));
    // Cancelled at Square behind our back (in the Square Dashboard) while only authorised.
    const cancelled = await fetch(`${s.fake.url}/v2/payments/${stoppedRow!.providerPaymentId}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.fake.accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(cancelled.status).toBe(200);

    s.t.clock.advance(11 * 60_000);
    const result = await run();
    expect(result.completed).toBeGreaterThanOrEqual(1);
    const [leftRow] = await s.db.select().from(payments).where(eq(payments.orderId, left.json().order.id));
    expect(leftRow!.status).toBe('COMPLETED');
    expect(s.fake.payments.get(leftRow!.providerPaymentId!)!.status).toBe('COMPLETED');

    const view = (await as(s.admin.token, 'GET', '/api/v1/payments/reconciliation/')).json();
    expect(view.last_run.id).toBe(result.id);
    const flag = view.flags.find((f: { order_id: number }) => f.order_id === stopped.json().order.id);
    expect(flag).toMatchObject({
      status: 'CANCELED',
      flag: expect.stringMatching(/was canceled: it is not paid/),
    });

    // A super admin closes it with what was done.
    const closed = await as(s.admin.token, 'POST', `/api/v1/payments/flags/${flag.payment_id}/resolve/`, {
      resolution: 'Customer paid cash at pickup.',
    });
    expect(closed.statusCode).toBe(200);
    const again = (await as(s.admin.token, 'GET', '/api/v1/payments/reconciliation/')).json();
    expect(again.flags.map((f: { payment_id: number }) => f.payment_id)).not.toContain(flag.payment_id);
    // The next run does not raise the same flag again.
    await run();
    const third = (await as(s.admin.token, 'GET', '/api/v1/payments/reconciliation/')).json();
    expect(third.flags.map((f: { payment_id: number }) => f.payment_id)).not.toContain(flag.payment_id);
  });

  // Square and our server both out for longer than the look-back (PAYMENTS_RECONCILE_HOURS, 6):
  // the listing never reaches the authorisation again, and the customer's card stayed on hold.
  it('releases the authorisation of a checkout that never heard back, even past the look-back, once', async () => {
    s.fake.failNext('lost_answer', { method: 'POST', path: /^\/v2\/payments$/ });
    const key = randomUUID();
    expect((await s.place(key)).statusCode).toBe(503);
    const held = [...s.fake.payments.values()].at(-1)!;
    expect(held.status).toBe('APPROVED');
    // A checkout still within the grace is left alone: it may yet be retried.
    await run();
    expect(s.fake.payments.get(held.id)!.status).toBe('APPROVED');

    s.t.clock.advance(7 * 3_600_000);
    const cancels = () => s.fake.requests.filter((r) => r.path === '/v2/payments/cancel').length;
    const before = cancels();
    const result = await run();
    expect(result.error).toBeNull();
    expect(s.fake.payments.get(held.id)!.status).toBe('CANCELED');
    // Once: the next run does not ask again.
    await run();
    expect(cancels() - before).toBe(1);
    // The customer's retry of that checkout finds its payment released: nothing is charged.
    const retry = await s.place(key);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error).toMatch(/Nothing was charged|released/i);
  });

  it('one run at a time across instances: a second start while one runs is refused', async () => {
    const [a, b] = await Promise.all([
      as(s.admin.token, 'POST', '/api/v1/payments/reconciliation/'),
      as(s.admin.token, 'POST', '/api/v1/payments/reconciliation/'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('is for super admins only', async () => {
    expect((await as(s.customer.token, 'GET', '/api/v1/payments/reconciliation/')).statusCode).toBe(403);
  });

  it('the customer is charged for exactly the orders that exist', async () => {
    s.t.clock.advance(11 * 60_000);
    await run();
    const ours = await s.db
      .select({ id: payments.providerPaymentId, orderId: payments.orderId })
      .from(payments);
    const withOrder = new Set(ours.filter((p) => p.orderId !== null).map((p) => p.id));
    const standing = new Set(
      (await s.db.select({ id: orders.id, status: orders.status }).from(orders)).map((o) => o.id),
    );
    for (const p of s.fake.payments.values()) {
      const kept = p.amount_money.amount - (p.refunded_money?.amount ?? 0);
      if (p.status === 'COMPLETED' && kept > 0)
        expect(withOrder.has(p.id), `payment ${p.id} has an order`).toBe(true);
      expect(p.status).not.toBe('APPROVED');
    }
    expect(standing.size).toBeGreaterThan(0);
  });
});
