import { z } from 'zod';
import type { OrderStatus } from '../constants.js';
import { toMills } from '../money/money.js';
import { type MarketplaceOrder, marketplaceLine, optionalText } from './marketplace-order.js';
import {
  dollars,
  idTextOrNumber,
  isoInstant,
  itemQuantity,
  modifierQuantity,
  nameText,
  optionalNote,
  optionalPerson,
  optionalPhone,
} from './payload-fields.js';

/**
 * Menulog (Just Eat Takeaway) order notification, modelled on the Just Eat partner order API:
 * PascalCase fields, amounts in dollars, extras as nested `Items`, and `RestaurantId` as the store.
 */
const menulogExtra = z.object({ Name: nameText, Quantity: modifierQuantity.default(1), UnitPrice: dollars });

const menulogItem = z.object({
  Name: nameText,
  Quantity: itemQuantity,
  UnitPrice: dollars,
  TotalPrice: dollars.optional(),
  Items: z.array(menulogExtra).max(50).default([]),
  Notes: optionalNote,
});

export const MENULOG_STATUSES = [
  'Placed',
  'Accepted',
  'ReadyForCollection',
  'OutForDelivery',
  'Delivered',
  'Completed',
  'Rejected',
  'Cancelled',
] as const;

const STATUS: Record<(typeof MENULOG_STATUSES)[number], OrderStatus> = {
  Placed: 'Received',
  Accepted: 'Cooking',
  ReadyForCollection: 'Ready for pickup',
  OutForDelivery: 'On its way',
  Delivered: 'Finished',
  Completed: 'Finished',
  Rejected: 'Canceled',
  Cancelled: 'Canceled',
};

export const menulogPayload = z.object({
  OrderId: idTextOrNumber,
  RestaurantId: idTextOrNumber,
  PlacedDate: isoInstant,
  Status: z.enum(MENULOG_STATUSES, { error: `must be one of ${MENULOG_STATUSES.join(', ')}` }),
  Customer: z.object({ Name: optionalPerson, PhoneNumber: optionalPhone }).optional(),
  Items: z.array(menulogItem).min(1, 'must hold at least one item').max(200),
  SubTotal: dollars,
  TotalPrice: dollars,
  /** Menulog's commission on the order, when sent. */
  Commission: dollars.optional(),
});
export type MenulogPayload = z.infer<typeof menulogPayload>;

export function normalizeMenulog(payload: MenulogPayload): MarketplaceOrder {
  return {
    channel: 'menulog',
    externalId: payload.OrderId,
    storeId: payload.RestaurantId,
    status: STATUS[payload.Status],
    placedAt: new Date(payload.PlacedDate),
    customerName: optionalText(payload.Customer?.Name),
    customerPhone: optionalText(payload.Customer?.PhoneNumber),
    lines: payload.Items.map((item) =>
      marketplaceLine({
        name: item.Name,
        quantity: item.Quantity,
        unitPrice: toMills(item.UnitPrice),
        combos: item.Items.map((e) => ({ name: e.Name, quantity: e.Quantity, price: toMills(e.UnitPrice) })),
        specialRequest: optionalText(item.Notes),
      }),
    ),
    subTotal: toMills(payload.SubTotal),
    total: toMills(payload.TotalPrice),
    platformFee: payload.Commission === undefined ? 0 : toMills(payload.Commission),
  };
}
