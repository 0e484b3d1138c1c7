import { createStorageSnapshot, storage } from '../storage';
import { STORAGE_KEYS } from '../storage-keys';
import { type Cart, EMPTY_CART, storedCart } from './cart';

const KEY = STORAGE_KEYS.cart;

function read(): Cart {
  const raw = storage.get(KEY);
  if (!raw) return EMPTY_CART;
  try {
    const parsed = storedCart.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_CART;
  } catch {
    return EMPTY_CART;
  }
}

/** The cart in localStorage (STORAGE_KEYS.cart): it survives reloads and is shared by open tabs. */
export const cartStore = {
  get: createStorageSnapshot([KEY], read),
  subscribe: storage.subscribe,
  update(change: (cart: Cart) => Cart): void {
    const next = change(read());
    // An empty cart keeps nothing: no lines means no order type, address or promo either.
    if (Object.keys(next.lines).length === 0) storage.remove(KEY);
    else storage.set(KEY, JSON.stringify(next));
  },
  clear(): void {
    storage.remove(KEY);
  },
};
