import { z } from 'zod';
import type { OrderStatus } from '../constants.js';
import {
  centsToMills,
  linesSubTotal,
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
 * Uber Eats order notification (`orders.notification`), modelled on the Uber Eats Marketplace API
 * with the order expanded into the event. Amounts are whole cents. `meta.resource_id` is the
 * order's UUID (our external id, also the "Order ID" of the CSV export); `meta.user_id` the store.
 */
const amount = z.object({ amount: cents, currency_code: z.string().max(3).optional() });

const uberModifier = z.object({
  title: nameText,
  quantity: modifierQuantity.default(1),
  price: z.object({ unit_price: amount }),
});

const uberItem = z.object({
  title: nameText,
  quantity: itemQuantity,
  price: z.object({ unit_price: amount, total_price: amount.optional() }),
  selected_modifier_groups: z
    .array(z.object({ title: z.string().max(200).optional(), selected_items: z.array(uberModifier).max(50) }))
    .max(30)
    .default([]),
  special_instructions: optionalNote,
});

export const UBER_EATS_STATES = ['CREATED', 'ACCEPTED', 'FINISHED', 'CANCELED', 'DENIED'] as const;

const STATUS: Record<(typeof UBER_EATS_STATES)[number], OrderStatus> = {
  CREATED: 'Received',
  ACCEPTED: 'Cooking',
  FINISHED: 'Finished',
  CANCELED: 'Canceled',
  DENIED: 'Canceled',
};

export const uberEatsPayload = z.object({
  event_id: idText,
  event_type: z.literal('orders.notification', { error: "must be 'orders.notification'" }),
  event_time: z.union([z.number(), z.string().max(40)]).optional(),
  meta: z.object({
    resource_id: idText,
    status: z.string().max(40).optional(),
    user_id: idText,
  }),
  order: z.object({
    display_id: z.string().max(40).optional(),
    current_state: z.enum(UBER_EATS_STATES, { error: `must be one of ${UBER_EATS_STATES.join(', ')}` }),
    placed_at: isoInstant,
    eater: z.object({ first_name: optionalPerson, phone: optionalPhone }).optional(),
    cart: z.object({ items: z.array(uberItem).min(1, 'must hold at least one item').max(200) }),
    payment: z.object({
      charges: z.object({
        sub_total: amount.optional(),
        total: amount,
        marketplace_fee: amount.optional(),
      }),
    }),
  }),
});
export type UberEatsPayload = z.infer<typeof uberEatsPayload>;

export function normalizeUberEats(payload: UberEatsPayload): MarketplaceOrder {
  const { order, meta } = payload;
  const lines = order.cart.items.map((item) =>
    marketplaceLine({
      name: item.title,
      quantity: item.quantity,
      unitPrice: centsToMills(item.price.unit_price.amount),
      combos: item.selected_modifier_groups.flatMap((group) =>
        group.selected_items.map((m) => ({
          name: m.title,
          quantity: m.quantity,
          price: centsToMills(m.price.unit_price.amount),
        })),
      ),
      specialRequest: optionalText(item.special_instructions),
    }),
  );
  const charges = order.payment.charges;
  return {
    channel: 'uber_eats',
    externalId: meta.resource_id,
    storeId: meta.user_id,
    status: STATUS[order.current_state],
    placedAt: new Date(order.placed_at),
    customerName: optionalText(order.eater?.first_name),
    customerPhone: optionalText(order.eater?.phone),
    lines,
    subTotal: charges.sub_total ? centsToMills(charges.sub_total.amount) : linesSubTotal(lines),
    total: centsToMills(charges.total.amount),
    platformFee: charges.marketplace_fee ? centsToMills(charges.marketplace_fee.amount) : 0,
  };
}
