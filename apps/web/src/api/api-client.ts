import { ApiError, apiErrorFromBody, NetworkError } from './api-error';

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
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
}

/**
 * The one way the web app talks to the server (same origin, paths start with /api). Resolves with
 * the parsed JSON body; rejects with ApiError for an error status or NetworkError when no answer came.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, token, schema, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Token ${token}`;

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
    const error = apiErrorFromBody(response.status, response.statusText, data);
    if (response.status === 401 && token) options.onUnauthorized?.();
    throw error;
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.warn(`Unexpected response shape from ${method} ${path}`, parsed.error);
    throw new ApiError(response.status, 'The server sent an unexpected response.');
  }
  return parsed.data;
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
  const headers: Record<string, string> = { Accept: 'text/csv, application/json' };
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
    throw apiErrorFromBody(response.status, response.statusText, data);
  }
  return {
    blob: await response.blob(),
    filename: filenameOfDisposition(response.headers.get('content-disposition'), options.fallbackFilename),
  };
}
