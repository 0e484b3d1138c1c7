import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRefundRig, moneyBreaches, paymentOfOrder, type RefundRig } from '../../test/refunds.js';

/**
 * The money of card payments under random interleavings (issue 42): cancellations, partial refunds,
 * refunds of the whole amount and reconciliation runs, on two instances of one database, against a
 * provider that answers, refuses, refunds and loses its answer, or does not answer at all, at
 * random; the admin retries what got no answer. Afterwards, and again once the provider is healthy
 * and reconciliation has run: refunded <= paid for every payment, `refunded_cents` is the sum of its
 * PENDING and COMPLETED refunds, the ledger's adjustments equal a recomputation from the refund rows
 * (a canceled order's sum to 0; a standing order's to minus its accepted refunds), and what we count
 * as refunded is what the provider refunded. Real interleavings need PostgreSQL
 * (TEST_DATABASE_URL); on PGlite the transactions take turns and the same must hold.
 */
let r: RefundRig;
beforeAll(async () => {
  r = await createRefundRig();
});
afterAll(() => r.close());

type Fault = 'ok' | 'refuse' | 'lost' | 'down';
type Op =
  | { kind: 'cancel'; order: number; instance: number }
  | { kind: 'partial'; order: number; instance: number; cents: number }
  | { kind: 'full'; order: number; instance: number }
  | { kind: 'reconcile'; instance: number };

const order = fc.integer({ min: 0, max: 1 });
const instance = fc.integer({ min: 0, max: 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order, instance }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('partial' as const),
      order,
      instance,
      cents: fc.integer({ min: 1, max: 800 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('full' as const), order, instance }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reconcile' as const), instance }) },
);
const fault: fc.Arbitrary<Fault> = fc.constantFrom<Fault>('ok', 'ok', 'refuse', 'lost', 'down');

const ALLOWED = [200, 409, 422, 503];

describe('refunds and cancellations under random interleavings (property)', () => {
  it('keep refunded <= paid and the ledger equal to its recomputation', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 2, maxLength: 8 }),
        fc.array(fault, { minLength: 1, maxLength: 12 }),
        async (ops, faults) => {
          const ids = [await r.paidOrder(), await r.paidOrder()];
          const apps = [r.a, r.b];
          let next = 0;
          r.provider.onRefund = async () => {
            const f = faults[next++ % faults.length]!;
            if (f === 'ok') return 'send';
            if (f === 'lost') return 'lost';
            if (f === 'down') throw new Error('connect ETIMEDOUT');
            return { kind: 'refused', code: 'REFUND_DECLINED', detail: 'REFUND_DECLINED' };
          };
          const run = (o: Op): Promise<LightMyRequestResponse> => {
            const app: FastifyInstance = apps[o.instance]!;
            if (o.kind === 'reconcile') {
              return app.inject({
                method: 'POST',
                url: '/api/v1/payments/reconciliation/',
                headers: { authorization: `Token ${r.superAdmin.token}` },
              });
            }
            const id = ids[o.order]!;
            if (o.kind === 'cancel') return r.cancel(app, id);
            const cents = o.kind === 'full' ? 1300 : o.cents;
            return r.refund(app, id, (cents / 100).toFixed(2));
          };
          try {
            const answers = await Promise.all(ops.map(run));
            // The admin tries again what got no answer.
            const retried = await Promise.all(ops.filter((_, i) => answers[i]!.statusCode === 503).map(run));
            for (const a of [...answers, ...retried]) expect(ALLOWED, a.body).toContain(a.statusCode);
            expect(await moneyBreaches(r.db, ids)).toEqual([]);
          } finally {
            r.provider.onRefund = null;
          }
          // The provider healthy again, reconciliation sends what never got an answer and finishes
          // the cancellations left half-way.
          r.t.clock.advance(11 * 60_000);
          const healed = await r.a.inject({
            method: 'POST',
            url: '/api/v1/payments/reconciliation/',
            headers: { authorization: `Token ${r.superAdmin.token}` },
          });
          expect(healed.statusCode, healed.body).toBe(200);
          expect(await moneyBreaches(r.db, ids)).toEqual([]);
          for (const id of ids) {
            const ours = await paymentOfOrder(r.db, id);
            const theirs = await r.provider.getPayment(ours.providerPaymentId!);
            expect(ours.refundedCents, `order ${id}`).toBe(theirs!.refundedCents);
          }
        },
      ),
      { numRuns: 20, seed: 20261129, endOnFailure: true },
    );
  }, 240_000);
});
