import { z } from 'zod';
import type { OrderStatus } from '../constants.js';
import {
  centsToMills,
  linesSubTotal,
  MAX_PLATFORM_ORDER_LINES,
  type MarketplaceCombo,
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
 * Uber Eats Marketplace API, as Uber documents it (the shapes here are Uber's, nothing our own):
 * - webhooks: https://developer.uber.com/docs/eats/guides/webhooks and
 *   https://developer.uber.com/docs/eats/references/api/webhooks.orders-notification (the event
 *   carries ids and `resource_href` only; X-Uber-Signature is the lower-case hex HMAC-SHA256 of the
 *   body with the app's client secret; answer 200 at once, then accept or deny within 11.5 minutes);
 * - the order: https://developer.uber.com/docs/eats/references/api/v2/get-eats-order-orderid
 *   (`GET /v2/eats/order/{order_id}`; money objects `{ amount, currency_code, formatted_amount }`
 *   with `amount` an integer in the currency's smallest unit, cents for AUD);
 * - accept / deny: https://developer.uber.com/docs/eats/references/api/v1/post-eats-order-orderid-acceptposorder
 *   and https://developer.uber.com/docs/eats/references/api/v1/post-eats-order-orderid-denyposorder;
 * - tokens: https://developer.uber.com/docs/eats/guides/authentication (client credentials, scope
 *   `eats.order`: accept, deny and read orders).
 */

/**
 * Event types Uber sends to the one webhook URL of an app that we act on (the webhooks guide,
 * https://developer.uber.com/docs/eats/guides/webhooks): `orders.notification` "Sent whenever an
 * order is created"; `orders.scheduled.notification` "Sent whenever a scheduled order is created"
 * (stores on API version 1.0.0 with scheduled orders enabled); `orders.cancel` and
 * `orders.failure` "Sent when an order is cancelled" (`orders.failure` for stores on API version
 * 1.0.0, `orders.cancel` for the others). All share one event structure (`event_id`, `event_time`,
 * `event_type`, `meta.resource_id`, `meta.user_id`, `meta.status`, `resource_href`).
 */
export const UBER_EATS_ORDER_EVENTS = {
  notification: 'orders.notification',
  scheduled: 'orders.scheduled.notification',
  cancel: 'orders.cancel',
  failure: 'orders.failure',
} as const;

/**
 * A webhook event of the Uber Eats Marketplace API. `event_type` is free text: Uber sends several
 * kinds (store.provisioned, orders.release, ...) to the same URL, and a kind we do not act on is
 * still stored and acknowledged, never refused. Fields not listed are ignored.
 */
export const uberEatsWebhookEvent = z.object({
  event_id: idText,
  event_type: z.string().trim().min(1, 'is required').max(100, 'is too long (at most 100 characters)'),
  event_time: z.number().optional(),
  meta: z
    .object({
      /** The order id for the Order API (`order_id`). */
      resource_id: idText.optional(),
      /** The store the event is for. */
      user_id: idText.optional(),
      status: z.string().max(100).optional(),
    })
    .default({}),
  /** The full GET address of the order. */
  resource_href: z.string().max(2000, 'is too long (at most 2000 characters)').optional(),
});
export type UberEatsWebhookEvent = z.infer<typeof uberEatsWebhookEvent>;

/** A money object of the order (`amount` in the currency's smallest unit). */
const money = z.object({
  amount: cents,
  currency_code: z.string().max(3).optional(),
  formatted_amount: z.string().max(40).optional(),
});

interface UberSelectedItem {
  title: string;
  quantity: number;
  price?: { unit_price?: { amount: number } } | undefined;
  selected_modifier_groups?: UberModifierGroup[] | undefined;
}
interface UberModifierGroup {
  title?: string | undefined;
  selected_items?: UberSelectedItem[] | undefined;
}

const selectedItem: z.ZodType<UberSelectedItem> = z.lazy(() =>
  z.object({
    title: nameText,
    quantity: modifierQuantity.default(1),
    price: z.object({ unit_price: money.optional() }).optional(),
    selected_modifier_groups: z.array(modifierGroup).max(30).optional(),
  }),
);
const modifierGroup: z.ZodType<UberModifierGroup> = z.lazy(() =>
  z.object({
    title: z.string().max(200).optional(),
    selected_items: z.array(selectedItem).max(50).optional(),
  }),
);

const cartItem = z.object({
  id: z.string().max(200).optional(),
  instance_id: z.string().max(200).optional(),
  title: nameText,
  quantity: itemQuantity,
  price: z.object({ unit_price: money, total_price: money.optional() }),
  selected_modifier_groups: z.array(modifierGroup).max(30).nullish(),
  special_instructions: optionalNote,
});

/** Order states of the v2 order (`UNKNOWN` is one of Uber's own). */
export const UBER_EATS_STATES = ['CREATED', 'ACCEPTED', 'DENIED', 'FINISHED', 'CANCELED', 'UNKNOWN'] as const;

const STATUS: Record<string, OrderStatus> = {
  CREATED: 'Received',
  ACCEPTED: 'Cooking',
  FINISHED: 'Finished',
  CANCELED: 'Canceled',
  DENIED: 'Canceled',
};

/**
 * The order as `GET /v2/eats/order/{order_id}` answers it (the fields we read). `current_state` is
 * kept as text: a state Uber adds later, or its own `UNKNOWN`, is stored (as Received) and logged,
 * never refused.
 */
export const uberEatsOrder = z.object({
  id: idText,
  display_id: z.string().max(40).optional(),
  current_state: z.string().trim().min(1, 'is required').max(40),
  store: z.object({ id: idText, name: z.string().max(200).optional() }),
  eater: z.object({ first_name: optionalPerson, phone: optionalPhone }).partial().nullish(),
  cart: z.object({
    items: z.array(cartItem).min(1, 'must hold at least one item').max(MAX_PLATFORM_ORDER_LINES),
  }),
  payment: z.object({
    charges: z.object({ total: money, sub_total: money.optional() }),
  }),
  placed_at: isoInstant,
  /**
   * When the order is to be ready for pickup: for a scheduled order, the time it is scheduled for.
   * Kept as text here and read by scheduledPickupOf, so an ordinary order is never refused for it.
   */
  estimated_ready_for_pickup_at: z.string().max(64).nullish(),
});
export type UberEatsOrder = z.infer<typeof uberEatsOrder>;

/** Whether Uber's state is one we know; an unknown one is stored as Received and logged. */
export function isKnownUberEatsState(state: string): boolean {
  return state in STATUS;
}

/** Our ledger status for an Uber `current_state`, or null for a state we do not know. */
export function uberEatsLedgerStatus(state: string): OrderStatus | null {
  return Object.hasOwn(STATUS, state) ? STATUS[state]! : null;
}

/**
 * The time a scheduled order is to be ready (`estimated_ready_for_pickup_at`), or the reason it
 * cannot be read: a scheduled order is stored with it, so the kitchen sees it as scheduled.
 */
export function scheduledPickupOf(order: UberEatsOrder): { at: Date } | { error: string } {
  const text = order.estimated_ready_for_pickup_at;
  if (!text) return { error: 'estimated_ready_for_pickup_at: is required for a scheduled order' };
  if (!isoInstant.safeParse(text).success) {
    return { error: `estimated_ready_for_pickup_at: "${text.slice(0, 40)}" is not an ISO date-time` };
  }
  return { at: new Date(text) };
}

function modifiersOf(groups: readonly UberModifierGroup[] | null | undefined): MarketplaceCombo[] {
  return (groups ?? []).flatMap((group) =>
    (group.selected_items ?? []).flatMap((m) => [
      { name: m.title, quantity: m.quantity, price: centsToMills(m.price?.unit_price?.amount ?? 0) },
      ...modifiersOf(m.selected_modifier_groups),
    ]),
  );
}

/** Uber's order as one ledger-shaped order; money in cents, the order id as the external id. */
export function normalizeUberEatsOrder(order: UberEatsOrder): MarketplaceOrder {
  const lines = order.cart.items.map((item) =>
    marketplaceLine({
      name: item.title,
      quantity: item.quantity,
      unitPrice: centsToMills(item.price.unit_price.amount),
      combos: modifiersOf(item.selected_modifier_groups),
      specialRequest: optionalText(item.special_instructions),
    }),
  );
  const charges = order.payment.charges;
  return {
    channel: 'uber_eats',
    externalId: order.id,
    storeId: order.store.id,
    status: STATUS[order.current_state] ?? 'Received',
    placedAt: new Date(order.placed_at),
    customerName: optionalText(order.eater?.first_name),
    customerPhone: optionalText(order.eater?.phone),
    lines,
    subTotal: charges.sub_total ? centsToMills(charges.sub_total.amount) : linesSubTotal(lines),
    total: centsToMills(charges.total.amount),
    // Uber's commission is not part of the order (it is in the payment reports).
    platformFee: 0,
  };
}

/** The order document the Uber Eats adapter reads (WEBHOOK_ADAPTERS): the fetched order. */
export const uberEatsPayload = uberEatsOrder;
export type UberEatsPayload = UberEatsOrder;
export const normalizeUberEats = normalizeUberEatsOrder;

/**
 * Deny reasons (deny_pos_order `reason.code`) we send: two of the allowed codes STORE_CLOSED,
 * POS_NOT_READY, POS_OFFLINE, ITEM_AVAILABILITY, MISSING_ITEM, MISSING_INFO, PRICING, CAPACITY,
 * ADDRESS, SPECIAL_INSTRUCTIONS, OTHER (https://developer.uber.com/docs/eats/references/api/v1/post-eats-order-orderid-denyposorder,
 * "Request Body - Allowed Reason Codes"; help.uber.com "What is a Deny Reason Code?").
 */
export type UberEatsDenyCode = 'ITEM_AVAILABILITY' | 'OTHER';
