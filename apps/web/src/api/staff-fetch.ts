import { type CallInput, CHANGE_PASSWORD_FIRST, type QueryCall, type RouteCall } from '@kitchaco/domain';
import { staffSession } from '../lib/session/staff-session';
import {
  apiDownload,
  apiFetch,
  type DownloadedFile,
  type SessionFetchOptions,
  sessionCredentials,
} from './api-client';
import { isApiError } from './api-error';
import { type CallOptions, downloadRoute, type RouteArgs, sendQuery, sendRoute } from './call';

// Apart from customerFetch (./customer-fetch.ts): the customer app's first screen never loads the
// staff session.

/** The server's refusal of every call but `change_password` while a temporary password is in use. */
export const PASSWORD_CHANGE_REQUIRED = CHANGE_PASSWORD_FIRST;

/** A 403 for a temporary password: the portal then shows its "Choose your password" form. */
export function isPasswordChangeRequired(error: unknown): boolean {
  return isApiError(error, 403) && error.message === PASSWORD_CHANGE_REQUIRED;
}

/**
 * A call as the signed-in staff member; a 401 forgets the session, so the login form shows again,
 * and a 403 for a temporary password marks the session, so the password form shows instead.
 */
export async function staffFetch<T>(path: string, options: SessionFetchOptions<T> = {}): Promise<T> {
  try {
    return await apiFetch(path, { ...options, ...sessionCredentials(staffSession) });
  } catch (error) {
    if (isPasswordChangeRequired(error)) staffSession.requirePasswordChange();
    throw error;
  }
}

/** A file download (a CSV export) as the signed-in staff member; a 401 forgets the session too. */
export function staffDownload(
  path: string,
  options: { body?: unknown; fallbackFilename: string; signal?: AbortSignal },
): Promise<DownloadedFile> {
  return apiDownload(path, { ...options, ...sessionCredentials(staffSession) });
}

/** A query_type call as the signed-in staff member (api/call.ts). */
export const staffCall = <D extends QueryCall>(decl: D, input: CallInput<D>, options?: CallOptions) =>
  sendQuery(staffFetch, decl, input, options);

/** A REST call as the signed-in staff member. */
export const staffRoute = <D extends RouteCall>(decl: D, input: RouteArgs<D>, options?: CallOptions) =>
  sendRoute(staffFetch, decl, input, options);

/** A REST call answered with a file, as the signed-in staff member. */
export const staffDownloadRoute = <D extends RouteCall>(
  decl: D,
  input: RouteArgs<D>,
  options: { fallbackFilename: string; signal?: AbortSignal },
) => downloadRoute(sessionCredentials(staffSession), decl, input, options);
