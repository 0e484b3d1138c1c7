import type { Cart, CartLine } from './cart-schema';

export type { Cart, CartLine } from './cart-schema';

/** Most of one meal a line may hold: the checkout contract's limit. */
export const MAX_LINE_QUANTITY = 50;
export const MAX_SPECIAL_REQUEST_LENGTH = 300;

/** What `storedCart` reads from nothing: a test checks the two agree. */
export const EMPTY_CART: Cart = {
  locationId: null,
  lines: {},
  vendor: null,
  orderType: 'pickup',
  orderLocation: '',
  orderLater: null,
  orderDate: null,
  deliveryCharges: 0,
  promoCode: null,
  discount: 0,
};

export interface NewCartLine {
  mealId: number;
  vendorId: number;
  vendorTitle: string;
  name: string;
  unitPrice: number;
  subitem: { id: number; name: string } | null;
  combos: { id: number; name: string; price: number }[];
  quantity: number;
  specialRequest: string;
}

/** Lines of the same meal with the same sub-item and combos are one line. */
export function cartLineKey(line: Pick<NewCartLine, 'mealId' | 'subitem' | 'combos'>): string {
  const combos = line.combos.map((c) => c.id).sort((a, b) => a - b);
  return `${line.mealId}:${line.subitem?.id ?? '-'}:${combos.join(',')}`;
}

export function cartLines(cart: Cart): CartLine[] {
  return Object.values(cart.lines);
}

/** Why a line cannot go into this cart, or null when it can. */
export function addBlockedReason(cart: Cart, locationId: number): string | null {
  if (cartLines(cart).length > 0 && cart.locationId !== null && cart.locationId !== locationId) {
    return 'Your cart holds dishes from another pickup location. Check out or empty it first.';
  }
  return null;
}

/** Adds a line, or adds its quantity to the same line already in the cart (at most 50). */
export function withLineAdded(cart: Cart, locationId: number, line: NewCartLine): Cart {
  const key = cartLineKey(line);
  const existing = cart.lines[key];
  const quantity = Math.min(MAX_LINE_QUANTITY, (existing?.quantity ?? 0) + line.quantity);
  const specialRequest = line.specialRequest.trim() || existing?.specialRequest || '';
  return {
    ...cart,
    locationId,
    vendor: { id: line.vendorId, name: line.vendorTitle },
    lines: { ...cart.lines, [key]: { ...line, key, quantity, specialRequest } },
  };
}

export function withQuantity(cart: Cart, key: string, quantity: number): Cart {
  const line = cart.lines[key];
  if (!line) return cart;
  if (quantity < 1) return withoutLine(cart, key);
  const next = Math.min(MAX_LINE_QUANTITY, Math.floor(quantity));
  return { ...cart, lines: { ...cart.lines, [key]: { ...line, quantity: next } } };
}

export function withoutLine(cart: Cart, key: string): Cart {
  const { [key]: _removed, ...lines } = cart.lines;
  return Object.keys(lines).length === 0 ? EMPTY_CART : { ...cart, lines };
}
