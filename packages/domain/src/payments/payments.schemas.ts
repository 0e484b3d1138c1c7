import { z } from 'zod';
import { amount, dbId } from '../wire/wire.js';

/**
 * Wire contracts of card payments (docs/payments.md). The card itself never reaches our server:
 * the browser turns it into a one-time token with Square's Web Payments SDK (or, in the demo, a
 * local stand-in of it), and the order carries only that token.
 */

/**
 * Square's documented sandbox payment tokens
 * (https://developer.squareup.com/docs/devtools/sandbox/payments): the local test provider answers
 * each as the sandbox does, and the demo's stand-in of the SDK makes them from Square's sandbox test
 * cards.
 */
export const SANDBOX_TOKENS = {
  ok: 'cnon:card-nonce-ok',
  declined: 'cnon:card-nonce-declined',
  rejectedCvv: 'cnon:card-nonce-rejected-cvv',
  rejectedPostalCode: 'cnon:card-nonce-rejected-postalcode',
  rejectedExpiration: 'cnon:card-nonce-rejected-expiration',
  alreadyUsed: 'cnon:card-nonce-already-used',
} as const;

/**
 * Square's sandbox test values for the SDK's card form: which token each gives. Card numbers from
 * https://developer.squareup.com/docs/devtools/sandbox/payments ("Card-present and card-not-present
 * success state values" and "error state values"): CVV 911, postal code 99999 and expiry 01/40
 * produce the documented failures.
 */
export const SANDBOX_CARDS = {
  visa: '4111 1111 1111 1111',
  mastercard: '5105 1051 0510 5100',
  amex: '3400 000000 00009',
  declinedCvv: '911',
  declinedPostalCode: '99999',
  declinedExpiry: '01/40',
} as const;

/** What the customer's browser sends for the card: the SDK's one-time token, never the card. */
export const paymentInput = z.object({
  source_id: z
    .string({ error: 'source_id: the card token is required' })
    .trim()
    .min(1, 'source_id: the card token is required')
    .max(192, 'source_id must be at most 192 characters'),
  /** Buyer verification (3-D Secure) token, when the SDK asked the bank. */
  verification_token: z.string().trim().min(1).max(1024).optional(),
});
export type PaymentInput = z.infer<typeof paymentInput>;

export const PAYMENT_PROVIDERS = ['test', 'square'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** `GET /api/v1/payments/config/`: what the checkout page needs to load the card form. */
export const paymentsConfigQuery = z.object({ kitchaco: dbId.optional() });
export const paymentsConfig = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Square's environment, or `local` for the test provider (no money moves). */
  environment: z.enum(['sandbox', 'production', 'local']),
  /** The Square application id the Web Payments SDK is initialised with (null: local stand-in). */
  application_id: z.string().nullable(),
  /** The Square location of the chosen location (or the default). */
  location_id: z.string().nullable(),
  /** Square's Web Payments SDK script (null: the local stand-in). */
  sdk_url: z.string().nullable(),
  currency: z.literal('AUD'),
  country: z.literal('AU'),
  /** True when no real money moves (the test provider, or Square's sandbox): the page says so. */
  test_mode: z.boolean(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfig>;

export const REFUND_STATUSES = ['PENDING', 'COMPLETED', 'REJECTED', 'FAILED'] as const;

export const refundView = z.object({
  id: z.number().int(),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  created_at: z.string(),
  /** The staff member who asked for it (null: the system, e.g. reconciliation). */
  requested_by: z.string().nullable(),
});
export type RefundView = z.infer<typeof refundView>;

/** An order's card payment as the provider last reported it, with its refunds. */
export const orderPaymentView = z.object({
  id: z.number().int(),
  provider: z.string(),
  provider_payment_id: z.string().nullable(),
  status: z.string(),
  receipt_number: z.string().nullable(),
  amount: z.number(),
  refunded: z.number(),
  /** What may still be refunded (0 unless the payment is completed). */
  refundable: z.number(),
  flag: z.string().nullable(),
  refunds: z.array(refundView),
});
export type OrderPaymentView = z.infer<typeof orderPaymentView>;

export const orderPaymentParams = z.object({ id: dbId });
export const orderPaymentResponse = z.object({
  success: z.literal(true),
  /** Null: the order was not paid by card through us (a marketplace or cash order). */
  payment: orderPaymentView.nullable(),
});

/** A partial refund from the order details (an item missing), with its reason. */
export const refundRequest = z.object({
  order_id: dbId,
  amount: amount({ min: 0.01, max: 100_000, decimals: 2 }),
  reason: z
    .string({ error: 'reason: please say why the order is refunded' })
    .trim()
    .min(3, 'reason: please say why the order is refunded')
    .max(192, 'reason must be at most 192 characters'),
  /** The brand of the refunded item, when it is one item (counted against that brand's sales). */
  vendor_id: dbId.optional(),
});
export type RefundRequest = z.infer<typeof refundRequest>;
export const refundResponse = z.object({
  success: z.literal(true),
  refund: refundView,
  payment: orderPaymentView,
});

export const reconciliationRun = z.object({
  id: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  payments_seen: z.number().int(),
  matched: z.number().int(),
  completed: z.number().int(),
  canceled: z.number().int(),
  refunded: z.number().int(),
  flagged: z.number().int(),
  error: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRun>;

/** A payment reconciliation could not settle by itself: for a super admin to look at. */
export const paymentFlag = z.object({
  payment_id: z.number().int(),
  order_id: z.number().int().nullable(),
  provider: z.string(),
  provider_payment_id: z.string().nullable(),
  status: z.string(),
  amount: z.number(),
  refunded: z.number(),
  flag: z.string(),
  flagged_at: z.string(),
  customer: z.string().nullable(),
  location: z.string().nullable(),
});
export type PaymentFlag = z.infer<typeof paymentFlag>;

export const reconciliationResponse = z.object({
  success: z.literal(true),
  last_run: reconciliationRun.nullable(),
  flags: z.array(paymentFlag),
});

export const resolveFlagParams = z.object({ id: dbId });
export const resolveFlagRequest = z.object({
  resolution: z
    .string({ error: 'resolution: please say what was done' })
    .trim()
    .min(3, 'resolution: please say what was done')
    .max(500, 'resolution must be at most 500 characters'),
});

/**
 * A Square webhook notification (https://developer.squareup.com/docs/webhooks/overview): the event
 * envelope, with the object under `data.object` (`device_code`, `payment` or `refund`). Only the
 * fields we read are checked; Square may add others.
 */
export const squareWebhookEvent = z.looseObject({
  merchant_id: z.string().max(100).optional(),
  location_id: z.string().max(100).optional(),
  type: z.string().min(1).max(100),
  event_id: z.string().min(1).max(100),
  created_at: z.string().max(40).optional(),
  data: z
    .looseObject({
      type: z.string().max(100).optional(),
      id: z.string().max(200).optional(),
      object: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
});
export type SquareWebhookEvent = z.infer<typeof squareWebhookEvent>;
export const SQUARE_SIGNATURE_HEADER = 'x-square-hmacsha256-signature';
export const squareWebhookHeaders = z.object({
  [SQUARE_SIGNATURE_HEADER]: z.string().max(200).optional(),
});
export const squareWebhookResponse = z.object({ success: z.literal(true), duplicate: z.boolean() });
