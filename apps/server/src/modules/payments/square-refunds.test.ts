import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAdjustments, payments, refunds } from '../../db/schema/index.js';
import { createSquareTest, type SquareTest } from '../../test/square.js';

/**
 * Refunds through Square: a partial refund from the order details, the refund of a paid order that
 * is canceled (or the release of its authorisation), and what the ledger keeps of each, against the
 * fake of Square's Refunds API (refunds start PENDING there, as Square's do).
 */
let s: SquareTest;
beforeAll(async () => {
  s = await createSquareTest();
});
afterAll(() => s.close());

async function paidOrder(quantity = 2) {
  const res = await s.place(randomUUID(), {
    checkout: s.cart(quantity),
    payment: { source_id: 'cnon:card-nonce-ok' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().order.id as number;
}

const refund = (body: object) =>
  s.t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/refunds/',
    headers: { authorization: `Token ${s.admin.token}` },
    payload: body,
  });
const cancel = (orderId: number, status = 'Canceled') =>
  s.t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    headers: { authorization: `Token ${s.admin.token}` },
    payload: { query_type: 'update_order_status', order_id: orderId, status },
  });
const ledger = (orderId: number) =>
  s.db
    .select({
      amount: orderAdjustments.amount,
      vendorId: orderAdjustments.vendorId,
      reason: orderAdjustments.reason,
    })
    .from(orderAdjustments)
    .where(eq(orderAdjustments.orderId, orderId))
    .orderBy(asc(orderAdjustments.id));
const paymentOf = async (orderId: number) =>
  (await s.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;

describe('refunds through Square', () => {
  it('refunds part of an order with its reason: at Square, in our rows, and against the brand in the ledger', async () => {
    const orderId = await paidOrder(2); // $36.00
    const res = await refund({
      order_id: orderId,
      amount: '18.00',
      reason: 'Laksa missing',
      vendor_id: s.meal.vendorId,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.refund).toMatchObject({ amount: 18, reason: 'Laksa missing', status: 'PENDING' });
    expect(body.payment).toMatchObject({ amount: 36, refunded: 18, refundable: 18 });

    const [row] = await s.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    const atSquare = s.fake.refunds.get(row!.providerRefundId!)!;
    expect(atSquare).toMatchObject({ amount_money: { amount: 1800, currency: 'AUD' }, status: 'PENDING' });
    expect(await ledger(orderId)).toEqual([
      { amount: '-18.00', vendorId: s.meal.vendorId, reason: 'Refund: Laksa missing' },
    ]);

    // Square finishes it and says so: our row follows.
    const done = s.fake.completeRefund(atSquare.id);
    expect((await s.deliver(s.fake.event('refund.updated', done))).statusCode).toBe(200);
    const [after] = await s.db.select().from(refunds).where(eq(refunds.id, row!.id));
    expect(after!.status).toBe('COMPLETED');
  });

  it('never refunds more than is left, and names the field', async () => {
    const orderId = await paidOrder(1); // $18.00
    expect((await refund({ order_id: orderId, amount: 10, reason: 'Cold' })).statusCode).toBe(200);
    const over = await refund({ order_id: orderId, amount: '8.01', reason: 'Cold again' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      field: 'amount',
      error: 'At most $8.00 can still be refunded on this order.',
    });
    const bad = await refund({ order_id: orderId, amount: '0.001', reason: 'Cold' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('amount');
    expect((await paymentOf(orderId)).refundedCents).toBe(1000);
  });

  it('a refund Square refuses is FAILED with its reason, and nothing is counted', async () => {
    const orderId = await paidOrder(1);
    const payment = await paymentOf(orderId);
    // Refunded elsewhere (the Square Dashboard) in full: Square refuses ours.
    const outside = await fetch(`${s.fake.url}/v2/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.fake.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        idempotency_key: randomUUID(),
        payment_id: payment.providerPaymentId,
        amount_money: { amount: 1800, currency: 'AUD' },
      }),
    });
    expect(outside.status).toBe(200);
    const res = await refund({ order_id: orderId, amount: 5, reason: 'Late' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/^The card provider refused the refund: /);
    expect(await ledger(orderId)).toEqual([]);
    expect((await paymentOf(orderId)).refundedCents).toBe(0);
  });

  it("a refund Square later fails is taken back out of the ledger and flagged: the customer didn't get it", async () => {
    const orderId = await paidOrder(1);
    expect((await refund({ order_id: orderId, amount: 6, reason: 'Wrong drink' })).statusCode).toBe(200);
    const [row] = await s.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    const failed = s.fake.completeRefund(row!.providerRefundId!, 'FAILED');
    const event = s.fake.event('refund.updated', failed);
    expect((await s.deliver(event)).json()).toEqual({ success: true, duplicate: false });
    // Delivered twice, as Square may: nothing more happens.
    expect((await s.deliver(event)).json()).toEqual({ success: true, duplicate: true });
    expect((await ledger(orderId)).map((l) => l.amount)).toEqual(['-6.00', '6.00']);
    const payment = await paymentOf(orderId);
    expect(payment.refundedCents).toBe(0);
    expect(payment.flag).toMatch(/refund of \$6\.00 was failed/);
  });

  it('canceling a paid order refunds the rest through Square, says how much, and reverses earlier refunds in the ledger', async () => {
    const orderId = await paidOrder(2); // $36.00
    expect((await refund({ order_id: orderId, amount: 4, reason: 'Missing sauce' })).statusCode).toBe(200);
    const res = await cancel(orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      result: "Changed Successfully. $32.00 is being refunded to the customer's card.",
      refund: { amount: 32, kind: 'pending' },
    });
    const rows = await s.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, orderId))
      .orderBy(asc(refunds.id));
    expect(rows.map((r) => [r.amountCents, r.cancellation])).toEqual([
      [400, false],
      [3200, true],
    ]);
    expect(s.fake.payments.get((await paymentOf(orderId)).providerPaymentId!)!.refunded_money?.amount).toBe(
      3600,
    );
    // The canceled order leaves every figure whole: its earlier refund is reversed.
    expect((await ledger(orderId)).map((l) => l.amount)).toEqual(['-4.00', '4.00']);
    // Canceled twice (a double click): refunded once.
    expect((await cancel(orderId)).json()).toMatchObject({ result: 'Changed Successfully' });
    const providerId = (await paymentOf(orderId)).providerPaymentId!;
    expect([...s.fake.refunds.values()].filter((r) => r.payment_id === providerId)).toHaveLength(2);
    // A refunded order is not reopened.
    const reopen = await cancel(orderId, 'Received');
    expect(reopen.statusCode).toBe(409);
  });

  it('Square not answering leaves the order as it was; trying again refunds once', async () => {
    const orderId = await paidOrder(1);
    s.fake.failNext('lost_answer', { method: 'POST', path: /^\/v2\/refunds$/ });
    const first = await cancel(orderId);
    expect(first.statusCode).toBe(503);
    expect(first.json().error).toMatch(/was not canceled/);
    const again = await cancel(orderId);
    expect(again.statusCode).toBe(200);
    const providerId = (await paymentOf(orderId)).providerPaymentId!;
    const atSquare = [...s.fake.refunds.values()].filter((r) => r.payment_id === providerId);
    expect(atSquare).toHaveLength(1);
    expect(atSquare[0]!.amount_money.amount).toBe(1800);
  });

  it('canceling an order whose payment is only authorised releases it: the card is not charged', async () => {
    s.fake.failNext('server_error', { method: 'POST', path: /\/complete$/ });
    const orderId = await paidOrder(1);
    const payment = await paymentOf(orderId);
    expect(payment.status).toBe('APPROVED');
    const res = await cancel(orderId);
    expect(res.json()).toMatchObject({ refund: { amount: 18, kind: 'voided' } });
    expect(s.fake.payments.get(payment.providerPaymentId!)!.status).toBe('CANCELED');
    expect((await paymentOf(orderId)).status).toBe('CANCELED');
  });

  it("shows an order's payment and refunds for its details", async () => {
    const orderId = await paidOrder(1);
    await refund({ order_id: orderId, amount: '2.50', reason: 'Extra missing' });
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/orders/${orderId}/`,
      headers: { authorization: `Token ${s.admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toMatchObject({
      provider: 'square',
      status: 'COMPLETED',
      amount: 18,
      refunded: 2.5,
      refundable: 15.5,
      refunds: [
        { amount: 2.5, reason: 'Extra missing', status: 'PENDING', requested_by: expect.any(String) },
      ],
    });
  });
});
