import type { ReconciliationRun } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { paymentReconciliations } from '../../db/schema/index.js';
import { conflict } from '../../http/errors.js';
import { type ProviderPayment, providerKey } from '../../integrations/payments.js';
import { SquareUnauthorized, SquareUnavailable } from '../../integrations/square.js';
import { type Poller, startPoller } from '../../lib/poller.js';
import { recordAudit } from '../audit/audit.record.js';
import { finishCancellation } from '../orders/orders.service.js';
import * as q from './payments.queries.js';
import { applyRefund, recordPaymentStatus, sendRefund } from './payments.service.js';

/**
 * Reconciliation: the provider's payments of the last hours, matched with our orders by the
 * reference each payment carries (docs/payments.md, "Reconciliation"). Any instance may run it; one
 * run at a time (a lease in `payment_reconciliations`, taken under an advisory lock).
 * - A payment no order claims (the process died between the charge and the write, or the write
 *   failed and its cancel too) is cancelled if only authorised, refunded if completed: never kept.
 *   Younger ones are left alone for a while (PAYMENTS_ORPHAN_GRACE_MINUTES): their checkout may
 *   still be writing, or the customer retrying with the same key.
 * - An order whose payment is still only authorised is completed; one whose payment is not
 *   completed (cancelled, failed, or completing fails) is flagged for a super admin.
 * - Refunds sent whose answer never came are sent again under their own key; a cancellation whose
 *   refund was claimed but whose order was never canceled is finished (or its claim released).
 * - A payment refunded at the provider for more than we know of is flagged.
 */

const LEASE_MINUTES = 10;

type Counts = Omit<ReconciliationRun, 'id' | 'started_at' | 'finished_at' | 'from' | 'to' | 'error'>;

async function startRun(app: AppContext, from: Date, to: Date) {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    await q.lockReconciliations(tx);
    if (await q.reconciliationRunning(tx, new Date(now.getTime() - LEASE_MINUTES * 60_000))) return null;
    const run = await q.insertReconciliation(tx, { startedAt: now, fromAt: from, toAt: to });
    await recordAudit(tx, {
      entityId: run!.id,
      locationId: null,
      summary: `Payment reconciliation #${run!.id} run by hand`,
      before: null,
      after: { from: from.toISOString(), to: now.toISOString() },
    });
    return run!;
  });
}

/** Runs one reconciliation now; null when another is running (on any instance). */
export async function reconcilePayments(app: AppContext): Promise<ReconciliationRun | null> {
  const { lookbackHours } = app.config.reconciliation;
  const now = app.clock.now();
  const from = new Date(now.getTime() - lookbackHours * 3_600_000);
  const run = await startRun(app, from, now);
  if (!run) return null;
  const counts: Counts = { payments_seen: 0, matched: 0, completed: 0, canceled: 0, refunded: 0, flagged: 0 };
  let error: string | null = null;
  try {
    await reconcile(app, from, now, counts);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
    app.log.error({ err: e, code: 'RECONCILIATION_FAILED' }, 'payment reconciliation failed');
  }
  const done = await q.finishReconciliation(app.db, run.id, {
    finishedAt: app.clock.now(),
    paymentsSeen: counts.payments_seen,
    matched: counts.matched,
    completed: counts.completed,
    canceled: counts.canceled,
    refunded: counts.refunded,
    flagged: counts.flagged,
    error,
  });
  return presentRun(done!);
}

export function presentRun(r: typeof paymentReconciliations.$inferSelect): ReconciliationRun {
  return {
    id: r.id,
    started_at: r.startedAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    from: r.fromAt.toISOString(),
    to: r.toAt.toISOString(),
    payments_seen: r.paymentsSeen,
    matched: r.matched,
    completed: r.completed,
    canceled: r.canceled,
    refunded: r.refunded,
    flagged: r.flagged,
    error: r.error,
  };
}

/** Square lists one location's payments at a time: every location we take payments at. */
async function providerLocations(app: AppContext): Promise<(string | null)[]> {
  if (app.config.payments.provider !== 'square') return [null];
  const ids = await q.squareLocationIds(app.db);
  return [...new Set([app.config.payments.square.locationId, ...ids])];
}

async function reconcile(app: AppContext, from: Date, now: Date, counts: Counts): Promise<void> {
  const provider = app.adapters.payments;
  const graceMs = app.config.reconciliation.orphanGraceMinutes * 60_000;
  const seen: ProviderPayment[] = [];
  for (const locationId of await providerLocations(app)) {
    seen.push(...(await provider.listPayments({ begin: from, end: now, locationId })));
  }
  counts.payments_seen = seen.length;
  const ours = seen.length
    ? await q.providerPaymentsWithOrders(
        app.db,
        provider.name,
        seen.map((p) => p.id),
      )
    : [];
  const byId = new Map(ours.map((r) => [r.payment.providerPaymentId!, r]));
  const flag = async (id: number, text: string) => {
    if (await q.flagPayment(app.db, id, text, now)) counts.flagged++;
  };

  for (const p of seen) {
    const mine = byId.get(p.id);
    const old = now.getTime() - new Date(p.createdAt).getTime() >= graceMs;
    if (!mine?.payment.orderId) {
      if (mine || !old || !['APPROVED', 'COMPLETED'].includes(p.status)) continue;
      await settleOrphan(app, p, counts);
      continue;
    }
    counts.matched++;
    const orderStatus = mine.orderStatus;
    if (p.status === 'APPROVED' && orderStatus !== 'Canceled') {
      try {
        const completed = await provider.complete(p.id);
        await recordPaymentStatus(app, completed);
        counts.completed++;
      } catch (error) {
        app.log.warn({ err: error, paymentId: p.id }, 'reconciliation could not complete a payment');
        if (old) await flag(mine.payment.id, 'The order stands but its card payment could not be completed.');
      }
      continue;
    }
    if (p.status !== mine.payment.status || p.refundedCents > mine.payment.refundedCents) {
      await recordPaymentStatus(app, p);
    }
    if ((p.status === 'CANCELED' || p.status === 'FAILED') && orderStatus !== 'Canceled') {
      await flag(
        mine.payment.id,
        `The order stands but its card payment was ${p.status.toLowerCase()}: it is not paid.`,
      );
    } else if (p.refundedCents > mine.payment.refundedCents) {
      await flag(
        mine.payment.id,
        `The card provider refunded $${q.centsToAmount(p.refundedCents - mine.payment.refundedCents)} more than the platform knows of (a refund made outside it?).`,
      );
    }
  }

  // Orders whose payment we still hold as authorised, and which the listing did not show (another
  // location, or older than the window): each asked for by id.
  const stale = await q.staleAuthorisedPayments(app.db, provider.name, new Date(now.getTime() - graceMs));
  for (const row of stale) {
    if (byId.has(row.payment.providerPaymentId ?? '')) continue;
    const p = await provider.getPayment(row.payment.providerPaymentId!).catch(() => null);
    if (p?.status === 'APPROVED') {
      const completed = await provider.complete(p.id).catch(() => null);
      if (completed) {
        await recordPaymentStatus(app, completed);
        counts.completed++;
        continue;
      }
    } else if (p) {
      await recordPaymentStatus(app, p);
      if (p.status === 'COMPLETED') continue;
    }
    await flag(row.payment.id, 'The order stands but its card payment could not be completed.');
  }

  await releaseUnansweredAuthorisations(app, now, graceMs);

  // Cancellations whose refund was claimed but whose order was never canceled (no answer, and the
  // admin did not try again): finished, or released if the provider now refuses (never twice:
  // the claim's own key). Younger claims are left to their admin a while longer.
  for (const { refund } of await q.unfinishedCancellations(app.db, new Date(now.getTime() - graceMs))) {
    if (refund.orderId === null || refund.requestedBy === null) continue;
    try {
      if (await finishCancellation(app, refund.orderId, refund.requestedBy)) counts.refunded++;
    } catch (error) {
      app.log.warn({ err: error, refundId: refund.id }, 'cancellation still not finished');
    }
  }
  // Refunds whose answer never came: sent again under the same key (never refunded twice).
  for (const refund of await q.unconfirmedRefunds(app.db)) {
    const payment = await q.findPayment(app.db, refund.paymentId);
    if (!payment) continue;
    try {
      await sendRefund(app, payment, refund);
    } catch (error) {
      app.log.warn({ err: error, refundId: refund.id }, 'refund still not confirmed');
    }
  }
  // Refunds still pending at the provider (its refund.updated may have come before we knew the
  // refund's id, or not at all): asked for.
  for (const refund of await q.pendingRefunds(app.db)) {
    const r = await provider.getRefund(refund.providerRefundId!).catch(() => null);
    if (r && r.status !== 'PENDING') {
      await app.db.transaction((tx) =>
        applyRefund(app, tx, refund.id, { status: r.status, providerRefundId: r.id }),
      );
    }
  }
}

/** How far back unanswered checkouts are swept: Square voids a delayed-capture payment itself after 7 days. */
export const UNANSWERED_SWEEP_DAYS = 7;
/** Unanswered checkouts swept per run (each is one call to the provider). */
const UNANSWERED_PER_RUN = 100;

/**
 * A checkout that never heard the card provider's answer (a timeout, an outage, the server stopped
 * between the authorisation and the order's write) may have left an authorisation no order claims.
 * The listing above finds such a payment only within PAYMENTS_RECONCILE_HOURS; after an outage
 * longer than that, the customer's card would stay on hold until Square voids it. So every such
 * checkout older than the grace is cancelled by the key it was sent under, once, however old (up
 * to UNANSWERED_SWEEP_DAYS): CancelPaymentByIdempotencyKey, made "when the status of a
 * CreatePayment request is unknown", does nothing when no payment has the key
 * (https://developer.squareup.com/reference/square/payments-api/cancel-payment-by-idempotency-key).
 * A retry of that checkout later finds its payment released and asks the customer to pay again
 * (PAYMENT_RELEASED). A provider that does not answer leaves the rest for the next run; one that
 * refuses (the payment was completed or cancelled meanwhile) marks the key swept.
 */
async function releaseUnansweredAuthorisations(app: AppContext, now: Date, graceMs: number): Promise<void> {
  const provider = app.adapters.payments;
  const keys = await q.unansweredCheckoutKeys(
    app.db,
    {
      after: new Date(now.getTime() - UNANSWERED_SWEEP_DAYS * 86_400_000),
      before: new Date(now.getTime() - graceMs),
    },
    UNANSWERED_PER_RUN,
  );
  for (const k of keys) {
    try {
      await provider.cancelByKey(providerKey('pay', k.scope, k.key));
    } catch (error) {
      if (error instanceof SquareUnavailable || error instanceof SquareUnauthorized) {
        app.log.warn({ err: error }, 'unanswered checkouts not swept: the card provider did not answer');
        return;
      }
      app.log.warn({ err: error }, 'an unanswered checkout had nothing left to cancel');
    }
    await q.markKeySwept(app.db, k.key, now);
  }
  if (keys.length) app.log.info({ swept: keys.length }, 'unanswered checkouts swept');
}

/**
 * A payment no order claims: cancelled while only authorised, refunded when completed, and kept as
 * a payment row without an order (flagged, already resolved) so super admins can see what was done.
 */
async function settleOrphan(app: AppContext, p: ProviderPayment, counts: Counts): Promise<void> {
  const provider = app.adapters.payments;
  const now = app.clock.now();
  let status = p.status;
  let what: string;
  if (p.status === 'APPROVED') {
    status = (await provider.cancel(p.id)).status;
    counts.canceled++;
    what = 'cancelled (the customer is not charged)';
  } else {
    const left = p.amountCents - p.refundedCents;
    if (left > 0) {
      const outcome = await provider.refund({
        paymentId: p.id,
        amountCents: left,
        idempotencyKey: providerKey('ref', `orphan:${p.id}`, 'reconciliation'),
        reason: 'No order was written for this payment',
      });
      if (outcome.kind === 'refused')
        throw new Error(`refund of an orphan payment refused: ${outcome.detail}`);
    }
    counts.refunded++;
    what = `refunded in full ($${q.centsToAmount(p.amountCents)})`;
  }
  app.log.warn(
    { paymentId: p.id, reference: p.referenceId, status: p.status },
    `payment without an order ${what}`,
  );
  await q.insertPaymentOnce(app.db, {
    provider: provider.name,
    providerPaymentId: p.id,
    idempotencyKey: `orphan:${provider.name}:${p.id}`,
    status,
    sourceType: p.sourceType,
    receiptNumber: p.receiptNumber,
    totalCents: p.amountCents,
    refundedCents: status === 'CANCELED' ? 0 : p.amountCents,
    referenceId: p.referenceId,
    providerLocationId: p.locationId,
    flag: `No order was written for this payment: ${what}.`,
    flaggedAt: now,
    resolvedAt: now,
    resolution: 'Settled automatically by reconciliation.',
    createdAt: new Date(p.createdAt),
    updatedAt: now,
  });
}

/** Runs reconciliation every PAYMENTS_RECONCILE_EVERY_MINUTES on this instance (one at a time overall). */
export function startReconciliation(app: AppContext): Poller {
  return startPoller(app.log, 'payment reconciliation', app.config.reconciliation.everyMinutes * 60_000, () =>
    reconcilePayments(app),
  );
}

/** The last run and the open flags (super admins). */
export async function reconciliationView(app: AppContext) {
  const [last, flags] = await Promise.all([q.lastRun(app.db), q.openFlags(app.db)]);
  return {
    success: true as const,
    last_run: last ? presentRun(last) : null,
    flags: flags.map(({ payment: p, customer, location }) => ({
      payment_id: p.id,
      order_id: p.orderId,
      provider: p.provider,
      provider_payment_id: p.providerPaymentId,
      status: p.status,
      amount: p.totalCents / 100,
      refunded: p.refundedCents / 100,
      flag: p.flag!,
      flagged_at: p.flaggedAt!.toISOString(),
      customer,
      location,
    })),
  };
}

export async function runReconciliationNow(app: AppContext) {
  const run = await reconcilePayments(app);
  if (!run) throw conflict('Reconciliation is already running. Please look again in a minute.');
  return { success: true as const, run };
}
