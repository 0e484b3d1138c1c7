import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './auth.js';
import { money, orderStatusEnum, salesChannelEnum } from './enums.js';
import { locations } from './locations.js';
import { meals } from './menus.js';
import { staffUsers } from './staff.js';
import { vendors } from './vendors.js';

/**
 * The one sales ledger: every customer order of every channel (our app, kiosks, the four
 * marketplaces). Every sales figure of every dashboard, report and invoice is computed from here.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    channel: salesChannelEnum('channel').notNull(),
    /** The platform's own order id for marketplace orders; unique per channel so a resend is stored once. */
    externalId: text('external_id'),
    /**
     * How a marketplace order reached us: 'webhook' (the platform's order notification) or 'csv' (an
     * imported order or payout export; the dashboard's "webscrape" figures). Null for our own channels.
     */
    ingestedVia: text('ingested_via', { enum: ['webhook', 'csv'] }),
    customerId: integer('customer_id').references(() => customers.id),
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    customerEmail: text('customer_email'),
    status: orderStatusEnum('status').notNull().default('Received'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    /** For "order later": when the customer wants it. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    deliveryLocation: text('delivery_location'),
    subTotal: money('sub_total').notNull(),
    deliveryCharge: money('delivery_charge').notNull().default('0'),
    discount: money('discount').notNull().default('0'),
    promoCode: text('promo_code'),
    /** Card transaction charge (estimated 1.23% of the total for our own channel). */
    transactionCharge: money('transaction_charge').notNull().default('0'),
    /** GST included in the total (total / 11 where all items are taxable). */
    gst: money('gst').notNull().default('0'),
    /** What the customer paid (GST inclusive). */
    total: money('total').notNull(),
    /** Marketplace commission or fee charged by the platform, when known. */
    platformFee: money('platform_fee').notNull().default('0'),
    paymentReceiptNumber: text('payment_receipt_number'),
    idempotencyKey: text('idempotency_key'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: integer('status_changed_by').references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_location_placed_idx').on(t.locationId, t.placedAt),
    index('orders_placed_idx').on(t.placedAt),
    index('orders_customer_idx').on(t.customerId, t.placedAt),
    uniqueIndex('orders_external_idx').on(t.channel, t.externalId).where(sql`external_id IS NOT NULL`),
    uniqueIndex('orders_idempotency_idx').on(t.idempotencyKey).where(sql`idempotency_key IS NOT NULL`),
  ],
);

export interface OrderLineCombo {
  name: string;
  price: string;
  quantity: number;
}

/**
 * One line of an order. `mealId` is null when a marketplace meal name matched none of our meals
 * (shown as meal id -1 in reports); `mealName` is always the name as received.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id').references(() => vendors.id),
    mealId: integer('meal_id').references(() => meals.id),
    mealName: text('meal_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    subitem: text('subitem'),
    combos: jsonb('combos').$type<OrderLineCombo[]>().notNull().default([]),
    specialRequest: text('special_request'),
    /** (unit price + combos) x quantity */
    lineTotal: money('line_total').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_meal_idx').on(t.mealId)],
);

/** Every status change: who and when. */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatusEnum('from_status'),
    toStatus: orderStatusEnum('to_status').notNull(),
    changedBy: integer('changed_by').references(() => staffUsers.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_events_order_idx').on(t.orderId)],
);

/**
 * A card payment through the payments adapter. Amounts in cents, always as the provider reports
 * them (never our own figures). A payment without an order was found by reconciliation (the
 * process died between the charge and the write) and cancelled or refunded there.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    customerId: integer('customer_id').references(() => customers.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** APPROVED (authorised), COMPLETED (captured), CANCELED, FAILED (declined), PENDING. */
    status: text('status').notNull(),
    sourceType: text('source_type'),
    receiptNumber: text('receipt_number'),
    totalCents: integer('total_cents').notNull(),
    appFeeCents: integer('app_fee_cents').notNull().default(0),
    /** What the provider has refunded of it (refunds table), in cents. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Our reference sent with it (`reference_id`), which reconciliation matches by. */
    referenceId: text('reference_id'),
    /** The provider's location the payment was taken at. */
    providerLocationId: text('provider_location_id'),
    error: text('error'),
    /**
     * Something for a super admin to look at (reconciliation): why, since when, and who closed it.
     */
    flag: text('flag'),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => staffUsers.id),
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_idempotency_idx').on(t.idempotencyKey),
    uniqueIndex('payments_provider_idx')
      .on(t.provider, t.providerPaymentId)
      .where(sql`provider_payment_id IS NOT NULL`),
    index('payments_order_idx').on(t.orderId),
    index('payments_flag_idx').on(t.flaggedAt).where(sql`flag IS NOT NULL AND resolved_at IS NULL`),
    // What is refunded (pending and completed) never exceeds what was paid, whatever the code path:
    // refunds reserve their amount here under the payment's row lock (docs/payments.md, "Races").
    check('payments_refunded_within_total', sql`refunded_cents >= 0 AND refunded_cents <= total_cents`),
  ],
);

/**
 * A refund of a card payment through the provider: the whole payment when a paid order is
 * canceled, or part of it (an item missing) with a reason. Each completed refund of an order that
 * stays counted is also a row of `order_adjustments` (negative), so every report counts sales net.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: integer('order_id').references(() => orders.id),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** The brand of the refunded item, when it is one (its ledger row counts against that brand). */
    vendorId: integer('vendor_id').references(() => vendors.id),
    /**
     * A cancellation's refund of the rest of the payment (the order leaves the figures instead),
     * claimed before the provider is asked: PENDING with its amount reserved on the payment.
     */
    cancellation: boolean('cancellation').notNull().default(false),
    /** PENDING, COMPLETED, REJECTED or FAILED, as the provider reports it. */
    status: text('status').notNull(),
    /** The provider's reason when it refused the refund. */
    error: text('error'),
    requestedBy: integer('requested_by').references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_idx').on(t.idempotencyKey),
    uniqueIndex('refunds_provider_idx')
      .on(t.provider, t.providerRefundId)
      .where(sql`provider_refund_id IS NOT NULL`),
    index('refunds_order_idx').on(t.orderId),
    // One live cancellation claim per order: a retry reuses it, a second cancel cannot add another.
    uniqueIndex('refunds_live_cancellation_idx')
      .on(t.orderId)
      .where(sql`cancellation AND status IN ('PENDING', 'COMPLETED')`),
  ],
);

/** Each run of payment reconciliation (the last is shown to super admins). */
export const paymentReconciliations = pgTable('payment_reconciliations', {
  id: serial('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** The window of provider payments looked at. */
  fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
  toAt: timestamp('to_at', { withTimezone: true }).notNull(),
  paymentsSeen: integer('payments_seen').notNull().default(0),
  matched: integer('matched').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  canceled: integer('canceled').notNull().default(0),
  refunded: integer('refunded').notNull().default(0),
  flagged: integer('flagged').notNull().default(0),
  error: text('error'),
});

/** Square webhook events taken (by event id), so a duplicate delivery changes nothing. */
export const providerEvents = pgTable('provider_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/**
 * Money taken back or corrected outside an order's own figures: marketplace adjustments (Deliveroo
 * refunds and corrections) and card refunds of our own orders (negative). Dated when they occur.
 */
export const orderAdjustments = pgTable(
  'order_adjustments',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    channel: salesChannelEnum('channel').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    /** Signed: a refund is negative. */
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    externalId: text('external_id'),
    /** The brand the adjustment belongs to, when known (a refunded item). */
    vendorId: integer('vendor_id').references(() => vendors.id),
    /** The card refund this adjustment records (our own channels). */
    refundId: integer('refund_id').references(() => refunds.id),
  },
  (t) => [
    index('order_adjustments_location_idx').on(t.locationId, t.occurredAt),
    uniqueIndex('order_adjustments_refund_idx').on(t.refundId).where(sql`refund_id IS NOT NULL`),
  ],
);

export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  description: text('description').notNull().default(''),
  /** Either a percent off the sub total or a fixed amount off. */
  percentOff: integer('percent_off'),
  amountOff: money('amount_off'),
  minSubTotal: money('min_sub_total').notNull().default('0'),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  /** Orders that may use the code in all (null: no limit), and per customer (WELCOME10: 1). */
  maxUses: integer('max_uses'),
  maxUsesPerCustomer: integer('max_uses_per_customer'),
  /** Uses so far, reserved before the card is charged (given back if the payment fails). */
  uses: integer('uses').notNull().default(0),
});

/** Each checkout's reservation of a limited promo code, once per Idempotency-Key. */
export const promoRedemptions = pgTable('promo_redemptions', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  code: text('code')
    .notNull()
    .references(() => promoCodes.code),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** How many orders each customer placed with a limited promo code. */
export const promoCustomerUses = pgTable(
  'promo_customer_uses',
  {
    code: text('code')
      .notNull()
      .references(() => promoCodes.code),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    uses: integer('uses').notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.customerId] })],
);

/** Stored answers for idempotent calls (checkout): same key + same body = same answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When reconciliation asked the card provider to cancel whatever this unanswered checkout may
     * have authorised (by the key it was sent under); null until then (payments/reconciliation.ts).
     */
    authorisationSweptAt: timestamp('authorisation_swept_at', { withTimezone: true }),
  },
  (t) => [
    // The checkouts that never got an answer and are not yet swept: the few reconciliation reads.
    index('idempotency_keys_unanswered_idx')
      .on(t.createdAt)
      .where(sql`response_status IS NULL AND authorisation_swept_at IS NULL`),
  ],
);
