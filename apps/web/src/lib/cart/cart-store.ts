import { type Contracts, loadContracts } from '../../api/contracts';
import { createStorageSnapshot, storage } from '../storage';
import { STORAGE_KEYS } from '../storage-keys';
import { type Cart, EMPTY_CART } from './cart';

const KEY = STORAGE_KEYS.cart;

/**
 * The stored cart is checked with its schema, which loads with the contracts (api/contracts.ts) a
 * moment after the page starts. Until then the cart reads as empty and writes wait for it, so a
 * stored cart is never overwritten unread.
 */
let storedCart: Contracts['storedCart'] | null = null;

function schemaLoaded(): Promise<void> {
  if (storedCart) return Promise.resolve();
  return loadContracts().then((contracts) => {
    if (storedCart) return;
    storedCart = contracts.storedCart;
    snapshot = createStorageSnapshot([KEY], read); // what was read before the schema came is stale
    storage.changed();
  });
}

function read(): Cart {
  const raw = storage.get(KEY);
  if (!raw || !storedCart) return EMPTY_CART;
  try {
    const parsed = storedCart.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_CART;
  } catch {
    return EMPTY_CART;
  }
}

let snapshot = createStorageSnapshot([KEY], read);

const warn = (error: unknown) => console.warn('Could not load the cart schema', error);
void schemaLoaded().catch(warn);

function write(change: (cart: Cart) => Cart): void {
  const next = change(read());
  // An empty cart keeps nothing: no lines means no order type, address or promo either.
  if (Object.keys(next.lines).length === 0) storage.remove(KEY);
  else storage.set(KEY, JSON.stringify(next));
}

/** The cart in localStorage (STORAGE_KEYS.cart): it survives reloads and is shared by open tabs. */
export const cartStore = {
  get: (): Cart => snapshot(),
  subscribe: storage.subscribe,
  /** Resolves once the stored cart can be read (a stored cart reads as empty before). */
  ready: schemaLoaded,
  update(change: (cart: Cart) => Cart): void {
    if (storedCart) write(change);
    else schemaLoaded().then(() => write(change), warn);
  },
  clear(): void {
    storage.remove(KEY);
  },
};
