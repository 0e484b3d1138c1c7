import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, refunds } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createAdapters } from './adapters.js';

/**
 * The local test provider (the demo's and the soak's stand-in for Square) recalls a payment another
 * instance took from the ledger, with what the provider refunded of it: the refunds of that payment
 * it accepted, never another payment's (the soak found cancellations refused as over-refunds when
 * the recall summed refunds whose own id matched, a Drizzle subquery naming "id" unqualified).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the local test provider, recalling a payment from the ledger', () => {
  it("counts that payment's accepted refunds only", async () => {
    const db = t.database.db;
    const [first, second] = await db
      .insert(payments)
      .values(
        ['tp-recall-1', 'tp-recall-2'].map((id) => ({
          provider: 'test',
          providerPaymentId: id,
          idempotencyKey: id,
          status: 'COMPLETED',
          totalCents: 1_000,
          refundedCents: 0,
        })),
      )
      .returning({ id: payments.id });
    // A refund whose own id is the first payment's: the old recall matched it to every payment.
    await db.insert(refunds).values([
      {
        id: first!.id,
        paymentId: first!.id,
        provider: 'test',
        providerRefundId: 'tr-accepted',
        idempotencyKey: 'tr-accepted',
        amountCents: 400,
        reason: 'Missing item',
        status: 'COMPLETED',
        createdAt: new Date(),
      },
      {
        id: second!.id + 1_000,
        paymentId: first!.id,
        provider: 'test',
        idempotencyKey: 'tr-claimed',
        amountCents: 100,
        reason: 'Claimed, not sent yet',
        status: 'PENDING',
        createdAt: new Date(),
      },
    ]);
    const provider = createAdapters(t.app.appContext.config, t.app.log, db).payments;
    expect((await provider.getPayment('tp-recall-1'))?.refundedCents).toBe(400);
    expect((await provider.getPayment('tp-recall-2'))?.refundedCents).toBe(0);
    // So the second payment can still be refunded whole at the provider.
    const refund = await provider.refund({
      paymentId: 'tp-recall-2',
      amountCents: 1_000,
      idempotencyKey: 'tr-whole',
      reason: 'Order canceled',
    });
    expect(refund.kind).toBe('accepted');
  });
});
