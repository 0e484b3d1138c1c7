import { z } from 'zod';
import type { OrderStatus } from '../constants.js';
import { centsToMills, type MarketplaceOrder, marketplaceLine, optionalText } from './marketplace-order.js';
import {
  cents,
  idText,
  isoInstant,
  itemQuantity,
  modifierQuantity,
  nameText,
  optionalPerson,
  optionalPhone,
} from './payload-fields.js';

/**
 * Deliveroo order event (`order.new`, `order.status_update`), modelled on the Deliveroo Order API
 * webhook: the order sits in `body.order`, amounts are `{ fractional }` in cents, and
 * `location_id` is the Deliveroo site (our store id).
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

export const DELIVEROO_STATUSES = [
  'placed',
  'accepted',
  'confirmed',
  'ready_for_collection',
  'collected',
  'rejected',
  'canceled',
] as const;

const STATUS: Record<(typeof DELIVEROO_STATUSES)[number], OrderStatus> = {
  placed: 'Received',
  accepted: 'Cooking',
  confirmed: 'Cooking',
  ready_for_collection: 'Ready for pickup',
  collected: 'Finished',
  rejected: 'Canceled',
  canceled: 'Canceled',
};

export const deliverooPayload = z.object({
  event: z.enum(['order.new', 'order.status_update'], {
    error: "must be 'order.new' or 'order.status_update'",
  }),
  body: z.object({
    order: z.object({
      id: idText,
      order_number: z.string().max(40).optional(),
      location_id: idText,
      status: z.enum(DELIVEROO_STATUSES, { error: `must be one of ${DELIVEROO_STATUSES.join(', ')}` }),
      placed_at: isoInstant.optional(),
      start_preparing_at: isoInstant,
      notes: z.string().max(500).nullish(),
      items: z.array(deliverooItem).min(1, 'must hold at least one item').max(200),
      partner_order_subtotal: money,
      total_price: money,
      customer: z.object({ first_name: optionalPerson, contact_number: optionalPhone }).optional(),
    }),
  }),
});
export type DeliverooPayload = z.infer<typeof deliverooPayload>;

export function normalizeDeliveroo(payload: DeliverooPayload): MarketplaceOrder {
  const { order } = payload.body;
  return {
    channel: 'deliveroo',
    externalId: order.id,
    storeId: order.location_id,
    status: STATUS[order.status],
    placedAt: new Date(order.placed_at ?? order.start_preparing_at),
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
        specialRequest: index === 0 ? optionalText(order.notes) : null,
      }),
    ),
    subTotal: centsToMills(order.partner_order_subtotal.fractional),
    total: centsToMills(order.total_price.fractional),
    platformFee: 0,
  };
}
