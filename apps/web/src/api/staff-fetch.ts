import { staffSession } from '../lib/session/staff-session';
import {
  apiDownload,
  apiFetch,
  type DownloadedFile,
  type SessionFetchOptions,
  sessionCredentials,
} from './api-client';

// Apart from customerFetch (./customer-fetch.ts): the customer app's first screen never loads the
// staff session.

/** A call as the signed-in staff member; a 401 forgets the session, so the login form shows again. */
export function staffFetch<T>(path: string, options: SessionFetchOptions<T> = {}): Promise<T> {
  return apiFetch(path, { ...options, ...sessionCredentials(staffSession) });
}

/** A file download (a CSV export) as the signed-in staff member; a 401 forgets the session too. */
export function staffDownload(
  path: string,
  options: { body?: unknown; fallbackFilename: string; signal?: AbortSignal },
): Promise<DownloadedFile> {
  return apiDownload(path, { ...options, ...sessionCredentials(staffSession) });
}
