import { customerSession } from '../lib/session/customer-session';
import { staffSession } from '../lib/session/staff-session';
import { type ApiFetchOptions, apiDownload, apiFetch, type DownloadedFile } from './api-client';

type SessionFetchOptions<T> = Omit<ApiFetchOptions<T>, 'token' | 'onUnauthorized'>;

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

/** A call as the signed-in staff member; a 401 forgets the session, so the login form shows again. */
export function staffFetch<T>(path: string, options: SessionFetchOptions<T> = {}): Promise<T> {
  const token = staffSession.get()?.token ?? null;
  return apiFetch(path, {
    ...options,
    token,
    onUnauthorized: () => {
      if (staffSession.get()?.token === token) staffSession.clear();
    },
  });
}

/** A file download (a CSV export) as the signed-in staff member; a 401 forgets the session too. */
export function staffDownload(
  path: string,
  options: { body?: unknown; fallbackFilename: string; signal?: AbortSignal },
): Promise<DownloadedFile> {
  const token = staffSession.get()?.token ?? null;
  return apiDownload(path, {
    ...options,
    token,
    onUnauthorized: () => {
      if (staffSession.get()?.token === token) staffSession.clear();
    },
  });
}
