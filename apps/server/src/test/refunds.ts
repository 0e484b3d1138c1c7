import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client.js';
import { orderAdjustments, orders, payments, refunds } from '../db/schema/index.js';
import type { PaymentProvider, RefundOutcome, RefundRequest } from '../integrations/payments.js';
import { createTestApp, secondInstance, type TestApp, UNLIMITED_CHECKOUTS } from './app.js';
import { tokenFor } from './auth.js';
import { createLocation, createMeal, createVendor } from './factories.js';
import { CARD_OK } from './payments.js';

/**
 * The card provider every instance shares, with a hand on its refunds: `onRefund` runs before each
 * refund reaches the local test provider, and may wait, throw (no answer) or answer a refusal. As
 * Square does, a key once answered is answered the same ever after (accepted or refused); only a
 * call that never reached it ('down') leaves the key open.
 */
export interface ControlledProvider extends PaymentProvider {
  onRefund: ((request: RefundRequest) => Promise<RefundOutcome | 'send' | 'lost'>) | null;
  /** Every refund asked of it, in order (the retries too). */
  asked: RefundRequest[];
}

export function controlled(base: PaymentProvider): ControlledProvider {
  const answered = new Map<string, RefundOutcome>();
  const provider: ControlledProvider = {
    ...base,
    onRefund: null,
    asked: [],
    async refund(request) {
      provider.asked.push(request);
      const decided = provider.onRefund ? await provider.onRefund(request) : 'send';
      const earlier = answered.get(request.idempotencyKey);
      if (earlier) {
        if (decided === 'lost') throw new Error('socket hang up');
        return earlier;
      }
      if (decided === 'send' || decided === 'lost') {
        const outcome = await base.refund(request);
        answered.set(request.idempotencyKey, outcome);
        // 'lost': the provider answered, and its answer was lost on the way back.
        if (decided === 'lost') throw new Error('socket hang up');
        return outcome;
      }
      answered.set(request.idempotencyKey, decided);
      return decided;
    },
  };
  return provider;
}

/** A promise with its resolver outside: a gate a test opens. */
export function gate(): { wait: Promise<void>; open(): void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

export interface RefundRig {
  t: TestApp;
  db: Db;
  provider: ControlledProvider;
  /** Two instances on one database, sharing the provider. */
  a: FastifyInstance;
  b: FastifyInstance;
  admin: { token: string; id: number };
  superAdmin: { token: string; id: number };
  locationId: number;
  vendorId: number;
  /** A paid $13.00 order (one meal, pickup) placed through the first app: its id. */
  paidOrder(): Promise<number>;
  refund(
    app: FastifyInstance,
    orderId: number,
    amount: string,
    reason?: string,
  ): Promise<LightMyRequestResponse>;
  cancel(app: FastifyInstance, orderId: number): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createRefundRig(env: Record<string, string> = {}): Promise<RefundRig> {
  const t = await createTestApp({ ...UNLIMITED_CHECKOUTS, PAYMENTS_ORPHAN_GRACE_MINUTES: '0', ...env });
  const db = t.database.db;
  const location = await createLocation(db, { deliveryCharge: '6.50' });
  const vendor = await createVendor(db, location.id);
  const { meal } = await createMeal(db, vendor.id, { name: 'Laksa', price: '13.00' });
  const customer = await tokenFor(db, 'customer');
  const superAdmin = await tokenFor(db, 'super_admin');
  const adapters = t.app.appContext.adapters;
  const provider = controlled(adapters.payments);
  const a = await secondInstance(t, { adapters: { ...adapters, payments: provider } });
  const b = await secondInstance(t, { adapters: { ...adapters, payments: provider } });
  return {
    t,
    db,
    provider,
    a,
    b,
    admin: superAdmin,
    superAdmin,
    locationId: location.id,
    vendorId: vendor.id,
    async paidOrder() {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders/',
        headers: { authorization: `Token ${customer.token}`, 'idempotency-key': randomUUID() },
        payload: {
          checkout: {
            kitchaco: location.id,
            order_type: 'pickup',
            lines: [{ meal_id: meal.id, quantity: 1, combo_ids: [] }],
          },
          payment: CARD_OK,
        },
      });
      if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.body}`);
      return res.json().order.id as number;
    },
    refund: (app, orderId, amount, reason = 'Item missing') =>
      app.inject({
        method: 'POST',
        url: '/api/v1/payments/refunds/',
        headers: { authorization: `Token ${superAdmin.token}` },
        payload: { order_id: orderId, amount, reason },
      }),
    cancel: (app, orderId) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/admin-data/',
        headers: { authorization: `Token ${superAdmin.token}` },
        payload: { query_type: 'update_order_status', order_id: orderId, status: 'Canceled' },
      }),
    async close() {
      await a.close();
      await b.close();
      await t.close();
    },
  };
}

/**
 * The money invariants of every card payment, recomputed from the rows (an empty list when all hold):
 * - refunded <= paid, and `refunded_cents` is the sum of its PENDING and COMPLETED refunds;
 * - the ledger's adjustments of a canceled order sum to 0; of a standing order, to minus its
 *   refunds the provider accepted (PENDING or COMPLETED), cancellation claims aside.
 */
export async function moneyBreaches(db: Db, orderIds: number[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const breaches: string[] = [];
  const pays = await db.select().from(payments).where(inArray(payments.orderId, orderIds));
  const rows = await db.select().from(refunds).where(inArray(refunds.orderId, orderIds));
  const statuses = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  const ledger = await db
    .select({
      orderId: orderAdjustments.orderId,
      cents: sql<string>`round(sum(${orderAdjustments.amount}) * 100)::int`,
    })
    .from(orderAdjustments)
    .where(inArray(orderAdjustments.orderId, orderIds))
    .groupBy(orderAdjustments.orderId);
  for (const p of pays) {
    const mine = rows.filter((r) => r.paymentId === p.id);
    const live = mine
      .filter((r) => r.status === 'PENDING' || r.status === 'COMPLETED')
      .reduce((sum, r) => sum + r.amountCents, 0);
    if (p.refundedCents > p.totalCents)
      breaches.push(`payment ${p.id}: ${p.refundedCents} > ${p.totalCents}`);
    if (p.refundedCents !== live)
      breaches.push(`payment ${p.id}: refunded_cents ${p.refundedCents} but its live refunds sum to ${live}`);
  }
  for (const o of statuses) {
    const counted = Number(ledger.find((l) => l.orderId === o.id)?.cents ?? 0);
    const accepted = rows
      .filter(
        (r) =>
          r.orderId === o.id &&
          !r.cancellation &&
          r.providerRefundId !== null &&
          (r.status === 'PENDING' || r.status === 'COMPLETED'),
      )
      .reduce((sum, r) => sum + r.amountCents, 0);
    const expected = o.status === 'Canceled' ? 0 : -accepted;
    if (counted !== expected)
      breaches.push(`order ${o.id} (${o.status}): ledger ${counted}, expected ${expected}`);
  }
  return breaches;
}

export async function paymentOfOrder(db: Db, orderId: number) {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return row!;
}

export async function refundsOfOrder(db: Db, orderId: number) {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);
}

export async function orderStatus(db: Db, orderId: number) {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row!.status;
}
