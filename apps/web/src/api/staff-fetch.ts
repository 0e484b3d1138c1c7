import { staffSession } from '../lib/session/staff-session';
import { apiDownload, apiFetch, type DownloadedFile, type SessionFetchOptions } from './api-client';

// Apart from customerFetch (./customer-fetch.ts): the customer app's first screen never loads the
// staff session.

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
