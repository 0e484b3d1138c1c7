import { failureResponse } from '@kitchaco/domain';

/** The server answered with an error status. `message` is the server's text, ready to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly field: string | undefined;
  /** The spec's `error_code` (1 = below the minimum stock order), when the server sent one. */
  readonly code: number | undefined;

  constructor(status: number, message: string, options: { field?: string; code?: number } = {}) {
    super(message);
    this.status = status;
    this.field = options.field;
    this.code = options.code;
  }
}

/** No answer at all: offline, DNS, connection refused or reset, CORS. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super('Could not reach the server', { cause });
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Reads `{ success: false, error, field?, error_code? }`, falling back to other JSON error bodies. */
export function apiErrorFromBody(status: number, statusText: string, body: unknown): ApiError {
  const failure = failureResponse.safeParse(body);
  if (failure.success) {
    return new ApiError(status, failure.data.error, {
      field: failure.data.field,
      code: failure.data.error_code,
    });
  }
  const message =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : statusText || `Request failed with status ${status}`;
  return new ApiError(status, message);
}
