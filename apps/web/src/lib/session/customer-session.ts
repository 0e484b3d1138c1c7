import { createStorageSnapshot, storage } from '../storage';
import { CUSTOMER_DATA_KEYS, STORAGE_KEYS } from '../storage-keys';

export interface CustomerSession {
  token: string;
  userId: number;
}

const KEYS = STORAGE_KEYS.customer;

function read(): CustomerSession | null {
  const token = storage.get(KEYS.token);
  const userId = Number(storage.get(KEYS.userId));
  if (!token || !Number.isInteger(userId) || userId <= 0) return null;
  return { token, userId };
}

export const customerSession = {
  get: createStorageSnapshot([KEYS.token, KEYS.userId], read),
  subscribe: storage.subscribe,
  save(session: CustomerSession): void {
    storage.setMany({ [KEYS.token]: session.token, [KEYS.userId]: String(session.userId) });
  },
  /** Forgets the token only (it was refused by the server): cart and payment data stay. */
  clear(): void {
    storage.remove(KEYS.token, KEYS.userId);
  },
  /** Logout: the session and all cart, order and payment data. */
  clearAll(): void {
    storage.remove(KEYS.token, KEYS.userId, ...CUSTOMER_DATA_KEYS);
  },
};
