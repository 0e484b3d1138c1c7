import type { StaffUserData } from '@kitchaco/domain';
import { createStorageSnapshot, storage } from '../storage';
import { STORAGE_KEYS } from '../storage-keys';

/** The signed-in staff member. The password is never kept: later calls send the token. */
export interface StaffSession {
  token: string;
  email: string;
  firstName: string;
  lastName: string;
  locationId: number | null;
  locationName: string | null;
  isOperator: boolean;
  isSuperAdmin: boolean;
  isStockUser: boolean;
  isStockAdmin: boolean;
  /** Signed in with a temporary password: the server refuses every call but `change_password`. */
  mustChangePassword: boolean;
}

const KEYS = STORAGE_KEYS.staff;
const ALL_KEYS = Object.values(KEYS);

// The spec keeps the role flags in browser storage as the strings 'true' and 'false'.
const flag = (key: string): boolean => storage.get(key) === 'true';

function read(): StaffSession | null {
  const token = storage.get(KEYS.token);
  if (!token) return null;
  const locationId = Number(storage.get(KEYS.locationId));
  return {
    token,
    email: storage.get(KEYS.email) ?? '',
    firstName: storage.get(KEYS.firstName) ?? '',
    lastName: storage.get(KEYS.lastName) ?? '',
    locationId: storage.get(KEYS.locationId) && Number.isInteger(locationId) ? locationId : null,
    locationName: storage.get(KEYS.locationName) || null,
    isOperator: flag(KEYS.isOperator),
    isSuperAdmin: flag(KEYS.isSuperAdmin),
    isStockUser: flag(KEYS.isStockUser),
    isStockAdmin: flag(KEYS.isStockAdmin),
    mustChangePassword: flag(KEYS.mustChangePassword),
  };
}

export const staffSession = {
  get: createStorageSnapshot(ALL_KEYS, read),
  subscribe: storage.subscribe,
  save(token: string, data: StaffUserData): void {
    storage.setMany({
      [KEYS.token]: token,
      [KEYS.email]: data.email,
      [KEYS.firstName]: data.first_name,
      [KEYS.lastName]: data.last_name,
      [KEYS.locationId]: data.kitchaco__id === null ? '' : String(data.kitchaco__id),
      [KEYS.locationName]: data.kitchaco__location ?? '',
      [KEYS.isOperator]: String(data.is_operator),
      [KEYS.isSuperAdmin]: String(data.is_super_admin),
      [KEYS.isStockUser]: String(data.is_stock_user),
      [KEYS.isStockAdmin]: String(data.is_stock_admin),
      [KEYS.mustChangePassword]: String(data.must_change_password === true),
    });
  },
  /** The server refused a call until the password is changed (a session kept from before). */
  requirePasswordChange(): void {
    if (storage.get(KEYS.token)) storage.setMany({ [KEYS.mustChangePassword]: 'true' });
  },
  /** The password was changed: the session goes on with the new token the server answered. */
  passwordChanged(token: string): void {
    storage.setMany({ [KEYS.token]: token, [KEYS.mustChangePassword]: 'false' });
  },
  clear(): void {
    storage.remove(...ALL_KEYS);
  },
};
