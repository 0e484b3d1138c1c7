import { orderTypes } from '@kitchaco/domain';
import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_SPECIAL_REQUEST_LENGTH } from './cart';

// The stored cart's schema. It is loaded with the wire contracts (api/contracts.ts), not with the
// first screen: lib/cart/cart-store.ts reads the cart once it is here.

const named = z.object({ id: z.number().int().positive(), name: z.string() });

/**
 * One cart line: a meal with its chosen sub-item and combos. `unitPrice` is the spec's prices.AUD
 * and `combos` its additionalCost entries (each multiplied by the quantity). Prices are the menu's,
 * kept to show a preliminary line total; the checkout shows the server's quote only.
 */
const cartLine = z.object({
  key: z.string(),
  mealId: z.number().int().positive(),
  vendorId: z.number().int().positive(),
  vendorTitle: z.string(),
  name: z.string(),
  unitPrice: z.number().nonnegative(),
  subitem: named.nullable(),
  combos: z.array(named.extend({ price: z.number().nonnegative() })),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  specialRequest: z.string().max(MAX_SPECIAL_REQUEST_LENGTH),
});
export type CartLine = z.infer<typeof cartLine>;

/**
 * The cart as kept in localStorage. Every field has a default, so a partial or older value still
 * reads; a value that cannot be read at all is an empty cart.
 */
export const storedCart = z.object({
  /** The pickup location the lines belong to; null while the cart is empty. */
  locationId: z.number().int().positive().nullable().catch(null),
  lines: z.record(z.string(), cartLine).catch({}),
  /** The vendor the last line was added from. */
  vendor: named.nullable().catch(null),
  orderType: z.enum(orderTypes).catch('pickup'),
  /** Delivery address. */
  orderLocation: z.string().catch(''),
  /** Order for later: the ISO instant sent to the server, or null for as soon as possible. */
  orderLater: z.string().nullable().catch(null),
  /** The local date chosen for a later order (YYYY-MM-DD). */
  orderDate: z.string().nullable().catch(null),
  /** Delivery charge of the last quote. */
  deliveryCharges: z.number().catch(0),
  /** A promo code the server accepted, and the discount it gave on the last quote. */
  promoCode: z.string().nullable().catch(null),
  discount: z.number().catch(0),
});
export type Cart = z.infer<typeof storedCart>;
