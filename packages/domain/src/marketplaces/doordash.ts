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
  optionalNote,
  optionalPerson,
  optionalPhone,
} from './payload-fields.js';

/**
 * DoorDash order event (`OrderCreate`, `OrderCancel`), modelled on the DoorDash Marketplace
 * (Drive-less) order webhook: items grouped in menu categories, amounts in cents, and
 * `store.merchant_supplied_id` as the store id we gave DoorDash.
 */
const doordashOption = z.object({ name: nameText, quantity: modifierQuantity.default(1), price: cents });

const doordashItem = z.object({
  name: nameText,
  quantity: itemQuantity,
  price: cents,
  special_instructions: optionalNote,
  options: z.array(doordashOption).max(50).default([]),
});

export const DOORDASH_EVENTS = ['OrderCreate', 'OrderCancel'] as const;

const STATUS: Record<(typeof DOORDASH_EVENTS)[number], OrderStatus> = {
  OrderCreate: 'Received',
  OrderCancel: 'Canceled',
};

export const doordashPayload = z.object({
  event: z.object({
    type: z.enum(DOORDASH_EVENTS, { error: `must be one of ${DOORDASH_EVENTS.join(', ')}` }),
  }),
  order: z.object({
    id: idText,
    store: z.object({ merchant_supplied_id: idText }),
    consumer: z.object({ first_name: optionalPerson, phone: optionalPhone }).optional(),
    categories: z
      .array(z.object({ name: z.string().max(200).optional(), items: z.array(doordashItem).max(200) }))
      .min(1, 'must hold at least one category')
      .max(50)
      .refine((cs) => cs.some((c) => c.items.length > 0), 'must hold at least one item'),
    subtotal: cents,
    /** What the customer paid, when DoorDash sends it; otherwise the subtotal. */
    total: cents.optional(),
    /** DoorDash's commission on the order, when sent. */
    commission: cents.optional(),
    created_at: isoInstant,
  }),
});
export type DoordashPayload = z.infer<typeof doordashPayload>;

export function normalizeDoordash(payload: DoordashPayload): MarketplaceOrder {
  const { order } = payload;
  const lines = order.categories.flatMap((category) =>
    category.items.map((item) =>
      marketplaceLine({
        name: item.name,
        quantity: item.quantity,
        unitPrice: centsToMills(item.price),
        combos: item.options.map((o) => ({
          name: o.name,
          quantity: o.quantity,
          price: centsToMills(o.price),
        })),
        specialRequest: optionalText(item.special_instructions),
      }),
    ),
  );
  const subTotal = centsToMills(order.subtotal);
  return {
    channel: 'doordash',
    externalId: order.id,
    storeId: order.store.merchant_supplied_id,
    status: STATUS[payload.event.type],
    placedAt: new Date(order.created_at),
    customerName: optionalText(order.consumer?.first_name),
    customerPhone: optionalText(order.consumer?.phone),
    lines,
    subTotal,
    total: order.total === undefined ? subTotal : centsToMills(order.total),
    platformFee: order.commission === undefined ? 0 : centsToMills(order.commission),
  };
}
