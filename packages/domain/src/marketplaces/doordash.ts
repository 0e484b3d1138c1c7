import { z } from 'zod';
import type { OrderStatus } from '../constants.js';
import type { Mills } from '../money/money.js';
import { type JsonTextRead, readJsonText } from '../wire/json-text.js';
import {
  centsToMills,
  MAX_PLATFORM_ORDER_LINES,
  type MarketplaceCombo,
  type MarketplaceOrder,
  marketplaceLine,
  optionalText,
} from './marketplace-order.js';
import {
  cents,
  idText,
  itemQuantity,
  modifierQuantity,
  nameText,
  optionalNote,
  optionalPerson,
  optionalPhone,
} from './payload-fields.js';

/**
 * DoorDash Marketplace order webhooks, as DoorDash documents them (nothing here is our own shape):
 *
 * - envelope `{ "event": { "type": "OrderCreate", "status": "NEW" }, "order": <Order> }`, "All
 *   incoming orders will have a status of NEW", the order's `id` is what the confirmation PATCH
 *   names: https://developer.doordash.com/en-US/docs/marketplace/how_to/order_integration/
 * - the Order object (categories → items → extras → options, amounts in cents, `consumer`,
 *   `store.merchant_supplied_id`, `is_pickup`, `fulfillment_type`, `subtotal`, `tax`, ...):
 *   https://developer.doordash.com/en-US/docs/marketplace/reference/sample_order and
 *   https://developer.doordash.com/en-US/docs/marketplace/reference/sample_self-delivery_order
 *   (a nested option's own extras appear as `extra` in the first, `extras` in the second);
 * - a later `OrderAdjust` event carries the same order with `event.event_time`:
 *   https://developer.doordash.com/en-US/docs/marketplace/how_to/integrated_order_updates
 * - the order cancellation notification `{ external_order_id, client_order_id, store, is_asap }`,
 *   sent to the "Order Canceled" subscription, with no reason and no event envelope:
 *   https://developer.doordash.com/en-US/docs/marketplace/how_to/order_cancellation_webhook/
 *
 * DoorDash sends no order creation time, no order total and no commission: the order is placed at
 * the time we received it (passed in by the caller), its total is DoorDash's `subtotal` (what the
 * customer paid for the food, before DoorDash's fees, tax and tips), and its platform fee is 0.
 * Unknown event types and enum values are kept as text, never refused.
 */

const optionalText200 = z.string().max(200, 'is too long (at most 200 characters)').nullish();
const optionalFlag = z.boolean({ error: 'must be true or false' }).nullish();

type DoordashExtraInput = {
  merchant_supplied_id?: string | null;
  name?: string | null;
  options: DoordashOptionInput[];
};
type DoordashOptionInput = {
  merchant_supplied_id?: string | null;
  name: string;
  quantity: number;
  price: number;
  extras?: DoordashExtraInput[] | null;
  extra?: DoordashExtraInput[] | null;
};

/** An option chosen in an extra (modifier group); `price` is of one, in cents. */
const doordashOption: z.ZodType<DoordashOptionInput> = z.lazy(() =>
  z.object({
    merchant_supplied_id: optionalText200,
    name: nameText,
    quantity: modifierQuantity.default(1),
    price: cents,
    extras: z.array(doordashExtra).max(50).nullish(),
    extra: z.array(doordashExtra).max(50).nullish(),
  }),
);

/** An extra (modifier group) of an item or of an option, with the options chosen in it. */
const doordashExtra: z.ZodType<DoordashExtraInput> = z.lazy(() =>
  z.object({
    merchant_supplied_id: optionalText200,
    name: optionalText200,
    options: z.array(doordashOption).max(50).default([]),
  }),
);

const doordashItem = z.object({
  merchant_supplied_id: optionalText200,
  name: nameText,
  quantity: itemQuantity,
  /** Price of one, in cents. */
  price: cents,
  special_instructions: optionalNote,
  extras: z.array(doordashExtra).max(50).nullish(),
});

export const doordashOrder = z.object({
  id: idText,
  store: z.object({
    merchant_supplied_id: idText,
    provider_type: optionalText200,
    timezone: optionalText200,
  }),
  consumer: z
    .object({ first_name: optionalPerson, last_name: optionalPerson, phone: optionalPhone })
    .nullish(),
  categories: z
    .array(
      z.object({
        merchant_supplied_id: optionalText200,
        name: optionalText200,
        items: z.array(doordashItem).max(MAX_PLATFORM_ORDER_LINES),
      }),
    )
    .min(1, 'must hold at least one category')
    .max(50)
    .refine((cs) => cs.some((c) => c.items.length > 0), 'must hold at least one item'),
  subtotal: cents,
  tax: cents.nullish(),
  order_special_instructions: optionalNote,
  is_pickup: optionalFlag,
  /** Documented values: dx_delivery (a Dasher delivers), mx_delivery (the store delivers). */
  fulfillment_type: optionalText200,
  /** Documented values: DOORDASH, CAVIAR, STOREFRONT. */
  experience: optionalText200,
  estimated_pickup_time: optionalText200,
  delivery_short_code: optionalText200,
});
export type DoordashOrder = z.infer<typeof doordashOrder>;

/** The Orders webhook: a new order (OrderCreate) or the same order again (OrderAdjust, ...). */
export const doordashPayload = z.object({
  event: z.object({
    type: z.string().trim().min(1, 'is required').max(100, 'is too long (at most 100 characters)'),
    status: optionalText200,
  }),
  order: doordashOrder,
});
export type DoordashPayload = z.infer<typeof doordashPayload>;

/** The Order Canceled webhook: DoorDash's order id, our id from the confirmation, the store. */
export const doordashCancellation = z.object({
  /** DoorDash's order id (the `order.id` of the Orders webhook). */
  external_order_id: idText,
  /** The `merchant_supplied_id` we sent when confirming, saved by DoorDash as client_order_id. */
  client_order_id: optionalText200,
  store: z.object({ merchant_supplied_id: idText, provider_type: optionalText200 }),
  is_asap: optionalFlag,
});
export type DoordashCancellation = z.infer<typeof doordashCancellation>;

/** Event types of the Orders webhook that DoorDash documents; any other is kept as received. */
export const DOORDASH_EVENTS = ['OrderCreate', 'OrderAdjust'] as const;

/**
 * Every order event puts the order at Received: a new order starts there, and a later one
 * (OrderAdjust, or a type we do not know) moves nothing, since statuses only move forward.
 * Only the Order Canceled webhook changes the status (to Canceled).
 */
const ORDER_EVENT_STATUS: OrderStatus = 'Received';

function combosOf(
  extras: readonly DoordashExtraInput[] | null | undefined,
  perItem: number,
): MarketplaceCombo[] {
  return (extras ?? []).flatMap((extra) =>
    extra.options.flatMap((option) => {
      // Choice: DoorDash does not say whether a quantity is per item; we read it as per one of its
      // parent (the item, or the option a nested extra belongs to), as docs/marketplaces.md does.
      const quantity = option.quantity * perItem;
      return [
        { name: option.name, quantity, price: centsToMills(option.price) },
        ...combosOf([...(option.extras ?? []), ...(option.extra ?? [])], quantity),
      ];
    }),
  );
}

function joinNotes(...notes: (string | null | undefined)[]): string | null {
  const kept = notes.map((n) => optionalText(n)).filter((n): n is string => n !== null);
  return kept.length > 0 ? kept.join(' | ') : null;
}

/**
 * An Orders webhook as one ledger-shaped order, placed at `receivedAt` (DoorDash sends no order
 * time). The order's own special instructions go on its first line, beside that item's.
 */
export function normalizeDoordash(payload: DoordashPayload, receivedAt: Date): MarketplaceOrder {
  const { order } = payload;
  const items = order.categories.flatMap((category) => category.items);
  const lines = items.map((item, index) =>
    marketplaceLine({
      name: item.name,
      quantity: item.quantity,
      unitPrice: centsToMills(item.price),
      combos: combosOf(item.extras, 1),
      specialRequest: joinNotes(
        item.special_instructions,
        index === 0 ? order.order_special_instructions : null,
      ),
    }),
  );
  const subTotal = centsToMills(order.subtotal);
  const name = [order.consumer?.first_name, order.consumer?.last_name]
    .map((n) => optionalText(n))
    .filter(Boolean);
  return {
    channel: 'doordash',
    externalId: order.id,
    storeId: order.store.merchant_supplied_id,
    status: ORDER_EVENT_STATUS,
    placedAt: receivedAt,
    customerName: name.length > 0 ? name.join(' ') : null,
    customerPhone: optionalText(order.consumer?.phone),
    lines,
    subTotal,
    total: subTotal,
    platformFee: 0,
  };
}

/** What DoorDash says of the order that the ledger has no column for, kept as sent. */
export interface DoordashOrderDetails {
  /** DoorDash's order id: what the confirmation PATCH names. */
  doordashOrderId: string;
  eventType: string;
  eventStatus: string | null;
  isPickup: boolean | null;
  fulfillmentType: string | null;
  experience: string | null;
  tax: Mills | null;
  estimatedPickupTime: string | null;
  deliveryShortCode: string | null;
}

export type DoordashWebhook =
  | { kind: 'order'; order: MarketplaceOrder; details: DoordashOrderDetails }
  | {
      kind: 'status';
      /** DoorDash's order id, the ledger's external id. */
      externalId: string;
      storeId: string;
      /** Our order id as we confirmed it, when we sent one. */
      clientOrderId: string | null;
      status: OrderStatus;
    };

/**
 * Reads either DoorDash order webhook: the Orders webhook (an order, at Received) or the Order
 * Canceled webhook (a status change to Canceled). A body with `external_order_id` and no `order`
 * is read as a cancellation; anything else as an order, so its errors name the order's fields.
 */
export function readDoordashWebhook(
  json: unknown,
  receivedAt: Date,
): { success: true; webhook: DoordashWebhook } | { success: false; error: z.ZodError } {
  const isCancellation =
    typeof json === 'object' && json !== null && 'external_order_id' in json && !('order' in json);
  if (isCancellation) {
    const parsed = doordashCancellation.safeParse(json);
    if (!parsed.success) return parsed;
    return {
      success: true,
      webhook: {
        kind: 'status',
        externalId: parsed.data.external_order_id,
        storeId: parsed.data.store.merchant_supplied_id,
        clientOrderId: optionalText(parsed.data.client_order_id),
        status: 'Canceled',
      },
    };
  }
  const parsed = doordashPayload.safeParse(json);
  if (!parsed.success) return parsed;
  const { event, order } = parsed.data;
  return {
    success: true,
    webhook: {
      kind: 'order',
      order: normalizeDoordash(parsed.data, receivedAt),
      details: {
        doordashOrderId: order.id,
        eventType: event.type,
        eventStatus: optionalText(event.status),
        isPickup: order.is_pickup ?? null,
        fulfillmentType: optionalText(order.fulfillment_type),
        experience: optionalText(order.experience),
        tax: order.tax === null || order.tax === undefined ? null : centsToMills(order.tax),
        estimatedPickupTime: optionalText(order.estimated_pickup_time),
        deliveryShortCode: optionalText(order.delivery_short_code),
      },
    },
  };
}

/** A stored DoorDash webhook's text read (the inbox's worker), as plain data: see readJsonText. */
export function readDoordashWebhookText(text: string, receivedAt: Date): JsonTextRead<DoordashWebhook> {
  return readJsonText<DoordashWebhook>(text, (json) => {
    const read = readDoordashWebhook(json, receivedAt);
    return read.success ? { success: true, data: read.webhook } : read;
  });
}

/** What the webhook route keeps of a DoorDash webhook before storing it raw in the inbox. */
export interface DoordashWebhookKey {
  kind: DoordashWebhook['kind'];
  /** DoorDash's order id (`order.id`, or `external_order_id` of a cancellation). */
  doordashOrderId: string;
  /** The Orders webhook's `event.type`; `OrderCanceled` for the Order Canceled webhook. */
  eventType: string;
}

/** The event type we record for the Order Canceled webhook, which has no event envelope. */
export const DOORDASH_CANCELED_EVENT = 'OrderCanceled';

/** What the inbox keys a webhook by: one row per DoorDash order id and event type. */
export function doordashWebhookKey(webhook: DoordashWebhook): DoordashWebhookKey {
  return webhook.kind === 'order'
    ? {
        kind: 'order',
        doordashOrderId: webhook.details.doordashOrderId,
        eventType: webhook.details.eventType,
      }
    : { kind: 'status', doordashOrderId: webhook.externalId, eventType: DOORDASH_CANCELED_EVENT };
}

/**
 * The body of our DoorDash webhook address, where both subscriptions (Orders, Order Canceled)
 * deliver: checked as readDoordashWebhook reads it, so an error names the first bad field of the
 * shape the body has; answers what the inbox keys it by (one row per order id and event type).
 */
export const doordashWebhookBody = z
  .unknown()
  .transform((json, ctx): DoordashWebhookKey => {
    const read = readDoordashWebhook(json, new Date(0));
    if (!read.success) {
      for (const issue of read.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: json });
      }
      return z.NEVER;
    }
    return doordashWebhookKey(read.webhook);
  })
  .meta({
    description:
      'DoorDash\'s Orders webhook `{ event: { type, status }, order }` or its Order Canceled webhook `{ external_order_id, client_order_id, store: { merchant_supplied_id }, is_asap }`, as DoorDash documents them (docs/marketplaces.md, "DoorDash").',
  });
