import { z } from 'zod';
import type { OrderStatus } from '../constants.js';
import {
  centsToMills,
  MAX_PLATFORM_ORDER_LINES,
  type MarketplaceOrder,
  marketplaceLine,
  optionalText,
} from './marketplace-order.js';
import {
  cents,
  idText,
  isoInstant,
  itemQuantity,
  modifierQuantity,
  nameText,
  optionalNote,
  optionalPerson,
  optionalPhone,
} from './payload-fields.js';

/**
 * Deliveroo order event (`order.new`, `order.status_update`), modelled on the Deliveroo Order API
 * webhook: the order sits in `body.order`, amounts are `{ fractional }` in cents, and
 * `location_id` is the Deliveroo site (our store id).
 * Sources: Deliveroo API docs, "Update Order Status" (https://api-docs.deliveroo.com/reference/patch-order-1:
 * an order is `placed`, then `accepted` or `rejected`, and a scheduled one `confirmed`) and the
 * order events webhook (`order.new`, `order.status_update`; a canceled order arrives `canceled`).
 * The order's own time is `placed_at`; `start_preparing_at` (when the kitchen should start) is read
 * only from a notification without it. The customer's note for the order is `order_notes`.
 */
const money = z.object({ fractional: cents, currency_code: z.string().max(3).optional() });

const deliverooModifier = z.object({
  name: nameText,
  quantity: modifierQuantity.default(1),
  unit_price: money,
});

const deliverooItem = z.object({
  name: nameText,
  quantity: itemQuantity,
  unit_price: money,
  total_price: money.optional(),
  modifiers: z.array(deliverooModifier).max(50).default([]),
});

/** The order statuses Deliveroo documents; it reports no later kitchen or delivery step. */
export const DELIVEROO_STATUSES = ['placed', 'accepted', 'confirmed', 'rejected', 'canceled'] as const;

const STATUS: Record<(typeof DELIVEROO_STATUSES)[number], OrderStatus> = {
  placed: 'Received',
  accepted: 'Cooking',
  // A scheduled order the site confirmed: it is being prepared.
  confirmed: 'Cooking',
  rejected: 'Canceled',
  canceled: 'Canceled',
};

const deliverooOrder = z
  .object({
    id: idText,
    order_number: z.string().max(40).optional(),
    location_id: idText,
    status: z.enum(DELIVEROO_STATUSES, { error: `must be one of ${DELIVEROO_STATUSES.join(', ')}` }),
    placed_at: isoInstant.optional(),
    start_preparing_at: isoInstant.optional(),
    order_notes: optionalNote,
    /** Read only when `order_notes` is absent (notifications sent before this adapter read it). */
    notes: optionalNote,
    items: z.array(deliverooItem).min(1, 'must hold at least one item').max(MAX_PLATFORM_ORDER_LINES),
    partner_order_subtotal: money,
    total_price: money,
    customer: z.object({ first_name: optionalPerson, contact_number: optionalPhone }).optional(),
  })
  .refine((o) => o.placed_at !== undefined || o.start_preparing_at !== undefined, {
    path: ['placed_at'],
    message: 'is required (the time the order was placed)',
  });

export const deliverooPayload = z.object({
  event: z.enum(['order.new', 'order.status_update'], {
    error: "must be 'order.new' or 'order.status_update'",
  }),
  body: z.object({ order: deliverooOrder }),
});
export type DeliverooPayload = z.infer<typeof deliverooPayload>;

export function normalizeDeliveroo(payload: DeliverooPayload): MarketplaceOrder {
  const { order } = payload.body;
  return {
    channel: 'deliveroo',
    externalId: order.id,
    storeId: order.location_id,
    status: STATUS[order.status],
    // refine() above guarantees one of the two.
    placedAt: new Date((order.placed_at ?? order.start_preparing_at)!),
    customerName: optionalText(order.customer?.first_name),
    customerPhone: optionalText(order.customer?.contact_number),
    lines: order.items.map((item, index) =>
      marketplaceLine({
        name: item.name,
        quantity: item.quantity,
        unitPrice: centsToMills(item.unit_price.fractional),
        combos: item.modifiers.map((m) => ({
          name: m.name,
          quantity: m.quantity,
          price: centsToMills(m.unit_price.fractional),
        })),
        // Deliveroo has one note per order, for the kitchen: it goes on the first line.
        specialRequest: index === 0 ? optionalText(order.order_notes ?? order.notes) : null,
      }),
    ),
    subTotal: centsToMills(order.partner_order_subtotal.fractional),
    total: centsToMills(order.total_price.fractional),
    platformFee: 0,
  };
}

// ---------------------------------------------------------------- sync status

/**
 * Deliveroo's "Create Sync Status for an Order" (`POST /order/v1/orders/{order_id}/sync_status`,
 * https://api-docs.deliveroo.com/reference/create-sync-status-1 and its v2.0 copy
 * https://api-docs.deliveroo.com/v2.0/reference/create-sync-status-1): tells Deliveroo whether the
 * order reached the site's in-store system. Body: `status` `succeeded` | `failed`; `reason`
 * "required if the status is failed"; `notes` free text ("e.g. which items or prices were wrong");
 * `occurred_at` ISO-8601. Deliveroo expects it within 3 minutes (then, or on `failed`, the site's
 * tablet prompts staff to check the till), answers 409 to any sync status after the first or after
 * those 3 minutes, and allows 1 request per 10 s per order.
 *
 * The reason values: the page lists them as an enum; this list is the published one as mirrored
 * in the SyncStatus schema generated from those pages
 * (https://schemas.apis.io/schemas/deliveroo/order-api-sync-status/).
 */
export const DELIVEROO_SYNC_REASONS = [
  'price_mismatched',
  'pos_item_id_mismatched',
  'pos_item_id_not_found',
  'items_out_of_stock',
  'location_offline',
  'location_not_supported',
  'unsupported_order_type',
  'other',
] as const;
export type DeliverooSyncReason = (typeof DELIVEROO_SYNC_REASONS)[number];

/** Deliveroo's SyncStatus body, as sent (and as the fake of Deliveroo checks it). */
export const deliverooSyncStatus = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('succeeded'),
    reason: z.null().optional(),
    notes: z.string().max(500).nullable().optional(),
    occurred_at: z.iso.datetime({ offset: true }),
  }),
  z.object({
    status: z.literal('failed'),
    reason: z.enum(DELIVEROO_SYNC_REASONS, { error: `must be one of ${DELIVEROO_SYNC_REASONS.join(', ')}` }),
    notes: z.string().max(500).nullable().optional(),
    occurred_at: z.iso.datetime({ offset: true }),
  }),
]);
export type DeliverooSyncStatus = z.infer<typeof deliverooSyncStatus>;

/**
 * Whether a notification of the order calls for the sync status: "For tablet-based sites, after
 * you successfully process the first order webhook call (of any type) with "accepted" status being
 * present in the order status log, you have to notify us by sending a proper sync status"
 * (https://api-docs.deliveroo.com/docs/listen-to-new-order-events-via-a-webhook). The order's
 * `status` is the last of its log: `accepted`, or `confirmed` (a scheduled order the site confirmed,
 * accepted before). A `placed` order is not yet accepted (a tablet-less site accepts it through
 * Update Order Status, which Deliveroo takes as the notification: no sync status is needed there);
 * a `rejected` one never was; a `canceled` one says nothing of acceptance without the log.
 */
export function deliverooSyncDue(status: DeliverooPayload['body']['order']['status']): boolean {
  return status === 'accepted' || status === 'confirmed';
}
