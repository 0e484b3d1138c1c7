import { type PlaceOrderResponse, toAmount } from '@kitchaco/domain';
import { storage } from '../../lib/storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';

/** Cents (as the payment provider counts) to dollars with 2 decimals, exactly. */
const dollars = (cents: number) => toAmount(cents * 10);

/**
 * What the spec keeps after checkout: the order id and status (STORAGE_KEYS.order) and the payment's
 * status, source type, receipt number, app fee, transaction charge, total and error
 * (STORAGE_KEYS.payment), amounts in dollars.
 */
export function rememberPlacedOrder(result: PlaceOrderResponse): void {
  storage.setMany({
    [STORAGE_KEYS.order]: JSON.stringify({ id: result.order.id, status: result.order.status }),
    [STORAGE_KEYS.payment]: JSON.stringify({
      status: result.payment.status,
      source_type: result.payment.source_type,
      receipt_number: result.payment.receipt_number,
      app_fee: dollars(result.payment.app_fee_money.amount),
      transaction_charge: result.order.transaction_charge,
      total: dollars(result.payment.total_money.amount),
      error: null,
    }),
  });
}

/** A refused payment: its error is kept, as the spec keeps it, and the cart stays as it was. */
export function rememberPaymentError(message: string): void {
  storage.set(
    STORAGE_KEYS.payment,
    JSON.stringify({
      status: 'DECLINED',
      source_type: null,
      receipt_number: null,
      app_fee: 0,
      transaction_charge: null,
      total: 0,
      error: message,
    }),
  );
}
