import { AUTH_MESSAGES, type StaffCredentials, type StaffUserData } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../api';
import { staffSession } from '../../../lib/session/staff-session';
import { logout } from '../api/logout';
import { type StaffLoginCall, staffLogin } from '../api/staff-login';

/** The server accepted the credentials, but the page does not serve this account. */
class StaffLoginRefused extends Error {
  override readonly name = 'StaffLoginRefused';
}

export interface StaffLoginOptions {
  call: StaffLoginCall;
  /** The page's own check of the account: a message refuses it, null lets it in. */
  refuse?: (data: StaffUserData) => string | null;
}

/**
 * Signs a staff member in and keeps the session (token, names, location, role flags; never the
 * password). A refused account's token is revoked at once, so no session is left behind.
 */
export function useStaffLogin({ call, refuse }: StaffLoginOptions) {
  return useMutation({
    mutationFn: async (credentials: StaffCredentials) => {
      const { token, data } = await staffLogin(call, credentials);
      const refusal = refuse?.(data) ?? null;
      if (refusal) {
        await logout(token);
        throw new StaffLoginRefused(refusal);
      }
      const previous = staffSession.get();
      staffSession.save(token, data);
      if (previous && previous.token !== token) void logout(previous.token);
      return data;
    },
  });
}

/** What the login form shows for a failed sign-in, as the spec words it. */
export function staffLoginErrorMessage(error: unknown): string {
  if (error instanceof StaffLoginRefused) return error.message;
  if (error instanceof ApiError && error.status < 500) return error.message;
  return AUTH_MESSAGES.tryAgain;
}
