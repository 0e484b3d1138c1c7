import { authCalls, type StaffCredentials } from '@kitchaco/domain';
import { publicCall } from '../../../api';

/** The three staff sign-in calls; each answers `{ success, data, token }`. */
export const STAFF_LOGIN_CALLS = {
  stock: authCalls.stockLogin,
  stockAdmin: authCalls.stockAdminLogin,
  admin: authCalls.adminLogin,
} as const;

export type StaffLoginCall = keyof typeof STAFF_LOGIN_CALLS;

export function staffLogin(call: StaffLoginCall, credentials: StaffCredentials) {
  return publicCall(STAFF_LOGIN_CALLS[call], credentials);
}
