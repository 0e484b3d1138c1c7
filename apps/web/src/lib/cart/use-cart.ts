import { useSyncExternalStore } from 'react';
import { type Cart, cartLines } from './cart';
import { cartStore } from './cart-store';

export function useCart(): Cart {
  return useSyncExternalStore(cartStore.subscribe, cartStore.get);
}

/** Distinct lines in the cart: the header badge's number. */
export function useCartLineCount(): number {
  return cartLines(useCart()).length;
}
