import { customerSession } from '../lib/session/customer-session';
import { apiFetch, type SessionFetchOptions, sessionCredentials } from './api-client';

/** A call as the signed-in customer; a 401 forgets the session, so the header shows "Sign In" again. */
export function customerFetch<T>(path: string, options: SessionFetchOptions<T> = {}): Promise<T> {
  return apiFetch(path, { ...options, ...sessionCredentials(customerSession) });
}
