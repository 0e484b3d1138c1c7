import { AppError, invalid, unavailable } from '../../http/errors.js';

/**
 * What a customer reads when the card provider refuses a payment, by Square's error code
 * (https://developer.squareup.com/reference/square/enums/ErrorCode, and "Handle payment errors",
 * https://developer.squareup.com/docs/payments-api/error-codes). The code itself goes to the log.
 */
const DECLINES: Record<string, string> = {
  GENERIC_DECLINE: 'Your card was declined. Please use another card.',
  CARD_DECLINED: 'Your card was declined. Please use another card.',
  CARD_DECLINED_CALL_ISSUER: 'Your card was declined. Please call your bank, or use another card.',
  CARD_DECLINED_VERIFICATION_REQUIRED:
    'Your bank asked to verify this payment. Please pay again and complete the verification.',
  CVV_FAILURE: "The card's security code (CVV) was not accepted. Please check it and try again.",
  VERIFY_CVV_FAILURE: "The card's security code (CVV) was not accepted. Please check it and try again.",
  ADDRESS_VERIFICATION_FAILURE: "The card's postcode was not accepted. Please check it and try again.",
  VERIFY_AVS_FAILURE: "The card's postcode was not accepted. Please check it and try again.",
  INVALID_POSTAL_CODE: "The card's postcode was not accepted. Please check it and try again.",
  INVALID_EXPIRATION: "The card's expiry date was not accepted. Please check it and try again.",
  INVALID_EXPIRATION_DATE: "The card's expiry date was not accepted. Please check it and try again.",
  INVALID_EXPIRATION_YEAR: "The card's expiry date was not accepted. Please check it and try again.",
  BAD_EXPIRATION: "The card's expiry date was not accepted. Please check it and try again.",
  EXPIRATION_FAILURE: "The card's expiry date was not accepted. Please check it and try again.",
  CARD_EXPIRED: 'This card has expired. Please use another card.',
  INSUFFICIENT_FUNDS: 'The card has insufficient funds. Please use another card.',
  INVALID_CARD: 'The card number was not accepted. Please check it, or use another card.',
  PAN_FAILURE: 'The card number was not accepted. Please check it, or use another card.',
  INVALID_ACCOUNT: 'The card number was not accepted. Please check it, or use another card.',
  CARD_NOT_SUPPORTED: 'This card cannot be used here. Please use another card.',
  UNSUPPORTED_CARD_BRAND: 'This card cannot be used here. Please use another card.',
  TRANSACTION_LIMIT: "The payment is over this card's limit. Please use another card.",
  PAYMENT_LIMIT_EXCEEDED: "The payment is over this card's limit. Please use another card.",
  AMOUNT_TOO_HIGH: "The payment is over this card's limit. Please use another card.",
};
const DECLINED = DECLINES.GENERIC_DECLINE!;

/** A declined card: 402 with the reason in the customer's words, on the payment field. */
export function declinedError(code: string): AppError {
  return new AppError(402, 'payment_declined', DECLINES[code] ?? DECLINED, { field: 'payment' });
}

/**
 * Codes of a refused card token: expired, used already, unknown, or its verification failed. The
 * customer enters the card again (the SDK makes a new token); nothing was charged.
 */
const TOKEN_CODES = new Set([
  'CARD_TOKEN_EXPIRED',
  'CARD_TOKEN_USED',
  'SOURCE_USED',
  'SOURCE_EXPIRED',
  'INVALID_CARD_DATA',
  'INVALID_ENCRYPTED_CARD',
  'NOT_FOUND',
]);
export const TOKEN_REFUSED =
  'The card details have expired or were already used. Please enter your card again.';

/** A refusal of the request (not of the card) by the provider, as the customer should see it. */
export function refusedError(code: string, field: string | null): AppError {
  if (TOKEN_CODES.has(code) || field === 'source_id' || field === 'verification_token') {
    return invalid(TOKEN_REFUSED, 'payment.source_id');
  }
  // Anything else is ours to fix (a location the provider does not know, a bad setting): the
  // customer can only try later, and the log says what to fix.
  return paymentsUnavailable();
}

export const PROVIDER_UNAVAILABLE =
  'The card payment could not be confirmed. Please try again: the same order is never charged twice.';

export function paymentsUnavailable(): AppError {
  return unavailable('Card payments are unavailable at the moment. Please try again in a few minutes.');
}
