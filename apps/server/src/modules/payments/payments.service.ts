import { randomUUID } from 'node:crypto';
import type { OrderPaymentView, PaymentsConfig, RefundRequest, RefundView } from '@kitchaco/domain';
import { toMills } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { conflict, forbidden, notFound, unavailable, unprocessable } from '../../http/errors.js';
import type { ProviderPayment, ProviderRefund } from '../../integrations/payments.js';
import { providerKey, SquareUnauthorized } from '../../integrations/payments.js';
import type { RefundOutcome } from '../../lib/metrics.js';
import { WriteBatcher } from '../../lib/write-batcher.js';
import { recordAudit } from '../audit/audit.record.js';
import { ticketsOfRefundedOrder } from '../kitchen/kitchen-notices.js';
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
    const canceling = await q.liveCancellation(tx, order.id);
    if (canceling && cents > left) {
      throw unprocessable(
        `At most $${q.centsToAmount(left)} can still be refunded on this order: it is being canceled, and its cancellation refunds $${q.centsToAmount(canceling.amountCents)}.`,
        'amount',
      );
    }
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

/** Records a refund's answer from the provider and how long it took (`asked`: performance.now()). */
function refundAnswered(app: AppContext, asked: number, outcome: RefundOutcome): void {
  const seconds = (performance.now() - asked) / 1000;
  app.metrics.providerCall(app.adapters.payments.name, 'refund', seconds, outcome !== 'no_answer');
  app.metrics.refund(outcome);
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
  const asked = performance.now();
  try {
    outcome = await app.adapters.payments.refund({
      paymentId: payment.providerPaymentId,
      amountCents: refund.amountCents,
      idempotencyKey: refund.idempotencyKey,
      reason: refund.reason,
    });
    refundAnswered(app, asked, outcome.kind === 'refused' ? 'refused' : 'accepted');
  } catch (error) {
    refundAnswered(app, asked, 'no_answer');
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
 *   order still counts, a row of the opposite sign. The payment is flagged for a super admin when
 *   the customer was told the money was coming (the provider had accepted it), or when the order is
 *   canceled (the customer is owed all of it): the flag names what is still due.
 * The order's row is locked first, as every money path locks it (order, then payment and refunds):
 * so this serialises with the order's cancellation, and a refund either counts before the
 * cancellation's reversal is computed, or finds the order canceled and does not count. Statuses
 * only move forward (PENDING -> COMPLETED | FAILED | REJECTED).
 */
export async function applyRefund(
  app: AppContext,
  tx: DbOrTx,
  refundId: number,
  next: { status: ProviderRefund['status']; providerRefundId: string | null; error?: string },
): Promise<q.RefundRow> {
  const now = app.clock.now();
  const found = await q.findRefund(tx, refundId);
  if (!found) throw notFound(`Refund ${refundId} does not exist.`);
  const order = found.orderId ? await q.orderForRefund(tx, found.orderId, true) : null;
  const current = await q.lockRefund(tx, refundId);
  if (!current) throw notFound(`Refund ${refundId} does not exist.`);
  if (current.status !== 'PENDING') return current;
  const wasAccepted = current.providerRefundId !== null;
  const canceled = order?.status === 'Canceled';
  const counts = order !== null && !canceled && !current.cancellation;
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
    if (!wasAccepted && order && KITCHEN_STATUSES.has(order.status))
      await stopKitchenIfRefunded(tx, current, order.id, now);
    return updated;
  }
  // FAILED or REJECTED: nothing was (or will be) given back.
  await q.addRefunded(tx, current.paymentId, -current.amountCents, now);
  if (wasAccepted && counts)
    await ledger(current.amountCents, `Refund ${next.status.toLowerCase()}: ${current.reason}`, null);
  const amount = `$${q.centsToAmount(current.amountCents)}`;
  const what = next.status === 'FAILED' && !wasAccepted ? 'refused' : next.status.toLowerCase();
  if (canceled) {
    const payment = await q.lockPayment(tx, current.paymentId);
    const due = payment ? payment.totalCents - payment.refundedCents : current.amountCents;
    await q.flagPayment(
      tx,
      current.paymentId,
      `A refund of ${amount} was ${what} by the card provider after the order was canceled: $${q.centsToAmount(due)} is still due to the customer.`,
      now,
    );
  } else if (wasAccepted) {
    await q.flagPayment(
      tx,
      current.paymentId,
      `A refund of ${amount} was ${what} by the card provider: the customer did not get it back.`,
      now,
    );
  }
  return updated;
}

/** Orders the kitchen may still be cooking. */
const KITCHEN_STATUSES = new Set<string>(['Received', 'Cooking']);

/**
 * A refund the provider accepted that gives back all of the payment of an order still in the
 * kitchen: its open tickets are canceled on every screen (nothing is cooked for money given back).
 */
async function stopKitchenIfRefunded(tx: DbOrTx, refund: q.RefundRow, orderId: number, at: Date) {
  const payment = await q.lockPayment(tx, refund.paymentId);
  if (payment && payment.refundedCents >= payment.totalCents) {
    await ticketsOfRefundedOrder(tx, orderId, { at, by: refund.requestedBy ?? null });
  }
}

// ---------------------------------------------------------------- cancellation

export interface CancellationMoney {
  amount: number;
  kind: 'refunded' | 'voided' | 'pending';
}

/** What canceling a paid order did at the provider, settled in the status change's transaction. */
export interface PreparedCancellation {
  payment: q.PaymentRow;
  /** Cents of an authorisation released (0 when the payment was completed). */
  voided: number;
  /** The claim of what was left, and the provider's acceptance of it (null: nothing was left). */
  refund: { claim: q.RefundRow; accepted: ProviderRefund } | null;
}

const CANCELLATION_UNCONFIRMED =
  'The card provider did not confirm the refund, so the order was not canceled. Please try again: the customer is never refunded twice.';

/**
 * What canceling a paid order does to its card payment, asked of the provider before the order's
 * status changes (so a provider that cannot be reached leaves the order as it was, and the admin
 * tries again): an authorisation is cancelled (voided), a completed payment refunded of what is left.
 * 1. `claimCancellation` claims what is left, under the order's and the payment's locks: a refund
 *    row PENDING with its amount, reserved on the payment (so a partial refund racing it either
 *    fits in what is left before, or is refused naming what is left);
 * 2. the provider is asked under the claim's own key. A refusal releases the claim (the order stays
 *    as it was, with the provider's reason); no answer keeps it (the money may be gone), and the
 *    admin's retry, or reconciliation, sends the same claim under the same key again.
 * Returns what `settleCancellation` writes in the status change's transaction; null without a card
 * payment.
 */
export async function prepareCancellation(
  app: AppContext,
  orderId: number,
  by: number,
): Promise<PreparedCancellation | null> {
  let payment = await q.paymentOfOrder(app.db, orderId);
  const providerPaymentId = payment?.providerPaymentId;
  if (!payment || !providerPaymentId) return null;
  const provider = app.adapters.payments;
  if (payment.status === 'APPROVED') {
    let released: ProviderPayment;
    try {
      released = await provider.cancel(providerPaymentId);
    } catch (error) {
      app.log.warn({ err: error, orderId, code: 'CANCELLATION_NO_ANSWER' }, 'cancellation not confirmed');
      throw unavailable(CANCELLATION_UNCONFIRMED);
    }
    await recordPaymentStatus(app, released);
    if (released.status !== 'COMPLETED') return { payment, voided: payment.totalCents, refund: null };
    // Completed meanwhile (reconciliation): refunded instead.
    payment = { ...payment, status: 'COMPLETED' };
  }
  const claim = await claimCancellation(app, orderId, by);
  if (!claim) return { payment, voided: 0, refund: null };
  let outcome: Awaited<ReturnType<typeof provider.refund>>;
  const asked = performance.now();
  try {
    outcome = await provider.refund({
      paymentId: providerPaymentId,
      amountCents: claim.amountCents,
      idempotencyKey: claim.idempotencyKey,
      reason: claim.reason,
    });
    refundAnswered(app, asked, outcome.kind === 'refused' ? 'refused' : 'accepted');
  } catch (error) {
    refundAnswered(app, asked, 'no_answer');
    app.log.warn(
      { err: error, orderId, refundId: claim.id, code: 'CANCELLATION_REFUND_NO_ANSWER' },
      'cancellation refund not confirmed',
    );
    throw unavailable(CANCELLATION_UNCONFIRMED);
  }
  if (outcome.kind === 'refused') {
    app.log.warn({ orderId, code: outcome.code, detail: outcome.detail }, 'cancellation refund refused');
    await app.db.transaction((tx) =>
      applyRefund(app, tx, claim.id, { status: 'FAILED', providerRefundId: null, error: outcome.detail }),
    );
    throw unprocessable(
      `The card provider refused the refund, so the order was not canceled: ${outcome.detail}`,
    );
  }
  return { payment, voided: 0, refund: { claim, accepted: outcome.refund } };
}

/**
 * Claims what is left of an order's completed payment for its cancellation, in one short
 * transaction under the order's and the payment's locks: the order's live claim when there is one
 * (a retry after no answer: the same row, key and amount), else a new PENDING refund row of what is
 * left, reserved on the payment. Null when the order is already canceled or nothing is left.
 */
async function claimCancellation(app: AppContext, orderId: number, by: number): Promise<q.RefundRow | null> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const order = await q.orderForRefund(tx, orderId, true);
    if (!order || order.status === 'Canceled') return null;
    const payment = await q.paymentOfOrder(tx, orderId, true);
    if (payment?.status !== 'COMPLETED') return null;
    const live = await q.liveCancellation(tx, orderId);
    if (live) return live;
    const left = payment.totalCents - payment.refundedCents;
    if (left <= 0) return null;
    const claim = await q.insertRefund(tx, {
      paymentId: payment.id,
      orderId,
      provider: payment.provider,
      // A key per claim: a claim the provider refused is released, and the next claim (perhaps of
      // another amount) is a new refund, never the refused one's answer replayed.
      idempotencyKey: providerKey('ref', `order:${orderId}`, `cancellation:${randomUUID()}`),
      amountCents: left,
      reason: 'Order canceled',
      cancellation: true,
      status: 'PENDING',
      requestedBy: by,
      createdAt: now,
    });
    await q.addRefunded(tx, payment.id, left, now);
    return claim;
  });
}

/**
 * In the status change's transaction (the order locked and already Canceled), the one place a
 * cancellation's money is settled: a reversal of the order's earlier refunds in the ledger (the
 * canceled order now leaves every figure whole; refunds settling later find it canceled and add
 * nothing), and the claim settled from the provider's answer. A payment that is not whole once the
 * order is canceled (a partial refund the provider refused after the claim) is flagged with what
 * is still due. Returns what the customer is told, or null when no money moved.
 */
export async function settleCancellation(
  app: AppContext,
  tx: DbOrTx,
  orderId: number,
  prepared: PreparedCancellation,
): Promise<CancellationMoney | null> {
  const now = app.clock.now();
  const order = await q.orderForRefund(tx, orderId, true);
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
  if (prepared.voided > 0) return { amount: prepared.voided / 100, kind: 'voided' };
  let money: CancellationMoney | null = null;
  if (prepared.refund) {
    const { claim, accepted } = prepared.refund;
    const settled = await applyRefund(app, tx, claim.id, {
      status: accepted.status,
      providerRefundId: accepted.id,
    });
    if (settled.status !== 'PENDING' && settled.status !== 'COMPLETED') {
      // The provider failed the refund since it accepted it: the order is not canceled.
      throw conflict(
        `The card provider ${settled.status.toLowerCase()} the refund, so the order was not canceled. Please try again.`,
      );
    }
    money = {
      amount: claim.amountCents / 100,
      kind: settled.status === 'COMPLETED' ? 'refunded' : 'pending',
    };
  }
  const payment = await q.lockPayment(tx, prepared.payment.id);
  if (payment?.status === 'COMPLETED' && payment.refundedCents < payment.totalCents) {
    await q.flagPayment(
      tx,
      payment.id,
      `The order was canceled but a refund of it was refused or failed: $${q.centsToAmount(payment.totalCents - payment.refundedCents)} of the $${q.centsToAmount(payment.totalCents)} paid is still due to the customer.`,
      now,
    );
  }
  return money;
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
