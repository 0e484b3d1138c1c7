import { randomUUID } from 'node:crypto';
import type { OrderPaymentView, PaymentsConfig, RefundRequest, RefundView } from '@kitchaco/domain';
import { toMills } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { conflict, forbidden, notFound, unavailable, unprocessable } from '../../http/errors.js';
import type { ProviderPayment, ProviderRefund } from '../../integrations/payments.js';
import { providerKey, SquareUnauthorized } from '../../integrations/payments.js';
import { WriteBatcher } from '../../lib/write-batcher.js';
import { recordAudit } from '../audit/audit.record.js';
import { activeLocation } from '../locations/locations.service.js';
import * as q from './payments.queries.js';

/** What the checkout page loads the card form with (`GET /api/v1/payments/config/`). */
export async function paymentsConfigView(
  app: AppContext,
  kitchaco: number | undefined,
): Promise<PaymentsConfig> {
  const payments = app.config.payments;
  const own = kitchaco ? ((await activeLocation(app, kitchaco))?.squareLocationId ?? null) : null;
  if (payments.provider === 'square') {
    const { environment, applicationId, locationId, sdkUrl } = payments.square;
    return {
      provider: 'square',
      environment,
      application_id: applicationId,
      location_id: own ?? locationId,
      sdk_url: sdkUrl,
      currency: 'AUD',
      country: 'AU',
      test_mode: environment !== 'production',
    };
  }
  return {
    provider: 'test',
    environment: 'local',
    application_id: null,
    location_id: own,
    sdk_url: null,
    currency: 'AUD',
    country: 'AU',
    test_mode: true,
  };
}

// ---------------------------------------------------------------- payment status

const STATUS_WRITES_IN_FLIGHT = 2;
const STATUSES_PER_STATEMENT = 100;
const statusWriters = new WeakMap<AppContext, WriteBatcher<q.StatusUpdate, null>>();

/**
 * Records a payment as the provider reports it. Statuses only move forward: an authorisation
 * (APPROVED, PENDING) may become anything; COMPLETED, CANCELED and FAILED stay, so an event that
 * arrives late never undoes a newer one. Updates arriving together share one statement.
 */
export async function recordPaymentStatus(app: AppContext, p: ProviderPayment): Promise<void> {
  let writer = statusWriters.get(app);
  if (!writer) {
    writer = new WriteBatcher((batch) => q.writePaymentStatuses(app.db, app.adapters.payments.name, batch), {
      maxInFlight: STATUS_WRITES_IN_FLIGHT,
      maxBatch: STATUSES_PER_STATEMENT,
    });
    statusWriters.set(app, writer);
  }
  await writer.submit({
    id: p.id,
    status: p.status,
    refunded: p.refundedCents,
    receipt: p.receiptNumber,
    at: app.clock.now().toISOString(),
  });
}

// ---------------------------------------------------------------- views

function presentRefund(r: q.RefundRow, requestedBy: string | null): RefundView {
  return {
    id: r.id,
    amount: r.amountCents / 100,
    reason: r.reason,
    status: r.status as RefundView['status'],
    created_at: r.createdAt.toISOString(),
    requested_by: requestedBy,
  };
}

async function presentPayment(db: DbOrTx, p: q.PaymentRow): Promise<OrderPaymentView> {
  const rows = await q.refundsOfPayment(db, p.id);
  return {
    id: p.id,
    provider: p.provider,
    provider_payment_id: p.providerPaymentId,
    status: p.status,
    receipt_number: p.receiptNumber,
    amount: p.totalCents / 100,
    refunded: p.refundedCents / 100,
    refundable: p.status === 'COMPLETED' ? Math.max(p.totalCents - p.refundedCents, 0) / 100 : 0,
    flag: p.resolvedAt ? null : p.flag,
    refunds: rows.map((r) => presentRefund(r.refund, r.requestedBy)),
  };
}

/** An order's card payment and refunds (order details). */
export async function orderPayment(app: AppContext, orderId: number) {
  const order = await q.orderForRefund(app.db, orderId, false);
  if (!order) throw notFound(`Order #${orderId} does not exist.`);
  const payment = await q.paymentOfOrder(app.db, orderId);
  return { success: true as const, payment: payment ? await presentPayment(app.db, payment) : null };
}

// ---------------------------------------------------------------- refunds

const REFUND_UNCONFIRMED =
  'The card provider did not confirm the refund. It is sent again automatically (never twice); the order shows it as pending until then.';

function staffId(actor: Actor): number {
  if (actor.kind !== 'staff') throw forbidden('Staff only.');
  return actor.user.id;
}

/**
 * Refunds part of a paid order (an item missing) through the provider, with its reason:
 * 1. under the order's lock, the amount is checked against what is left of the payment and
 *    reserved, and the refund is written PENDING with a key of its own;
 * 2. the provider is asked under that key; its answer settles the refund (the ledger row counts it
 *    against the day's sales). A refund the provider refused is FAILED with the provider's reason;
 *    one whose answer never came is sent again under the same key by reconciliation.
 */
export async function refundOrder(app: AppContext, actor: Actor, input: RefundRequest) {
  const by = staffId(actor);
  const now = app.clock.now();
  const cents = Math.round(toMills(input.amount) / 10);
  const { payment, refund } = await app.db.transaction(async (tx) => {
    const order = await q.orderForRefund(tx, input.order_id, true);
    if (!order) throw notFound(`Order #${input.order_id} does not exist.`);
    if (order.status === 'Canceled') {
      throw conflict('This order is canceled: its payment was refunded when it was canceled.');
    }
    const payment = await q.paymentOfOrder(tx, order.id, true);
    if (!payment) throw unprocessable('This order was not paid by card here, so it cannot be refunded here.');
    if (payment.status !== 'COMPLETED') {
      throw conflict(`This payment is ${payment.status.toLowerCase()}, so it cannot be refunded.`);
    }
    const left = payment.totalCents - payment.refundedCents;
    if (cents > left) {
      throw unprocessable(`At most $${q.centsToAmount(left)} can still be refunded on this order.`, 'amount');
    }
    const refund = await q.insertRefund(tx, {
      paymentId: payment.id,
      orderId: order.id,
      provider: payment.provider,
      idempotencyKey: providerKey('ref', `payment:${payment.id}`, randomUUID()),
      amountCents: cents,
      reason: input.reason,
      vendorId: input.vendor_id ?? null,
      status: 'PENDING',
      requestedBy: by,
      createdAt: now,
    });
    await q.addRefunded(tx, payment.id, cents, now);
    await recordAudit(tx, {
      entityId: order.id,
      locationId: order.locationId,
      summary: `Order #${order.id}: refund of $${q.centsToAmount(cents)} requested (${input.reason})`,
      before: { refunded: q.centsToAmount(payment.refundedCents) },
      after: {
        refunded: q.centsToAmount(payment.refundedCents + cents),
        refund_id: refund.id,
        reason: input.reason,
        vendor_id: input.vendor_id ?? null,
      },
    });
    return { payment, refund };
  });
  const settled = await sendRefund(app, payment, refund);
  if (settled.status === 'FAILED' && !settled.providerRefundId) {
    throw unprocessable(`The card provider refused the refund: ${settled.error ?? 'no reason given'}`);
  }
  const fresh = await q.paymentOfOrder(app.db, input.order_id);
  const rows = await q.refundsOfPayment(app.db, payment.id);
  const mine = rows.find((r) => r.refund.id === settled.id)!;
  return {
    success: true as const,
    refund: presentRefund(mine.refund, mine.requestedBy),
    payment: await presentPayment(app.db, fresh ?? payment),
  };
}

/**
 * Sends a written refund to the provider under its own key and settles it from the answer. Throws
 * 503 when the provider did not answer (the refund stays PENDING, sent again by reconciliation).
 */
export async function sendRefund(
  app: AppContext,
  payment: q.PaymentRow,
  refund: q.RefundRow,
): Promise<q.RefundRow> {
  if (!payment.providerPaymentId) throw conflict('This payment has no id at the card provider.');
  let outcome: Awaited<ReturnType<AppContext['adapters']['payments']['refund']>>;
  try {
    outcome = await app.adapters.payments.refund({
      paymentId: payment.providerPaymentId,
      amountCents: refund.amountCents,
      idempotencyKey: refund.idempotencyKey,
      reason: refund.reason,
    });
  } catch (error) {
    if (error instanceof SquareUnauthorized) {
      app.log.error({ err: error, code: 'PAYMENTS_UNAUTHORIZED' }, 'card provider refused our credentials');
    } else {
      app.log.warn({ err: error, refundId: refund.id, code: 'REFUND_NO_ANSWER' }, 'refund not confirmed');
    }
    throw unavailable(REFUND_UNCONFIRMED);
  }
  if (outcome.kind === 'refused') {
    app.log.warn({ refundId: refund.id, code: outcome.code, detail: outcome.detail }, 'refund refused');
    return app.db.transaction((tx) =>
      applyRefund(app, tx, refund.id, { status: 'FAILED', providerRefundId: null, error: outcome.detail }),
    );
  }
  return app.db.transaction((tx) =>
    applyRefund(app, tx, refund.id, { status: outcome.refund.status, providerRefundId: outcome.refund.id }),
  );
}

/**
 * Settles a refund from the provider's word, in the caller's transaction, and keeps the ledger
 * true (docs/payments.md, "Refunds in the ledger"):
 * - first accepted (PENDING or COMPLETED at the provider): a negative `order_adjustments` row,
 *   unless it is a cancellation's refund or the order is canceled (a canceled order already leaves
 *   every figure);
 * - FAILED or REJECTED: the amount is no longer refunded; if its ledger row was written and the
 *   order still counts, a row of the opposite sign; the payment is flagged for a super admin.
 * Statuses only move forward (PENDING -> COMPLETED | FAILED | REJECTED).
 */
export async function applyRefund(
  app: AppContext,
  tx: DbOrTx,
  refundId: number,
  next: { status: ProviderRefund['status']; providerRefundId: string | null; error?: string },
): Promise<q.RefundRow> {
  const now = app.clock.now();
  const current = await q.lockRefund(tx, refundId);
  if (!current) throw notFound(`Refund ${refundId} does not exist.`);
  if (current.status !== 'PENDING') return current;
  const wasAccepted = current.providerRefundId !== null;
  const order = current.orderId ? await q.orderForRefund(tx, current.orderId, false) : null;
  const counts = order !== null && order.status !== 'Canceled' && !current.cancellation;
  const updated = await q.updateRefund(tx, refundId, {
    status: next.status,
    providerRefundId: current.providerRefundId ?? next.providerRefundId,
    error: next.error ?? null,
    updatedAt: now,
  });
  const ledger = (cents: number, reason: string, refund: number | null) =>
    order
      ? q.insertAdjustment(tx, {
          locationId: order.locationId,
          channel: order.channel,
          orderId: order.id,
          amount: q.centsToAmount(cents),
          reason,
          occurredAt: now,
          vendorId: current.vendorId,
          refundId: refund,
        })
      : Promise.resolve();
  if (next.status === 'PENDING' || next.status === 'COMPLETED') {
    if (!wasAccepted && counts) await ledger(-current.amountCents, `Refund: ${current.reason}`, current.id);
    return updated;
  }
  // FAILED or REJECTED: nothing was (or will be) given back.
  await q.addRefunded(tx, current.paymentId, -current.amountCents, now);
  if (wasAccepted && counts)
    await ledger(current.amountCents, `Refund ${next.status.toLowerCase()}: ${current.reason}`, null);
  if (wasAccepted || current.cancellation) {
    await q.flagPayment(
      tx,
      current.paymentId,
      `A refund of $${q.centsToAmount(current.amountCents)} was ${next.status.toLowerCase()} by the card provider: the customer did not get it back.`,
      now,
    );
  }
  return updated;
}

// ---------------------------------------------------------------- cancellation

export interface CancellationMoney {
  amount: number;
  kind: 'refunded' | 'voided' | 'pending';
}

/**
 * What canceling a paid order does to its card payment, asked of the provider before the order's
 * status changes (so a provider that cannot be reached leaves the order as it was, and the admin
 * tries again): an authorisation is cancelled (voided), a completed payment refunded of what is
 * left. The refund's key is the order's own, so trying again never refunds twice.
 * Returns what to write in the status change's transaction (`settleCancellation`), or null.
 */
export async function prepareCancellation(app: AppContext, orderId: number) {
  const payment = await q.paymentOfOrder(app.db, orderId);
  if (!payment?.providerPaymentId) return null;
  const provider = app.adapters.payments;
  try {
    if (payment.status === 'APPROVED') {
      const canceled = await provider.cancel(payment.providerPaymentId);
      await recordPaymentStatus(app, canceled);
      return { payment, voided: payment.totalCents, refund: null };
    }
    const left = payment.totalCents - payment.refundedCents;
    if (payment.status !== 'COMPLETED' || left <= 0) return null;
    const key = providerKey('ref', `order:${orderId}`, 'cancellation');
    const outcome = await provider.refund({
      paymentId: payment.providerPaymentId,
      amountCents: left,
      idempotencyKey: key,
      reason: 'Order canceled',
    });
    if (outcome.kind === 'refused') {
      app.log.warn({ orderId, code: outcome.code, detail: outcome.detail }, 'cancellation refund refused');
      throw unprocessable(
        `The card provider refused the refund, so the order was not canceled: ${outcome.detail}`,
      );
    }
    return { payment, voided: 0, refund: { key, cents: left, provider: outcome.refund } };
  } catch (error) {
    if (error instanceof Error && 'status' in error) throw error;
    app.log.warn(
      { err: error, orderId, code: 'CANCELLATION_REFUND_NO_ANSWER' },
      'cancellation refund not confirmed',
    );
    throw unavailable(
      'The card provider did not confirm the refund, so the order was not canceled. Please try again: the customer is never refunded twice.',
    );
  }
}

/**
 * In the status change's transaction (the order already Canceled): the cancellation's refund row,
 * and a reversal of the order's earlier refunds in the ledger, since the canceled order now leaves
 * every figure whole.
 */
export async function settleCancellation(
  app: AppContext,
  tx: DbOrTx,
  orderId: number,
  by: number,
  prepared: NonNullable<Awaited<ReturnType<typeof prepareCancellation>>>,
): Promise<CancellationMoney> {
  const now = app.clock.now();
  const order = await q.orderForRefund(tx, orderId, false);
  for (const earlier of await q.refundAdjustmentsOfOrder(tx, orderId)) {
    const mills = toMills(earlier.amount);
    if (mills === 0 || !order) continue;
    await q.insertAdjustment(tx, {
      locationId: order.locationId,
      channel: order.channel,
      orderId,
      amount: q.centsToAmount(-Math.round(mills / 10)),
      reason: 'Reversal: order canceled (its refunds are in the cancellation)',
      occurredAt: now,
      vendorId: earlier.vendorId,
    });
  }
  if (!prepared.refund) return { amount: prepared.voided / 100, kind: 'voided' };
  const { key, cents, provider } = prepared.refund;
  const row = await q.insertRefund(tx, {
    paymentId: prepared.payment.id,
    orderId,
    provider: prepared.payment.provider,
    idempotencyKey: key,
    amountCents: cents,
    reason: 'Order canceled',
    cancellation: true,
    status: 'PENDING',
    requestedBy: by,
    createdAt: now,
  });
  if (row.status === 'PENDING' && row.providerRefundId === null) {
    await q.addRefunded(tx, prepared.payment.id, cents, now);
  }
  const settled = await applyRefund(app, tx, row.id, {
    status: provider.status,
    providerRefundId: provider.id,
  });
  return { amount: cents / 100, kind: settled.status === 'COMPLETED' ? 'refunded' : 'pending' };
}

// ---------------------------------------------------------------- flags

export async function resolvePaymentFlag(
  app: AppContext,
  actor: Actor,
  paymentId: number,
  resolution: string,
) {
  const by = staffId(actor);
  await app.db.transaction(async (tx) => {
    const payment = await q.lockPayment(tx, paymentId);
    if (!payment || !(await q.resolveFlag(tx, paymentId, by, resolution, app.clock.now()))) {
      throw notFound(`Payment ${paymentId} has no flag to close.`);
    }
    const order = payment.orderId ? await q.orderForRefund(tx, payment.orderId, false) : null;
    await recordAudit(tx, {
      entityId: paymentId,
      locationId: order?.locationId ?? null,
      summary: `Payment ${paymentId} flag closed: ${resolution}`,
      before: { flag: payment.flag, resolution: payment.resolution },
      after: { flag: payment.flag, resolution },
    });
  });
  return { success: true as const };
}

/** Whether an order's card payment was voided or refunded (at its cancellation): it cannot be reopened. */
export async function paymentGivenBack(tx: DbOrTx, orderId: number): Promise<boolean> {
  const payment = await q.paymentOfOrder(tx, orderId);
  return payment !== null && (payment.status === 'CANCELED' || payment.refundedCents > 0);
}
