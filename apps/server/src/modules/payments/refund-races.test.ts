import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index.js';
import {
  createRefundRig,
  gate,
  moneyBreaches,
  orderStatus,
  paymentOfOrder,
  type RefundRig,
  refundsOfOrder,
} from '../../test/refunds.js';
import { writePaymentStatuses } from './payments.queries.js';

/**
 * A paid order's cancellation racing partial refunds of it, on two instances of one database
 * (issue 42): the cancellation claims what is left under the payment's lock before it asks the
 * provider, so the refunds of a payment never exceed what was paid, and the canceled order's
 * figures are net exactly once. On PostgreSQL (TEST_DATABASE_URL) the requests really run side by
 * side; on PGlite they take turns, and the same answers hold.
 */
let r: RefundRig;
beforeAll(async () => {
  r = await createRefundRig();
});
afterAll(() => r.close());

const AT_MOST = /^At most \$\d+\.\d\d can still be refunded on this order/;

describe('a cancellation racing partial refunds', () => {
  it('never refunds more than was paid, and refunds exactly what is left once, on two instances', async () => {
    const { a: c, b: d } = r;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await r.paidOrder());
    const answers = await Promise.all(
      ids.map((id) =>
        Promise.all([
          r.cancel(c, id),
          r.refund(d, id, '5.00'),
          r.refund(d, id, '4.00'),
          r.refund(c, id, '3.00'),
        ]),
      ),
    );
    for (const [i, [canceled, ...partials]] of answers.entries()) {
      const id = ids[i]!;
      expect(canceled.statusCode, canceled.body).toBe(200);
      const accepted = partials
        .filter((p) => p.statusCode === 200)
        .map((p) => p.json().refund.amount as number);
      for (const p of partials.filter((x) => x.statusCode !== 200)) {
        expect([409, 422]).toContain(p.statusCode);
        expect(p.json().error).toMatch(
          /^(At most \$|This order is canceled|The card provider refused the refund)/,
        );
      }
      // The cancellation claims exactly what the partial refunds claimed before it left, once;
      // none is claimed after it.
      const rows = await refundsOfOrder(r.db, id);
      const claims = rows.filter((x) => x.cancellation);
      expect(claims).toHaveLength(1);
      const claim = claims[0]!;
      expect(canceled.json().refund.amount * 100).toBe(claim.amountCents);
      const before = rows.filter((x) => !x.cancellation && x.id < claim.id);
      expect(claim.amountCents + before.reduce((sum, x) => sum + x.amountCents, 0)).toBe(1300);
      expect(rows.filter((x) => !x.cancellation && x.id > claim.id)).toEqual([]);
      expect(accepted.length).toBeLessThanOrEqual(before.length);
      // A partial refund claimed before it that the provider then refused leaves the customer
      // short: the payment says so, with the amount.
      const payment = await paymentOfOrder(r.db, id);
      if (payment.refundedCents < 1300) {
        expect(payment.flag).toContain(`$${((1300 - payment.refundedCents) / 100).toFixed(2)} `);
        expect(payment.flag).toMatch(/is still due to the customer\.$/);
      } else {
        expect(payment.flag).toBeNull();
      }
    }
    expect(await moneyBreaches(r.db, ids)).toEqual([]);
  });

  it('a partial refund while the cancellation holds the rest is refused, naming what is left', async () => {
    const id = await r.paidOrder();
    expect((await r.refund(r.a, id, '2.00')).statusCode).toBe(200);
    const held = gate();
    const reached = gate();
    r.provider.onRefund = async (req) => {
      if (!req.idempotencyKey.length || req.amountCents !== 1100) return 'send';
      reached.open();
      await held.wait;
      return 'send';
    };
    try {
      const canceling = r.cancel(r.a, id);
      await reached.wait;
      const partial = await r.refund(r.b, id, '1.00');
      expect(partial.statusCode).toBe(422);
      expect(partial.json()).toMatchObject({
        field: 'amount',
        error:
          'At most $0.00 can still be refunded on this order: it is being canceled, and its cancellation refunds $11.00.',
      });
      held.open();
      const done = await canceling;
      expect(done.json()).toMatchObject({ refund: { amount: 11, kind: 'refunded' } });
    } finally {
      r.provider.onRefund = null;
    }
    expect((await paymentOfOrder(r.db, id)).refundedCents).toBe(1300);
    expect(await moneyBreaches(r.db, [id])).toEqual([]);
  });

  it('a cancellation without an answer keeps its claim; the retry sends the same refund (once), on any instance', async () => {
    const id = await r.paidOrder();
    const before = r.provider.asked.length;
    r.provider.onRefund = async () => 'lost';
    let first: Awaited<ReturnType<RefundRig['cancel']>>;
    try {
      first = await r.cancel(r.a, id);
    } finally {
      r.provider.onRefund = null;
    }
    expect(first.statusCode).toBe(503);
    expect(first.json().error).toMatch(/was not canceled/);
    // The money may be gone: it stays claimed, and nothing else can be refunded meanwhile.
    expect((await paymentOfOrder(r.db, id)).refundedCents).toBe(1300);
    expect((await r.refund(r.b, id, '1.00')).json().error).toMatch(AT_MOST);
    const again = await r.cancel(r.b, id);
    expect(again.json()).toMatchObject({ success: true, refund: { amount: 13, kind: 'refunded' } });
    const sent = r.provider.asked.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    const provider = await r.provider.getPayment((await paymentOfOrder(r.db, id)).providerPaymentId!);
    expect(provider!.refundedCents).toBe(1300);
    expect((await refundsOfOrder(r.db, id)).map((x) => [x.amountCents, x.status, x.cancellation])).toEqual([
      [1300, 'COMPLETED', true],
    ]);
    expect(await moneyBreaches(r.db, [id])).toEqual([]);
  });

  it("a cancellation the provider refuses leaves the order as it was, with the provider's reason, and its claim released", async () => {
    const id = await r.paidOrder();
    r.provider.onRefund = async () => ({
      kind: 'refused',
      code: 'REFUND_DECLINED',
      detail: 'REFUND_DECLINED: the card cannot take refunds',
    });
    let res: Awaited<ReturnType<RefundRig['cancel']>>;
    try {
      res = await r.cancel(r.a, id);
    } finally {
      r.provider.onRefund = null;
    }
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(
      'The card provider refused the refund, so the order was not canceled: REFUND_DECLINED: the card cannot take refunds',
    );
    const payment = await paymentOfOrder(r.db, id);
    expect(payment.refundedCents).toBe(0);
    expect(payment.flag).toBeNull();
    // The order stands: a partial refund of it is possible again, and a later cancellation is a new refund.
    expect((await r.refund(r.b, id, '3.00')).statusCode).toBe(200);
    const again = await r.cancel(r.b, id);
    expect(again.json()).toMatchObject({ refund: { amount: 10, kind: 'refunded' } });
    const rows = await refundsOfOrder(r.db, id);
    expect(rows.map((x) => [x.amountCents, x.status, x.cancellation])).toEqual([
      [1300, 'FAILED', true],
      [300, 'COMPLETED', false],
      [1000, 'COMPLETED', true],
    ]);
    expect(rows[0]!.idempotencyKey).not.toBe(rows[2]!.idempotencyKey);
    expect(await moneyBreaches(r.db, [id])).toEqual([]);
  });

  it('a partial refund the provider refuses after the order was canceled flags the payment with what is still due', async () => {
    const id = await r.paidOrder();
    const held = gate();
    const reached = gate();
    r.provider.onRefund = async (req) => {
      if (req.amountCents !== 400) return 'send';
      reached.open();
      await held.wait;
      return { kind: 'refused', code: 'REFUND_DECLINED', detail: 'REFUND_DECLINED' };
    };
    try {
      const partial = r.refund(r.a, id, '4.00');
      await reached.wait;
      // The partial refund is claimed: the cancellation refunds the rest, $9.00.
      const canceled = await r.cancel(r.b, id);
      expect(canceled.json()).toMatchObject({ refund: { amount: 9, kind: 'refunded' } });
      held.open();
      expect((await partial).statusCode).toBe(422);
    } finally {
      r.provider.onRefund = null;
    }
    const payment = await paymentOfOrder(r.db, id);
    expect(payment.refundedCents).toBe(900);
    expect(payment.flag).toBe(
      'A refund of $4.00 was refused by the card provider after the order was canceled: $4.00 is still due to the customer.',
    );
    expect(await moneyBreaches(r.db, [id])).toEqual([]);
  });

  it('reconciliation finishes a cancellation whose answer never came and whose admin did not try again', async () => {
    const id = await r.paidOrder();
    r.provider.onRefund = async () => 'lost';
    try {
      expect((await r.cancel(r.a, id)).statusCode).toBe(503);
    } finally {
      r.provider.onRefund = null;
    }
    r.t.clock.advance(60_000);
    const run = await r.b.inject({
      method: 'POST',
      url: '/api/v1/payments/reconciliation/',
      headers: { authorization: `Token ${r.superAdmin.token}` },
    });
    expect(run.statusCode).toBe(200);
    const provider = await r.provider.getPayment((await paymentOfOrder(r.db, id)).providerPaymentId!);
    expect(provider!.refundedCents).toBe(1300);
    const order = await r.t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/orders/${id}/`,
      headers: { authorization: `Token ${r.superAdmin.token}` },
    });
    expect(order.json().payment).toMatchObject({ refunded: 13, refundable: 0 });
    expect(await orderStatus(r.db, id)).toBe('Canceled');
    expect(await moneyBreaches(r.db, [id])).toEqual([]);
  });

  it('the database refuses a payment refunded beyond what was paid, or below nothing', async () => {
    const id = await r.paidOrder();
    const over = r.db
      .update(payments)
      .set({ refundedCents: sql`${payments.totalCents} + 1` })
      .where(eq(payments.orderId, id));
    await expect(over).rejects.toThrow();
    const under = r.db.update(payments).set({ refundedCents: -1 }).where(eq(payments.orderId, id));
    await expect(under).rejects.toThrow();
    // The provider's report of a payment refunded beyond what we took (a tip refunded too) is kept
    // up to what was paid: the batch of statuses it shares a statement with is still written.
    const row = await paymentOfOrder(r.db, id);
    const at = new Date().toISOString();
    await writePaymentStatuses(r.db, 'test', [
      { id: row.providerPaymentId!, status: 'COMPLETED', refunded: 1350, receipt: null, at },
    ]);
    expect((await paymentOfOrder(r.db, id)).refundedCents).toBe(1300);
  });
});
