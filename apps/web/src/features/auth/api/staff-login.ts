import { type StaffCredentials, staffLoginResponse } from '@kitchaco/domain';
import { apiFetch } from '../../../api';

/** The three staff sign-in calls; each answers `{ success, data, token }`. */
export const STAFF_LOGIN_CALLS = {
  stock: { path: '/api/v1/stock-login/', queryType: 'login' },
  stockAdmin: { path: '/api/v1/stock-admin-user/', queryType: 'login' },
  admin: { path: '/api/v1/admin-data/', queryType: 'admin_login' },
} as const;

export type StaffLoginCall = keyof typeof STAFF_LOGIN_CALLS;

export function staffLogin(call: StaffLoginCall, credentials: StaffCredentials) {
  const { path, queryType } = STAFF_LOGIN_CALLS[call];
  return apiFetch(path, {
    method: 'POST',
    body: { query_type: queryType, ...credentials },
    schema: staffLoginResponse,
  });
}
