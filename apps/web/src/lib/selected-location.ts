import { DEFAULT_LOCATION_ID } from '@kitchaco/domain';
import { useSyncExternalStore } from 'react';
import { storage } from './storage';
import { CART_AND_ORDER_KEYS, STORAGE_KEYS } from './storage-keys';

const KEY = STORAGE_KEYS.selectedLocation;

function readSelectedLocationId(): number {
  const id = Number(storage.get(KEY));
  return Number.isInteger(id) && id > 0 ? id : DEFAULT_LOCATION_ID;
}

/** The customer's pickup location id, kept in browser storage; location 1 until the customer picks one. */
export function useSelectedLocationId(): number {
  return useSyncExternalStore(storage.subscribe, readSelectedLocationId);
}

/** A different location means a different set of vendors: the cart and order data are dropped. */
export function changeSelectedLocation(id: number): void {
  storage.remove(...CART_AND_ORDER_KEYS);
  storage.set(KEY, String(id));
}
