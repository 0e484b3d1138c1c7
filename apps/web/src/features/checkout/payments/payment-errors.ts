import { ApiError } from '../../../api/api-error';
import type { CardField, TokenResult } from './web-payments-sdk';

/** A card the form could not turn into a token: what to tell the customer, and where to go. */
export interface TokenizeFailure {
  message: string;
  /** The first field to correct, focused for the customer (null: nothing to correct in the form). */
  field: CardField | null;
}

const FIELD_NAMES: Record<CardField, string> = {
  cardNumber: 'the card number',
  expirationDate: 'the expiry date',
  cvv: 'the security code',
  postalCode: 'the postcode',
};

const isCardField = (field: unknown): field is CardField =>
  typeof field === 'string' && Object.hasOwn(FIELD_NAMES, field);

/** "a", "a and b", "a, b and c". */
function listed(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * Why `card.tokenize()` gave no token, in the customer's words
 * (https://developer.squareup.com/reference/sdks/web/payments/objects/TokenResult): `Invalid` names
 * the fields the form marked, `Cancel` and `Abort` are a bank check (3-D Secure) the customer closed,
 * `Error` and `Unknown` a failure of the SDK or of the network.
 */
export function tokenizeFailure(result: Exclude<TokenResult, { status: 'OK' }>): TokenizeFailure {
  switch (result.status) {
    case 'Invalid': {
      const fields = [...new Set(result.errors.map((e) => e.field).filter(isCardField))];
      if (fields.length === 0) return { message: 'Check your card details.', field: null };
      return { message: `Check ${listed(fields.map((f) => FIELD_NAMES[f]))}.`, field: fields[0] ?? null };
    }
    case 'Cancel':
    case 'Abort':
      return {
        message: 'The check with your bank was cancelled, so nothing was charged. Press Pay to try again.',
        field: null,
      };
    default:
      return { message: CARD_NOT_CHECKED, field: null };
  }
}

export const CARD_FORM_LOADING =
  'The card form is still loading. Please wait a moment, then press Pay again.';
export const CARD_FORM_FAILED =
  'The card form could not be loaded. Press "Load the card form again", then pay.';

export const CARD_NOT_CHECKED =
  'Your card could not be checked, so nothing was charged. Please try again, or use another card.';

/** A payment the server did not complete: what to say, and whether the attempt is over. */
export interface PaymentFailure {
  message: string;
  /**
   * The server answered for good (a decline, a refused card, a refused request): the next Pay is a
   * new attempt, with a new token and a new Idempotency-Key. Otherwise the outcome is unknown, and
   * trying again must send the same request under the same key, so the card is charged once at most.
   */
  definitive: boolean;
  /** The card was declined (kept in browser storage, as the spec keeps the payment's error). */
  declined: boolean;
}

const UNCONFIRMED = 'We could not confirm your payment. Please try again: you will not be charged twice.';

/** The message of a field error without the field's name in front ("payment.source_id: ..."). */
function withoutFieldName(error: ApiError): string {
  const field = error.field ?? '';
  const names = [field, field.split('.').at(-1) ?? ''].filter(Boolean);
  const prefix = names.map((name) => `${name}: `).find((p) => error.message.startsWith(p));
  const text = prefix ? error.message.slice(prefix.length) : error.message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What an error of `POST /api/v1/orders/` means for the customer: 402 a decline with the server's
 * reason, 400 on a `payment.*` field a card token the server refused (expired, already used), 401
 * a session gone, 429 too many attempts, other 4xx the server's message; 409 (the same attempt is
 * still being processed), 5xx and no answer at all leave the outcome unknown.
 */
export function paymentFailure(error: unknown): PaymentFailure {
  if (!(error instanceof ApiError)) return { message: UNCONFIRMED, definitive: false, declined: false };
  if (error.status === 402) return { message: error.message, definitive: true, declined: true };
  if (error.status === 400 && error.field?.startsWith('payment')) {
    return { message: withoutFieldName(error), definitive: true, declined: false };
  }
  if (error.status === 401) {
    return {
      message: 'Please sign in again to pay. Nothing was charged.',
      definitive: true,
      declined: false,
    };
  }
  if (error.status === 409) return { message: UNCONFIRMED, definitive: false, declined: false };
  // The server's own word on an unavailable provider (a proxy's 503 has none).
  if (error.status === 503 && error.reason)
    return { message: error.message, definitive: false, declined: false };
  if (error.status < 500) return { message: error.message, definitive: true, declined: false };
  return { message: UNCONFIRMED, definitive: false, declined: false };
}
