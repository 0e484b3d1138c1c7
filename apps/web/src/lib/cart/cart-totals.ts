import { type CartLineInput, cartLineTotal, type Mills, sum, toMills } from '@kitchaco/domain';
import { type Cart, type CartLine, cartLines } from './cart';

// Apart from cart.ts: the header's cart button (on every first screen) reads the cart, and only the
// cart and checkout pages price it, with the domain's money rules.

/** The menu-priced line total: (unit price + combos) x quantity, by the domain's money rules. */
export function previewLineTotal(line: Pick<CartLine, 'unitPrice' | 'combos' | 'quantity'>): Mills {
  return cartLineTotal(
    toMills(line.unitPrice),
    line.combos.map((c) => toMills(c.price)),
    line.quantity,
  );
}

export function previewSubTotal(cart: Cart): Mills {
  return sum(cartLines(cart).map(previewLineTotal));
}

/** The lines as the checkout contract takes them: ids only, the server prices them. */
export function checkoutLines(cart: Cart): CartLineInput[] {
  return cartLines(cart).map((line) => ({
    meal_id: line.mealId,
    quantity: line.quantity,
    subitem_id: line.subitem?.id ?? null,
    combo_ids: line.combos.map((c) => c.id),
    ...(line.specialRequest.trim() ? { special_request: line.specialRequest.trim() } : {}),
  }));
}
