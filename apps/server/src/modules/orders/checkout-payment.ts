import type { PlaceOrderResponse } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { ProviderPayment } from '../../integrations/payments.js';
import { timedCall } from '../../lib/metrics.js';
import { recordPaymentStatus } from '../payments/payments.service.js';
import type { PricedCheckout } from './checkout-pricing.js';
import * as q from './orders.queries.js';

// The card side of a checkout: where it is paid, how a payment is presented, released or completed.

export const PAYMENT_RELEASED =
  'This payment was stopped before the order was placed, and nothing was charged. Please pay again.';
export const PRICE_CHANGED =
  'The price of this order changed while it was being paid. Nothing was charged: please review your order and pay again.';

/** The provider's location for a payment: the pickup location's own, else the default. */
export function paymentLocation(app: AppContext, own: string | null): string | null {
  const payments = app.config.payments;
  if (payments.provider === 'square') return own ?? payments.square.locationId;
  return own;
}

export function presentPayment(p: ProviderPayment): PlaceOrderResponse['payment'] {
  return {
    status: p.status,
    source_type: p.sourceType,
    receipt_number: p.receiptNumber,
    app_fee_money: { amount: p.appFeeCents },
    total_money: { amount: p.amountCents },
  };
}

export async function releasePromo(app: AppContext, priced: PricedCheckout, k: q.KeyAnswer): Promise<void> {
  if (priced.promoCode) await q.releasePromo(app.db, k.key);
}

/** Releases an authorisation no order will claim; reconciliation does it if this fails. */
export async function cancelAuthorization(app: AppContext, paymentId: string): Promise<void> {
  const provider = app.adapters.payments;
  try {
    await timedCall(app.metrics, provider.name, 'cancel', provider.cancel(paymentId));
  } catch (error) {
    app.log.warn({ err: error, paymentId }, 'could not cancel an authorisation; reconciliation will');
  }
}

/**
 * The order's write failed. If the database says the key has no answer, nothing was written and
 * the authorisation is cancelled; if it cannot say (it is down), the write may have committed, so
 * the payment is left to reconciliation, which completes it for an order or cancels it otherwise.
 */
export async function afterFailedWrite(app: AppContext, k: q.KeyAnswer, paymentId: string): Promise<void> {
  try {
    const kept = await q.findIdempotencyKey(app.db, k.key);
    if (kept?.responseStatus === 200) return;
  } catch {
    return;
  }
  await cancelAuthorization(app, paymentId);
}

/**
 * Captures an authorised payment and records what the provider says. A failure leaves the order
 * standing with its payment APPROVED, which reconciliation completes (Square cancels an
 * authorisation left uncompleted for days).
 */
export async function completePayment(app: AppContext, paymentId: string): Promise<ProviderPayment | null> {
  const provider = app.adapters.payments;
  try {
    const completed = await timedCall(app.metrics, provider.name, 'complete', provider.complete(paymentId));
    await recordPaymentStatus(app, completed);
    return completed;
  } catch (error) {
    app.log.warn(
      { err: error, paymentId, code: 'PAYMENTS_COMPLETE_FAILED' },
      'payment not completed; reconciliation will complete it',
    );
    return null;
  }
}
