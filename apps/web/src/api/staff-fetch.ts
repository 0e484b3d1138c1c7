import type { CallInput, QueryCall, RouteCall } from '@kitchaco/domain';
import { staffSession } from '../lib/session/staff-session';
import {
  apiDownload,
  apiFetch,
  type DownloadedFile,
  type SessionFetchOptions,
  sessionCredentials,
} from './api-client';
import { type CallOptions, downloadRoute, type RouteArgs, sendQuery, sendRoute } from './call';

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
