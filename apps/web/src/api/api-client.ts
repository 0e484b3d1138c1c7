import { PREFER_STATUS_CODES } from '@kitchaco/domain';
import { ApiError, apiErrorFromBody, NetworkError } from './api-error';
import { type ContractPick, loadContracts } from './contracts';

/** Anything with zod's `safeParse`: the domain schemas check what the server sent. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface ApiFetchOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Extra request headers, such as `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** Sent as `Authorization: Token <token>`. */
  token?: string | null;
  /** Called when the server answers 401 to a call that carried a token: the token is no longer valid. */
  onUnauthorized?: () => void;
  /**
   * Checks the answer: a schema, or a function naming one of the lazily loaded contracts
   * (api/contracts.ts), which first-screen calls use so zod is not part of the page's first load.
   */
  schema?: ResponseSchema<T> | ContractPick<T>;
  signal?: AbortSignal;
}

/**
 * The one way the web app talks to the server (same origin, paths start with /api). Resolves with
 * the parsed JSON body; rejects with ApiError for an error status or NetworkError when no answer came.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, token, schema, signal } = options;
  // The web app asks for real HTTP statuses on the spec's calls too (docs/api.md, "Compatibility").
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Prefer: PREFER_STATUS_CODES,
    ...options.headers,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Token ${token}`;
  // A contract loads alongside the request, not after it.
  const contracts = typeof schema === 'function' ? loadContracts() : undefined;
  contracts?.catch(() => undefined); // observed below when needed; never an unhandled rejection

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn(`No answer from the server for ${method} ${path}`, error);
    throw new NetworkError(error);
  }

  const data: unknown = await response.json().catch(() => undefined);

  if (!response.ok) {
    const error = await apiErrorFromBody(response.status, response.statusText, data);
    if (response.status === 401 && token) options.onUnauthorized?.();
    throw error;
  }
  if (!schema) return data as T;
  let check: ResponseSchema<T>;
  try {
    check = typeof schema === 'function' ? schema(await (contracts ?? loadContracts())) : schema;
  } catch (error) {
    console.warn('Could not load the response contracts', error);
    throw new NetworkError(error);
  }
  const parsed = check.safeParse(data);
  if (!parsed.success) {
    console.warn(`Unexpected response shape from ${method} ${path}`, parsed.error);
    throw new ApiError(response.status, 'The server sent an unexpected response.');
  }
  return parsed.data;
}

/** Options of a call made as the signed-in customer or staff member: the session supplies the token. */
export type SessionFetchOptions<T> = Omit<ApiFetchOptions<T>, 'token' | 'onUnauthorized'>;

/**
 * The session's token for a call, and what a 401 does: the token was revoked or expired, so the
 * session is forgotten, unless a newer one was signed in meanwhile.
 */
export function sessionCredentials(session: { get(): { token: string } | null; clear(): void }) {
  const token = session.get()?.token ?? null;
  return {
    token,
    onUnauthorized: () => {
      if (session.get()?.token === token) session.clear();
    },
  };
}

/** A file the server sent: its bytes and the name from its content-disposition header. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** `attachment; filename="orders.csv"` -> "orders.csv"; the fallback when the header names none. */
export function filenameOfDisposition(header: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * A POST answered with a file (a CSV export) instead of JSON: same headers, token and error handling
 * as apiFetch. Resolves with the body as a blob and the file name the server chose.
 */
export async function apiDownload(
  path: string,
  options: Pick<ApiFetchOptions<never>, 'body' | 'token' | 'onUnauthorized' | 'signal'> & {
    fallbackFilename: string;
  },
): Promise<DownloadedFile> {
  const { body, token, signal } = options;
  const headers: Record<string, string> = {
    Accept: 'text/csv, application/json',
    Prefer: PREFER_STATUS_CODES,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Token ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn(`No answer from the server for POST ${path}`, error);
    throw new NetworkError(error);
  }

  if (!response.ok) {
    const data: unknown = await response.json().catch(() => undefined);
    if (response.status === 401 && token) options.onUnauthorized?.();
    throw await apiErrorFromBody(response.status, response.statusText, data);
  }
  return {
    blob: await response.blob(),
    filename: filenameOfDisposition(response.headers.get('content-disposition'), options.fallbackFilename),
  };
}
