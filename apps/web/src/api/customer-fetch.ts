import { customerSession } from '../lib/session/customer-session';
import { apiFetch, type SessionFetchOptions } from './api-client';

/**
 * A call as the signed-in customer. A 401 means the token was revoked or expired: the session is
 * forgotten, so the header shows "Sign In" again. A newer session (signed in meanwhile) is kept.
 */
export function customerFetch<T>(path: string, options: SessionFetchOptions<T> = {}): Promise<T> {
  const token = customerSession.get()?.token ?? null;
  return apiFetch(path, {
    ...options,
    token,
    onUnauthorized: () => {
      if (customerSession.get()?.token === token) customerSession.clear();
    },
  });
}
