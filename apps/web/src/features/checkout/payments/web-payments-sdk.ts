/**
 * The small part of Square's Web Payments SDK that checkout uses, typed from Square's reference
 * (https://developer.squareup.com/reference/sdks/web/payments): `Square.payments(appId, locationId)`,
 * `payments.card()`, and the card's `attach`, `tokenize`, `focus` and `destroy`. Square publishes
 * the full types as `@square/web-payments-sdk-types`; that package declares TypeScript 5.1 as a
 * runtime dependency (a second compiler in every install) for the dozen members used here.
 *
 * The local stand-in of the demo (./test-card-sdk.ts) implements the same interface, so checkout
 * runs one code path whichever provider the server names.
 */

/** The buyer, for buyer verification (3-D Secure): the more Square knows, the fewer challenges. */
export interface BillingContact {
  givenName?: string;
  familyName?: string;
  email?: string;
  phone?: string;
  addressLines?: string[];
  city?: string;
  postalCode?: string;
  countryCode?: string;
}

/**
 * What `card.tokenize()` takes to verify the buyer while it tokenizes (Strong Customer
 * Authentication), the flow that replaces `payments.verifyBuyer()`:
 * https://developer.squareup.com/docs/web-payments/take-card-payment and
 * https://developer.squareup.com/reference/sdks/web/payments/objects/ChargeCardVerificationDetails.
 */
export interface ChargeVerificationDetails {
  /** The total charged, in dollars with cents ("12.50"), exactly what the server will charge. */
  amount: string;
  currencyCode: string;
  intent: 'CHARGE';
  billingContact: BillingContact;
  customerInitiated: boolean;
  sellerKeyedIn: boolean;
}

/** The fields of the card form, as `focus()` and tokenize errors name them (CardFieldNames). */
export type CardField = 'cardNumber' | 'expirationDate' | 'cvv' | 'postalCode';

/** One problem of a failed tokenization (TokenErrorDetails); `field` when it is one field's. */
export interface TokenError {
  type: string;
  message: string;
  field?: CardField | string;
}

/** The result of `card.tokenize()` (TokenResult). */
export type TokenResult =
  | {
      status: 'OK';
      /** The one-time payment token: the `source_id` of the payment. */
      token: string;
      details?: {
        method: string;
        card?: { brand: string; last4: string; expMonth: number; expYear: number };
      };
    }
  | { status: 'Invalid' | 'Error'; errors: TokenError[] }
  | { status: 'Unknown' | 'Abort' | 'Cancel' };

/** A card payment method: the card form, once attached to an element of the page. */
export interface Card {
  attach(target: HTMLElement | string): Promise<void>;
  tokenize(verificationDetails?: ChargeVerificationDetails): Promise<TokenResult>;
  focus(field: CardField): Promise<boolean>;
  destroy(): Promise<boolean>;
}

export interface Payments {
  card(options?: { postalCode?: string }): Promise<Card>;
}

/** `window.Square`, defined by the SDK's script. */
export interface SquareGlobal {
  payments(applicationId: string, locationId?: string): Payments;
}

declare global {
  interface Window {
    Square?: SquareGlobal;
  }
}
