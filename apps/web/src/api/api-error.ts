import type { CsvRowErrorWire } from '@kitchaco/domain';
import { loadContracts } from './contracts';

/** The server answered with an error status. `message` is the server's text, ready to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly field: string | undefined;
  /** The spec's `error_code` (1 = below the minimum stock order), when the server sent one. */
  readonly code: number | undefined;
  /** The server's stable error name (`code` on the wire), such as 'payment_declined' or 'invalid'. */
  readonly reason: string | undefined;
  /** Every bad row of a file refused whole (`errors` on the wire, code 'invalid_rows'). */
  readonly rows: CsvRowErrorWire[] | undefined;

  constructor(
    status: number,
    message: string,
    options: { field?: string; code?: number; reason?: string; rows?: CsvRowErrorWire[] } = {},
  ) {
    super(message);
    this.status = status;
    this.field = options.field;
    this.code = options.code;
    this.reason = options.reason;
    this.rows = options.rows;
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

/**
 * Reads `{ success: false, error, code?, field?, error_code? }`, falling back to other JSON error
 * bodies.
 */
export async function apiErrorFromBody(status: number, statusText: string, body: unknown): Promise<ApiError> {
  const contracts = await loadContracts().catch(() => null);
  const failure = contracts?.failureResponse.safeParse(body) ?? { success: false as const };
  if (failure.success) {
    const reason =
      typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
        ? body.code
        : undefined;
    return new ApiError(status, failure.data.error, {
      field: failure.data.field,
      code: failure.data.error_code,
      reason,
      rows: rowProblems(body),
    });
  }
  const message =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : statusText || `Request failed with status ${status}`;
  return new ApiError(status, message);
}

/** The `errors` list of a refused file: each { row, field, message }; anything else is ignored. */
function rowProblems(body: unknown): CsvRowErrorWire[] | undefined {
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors)) {
    return undefined;
  }
  return body.errors.filter(
    (e): e is CsvRowErrorWire =>
      typeof e === 'object' &&
      e !== null &&
      typeof e.row === 'number' &&
      typeof e.field === 'string' &&
      typeof e.message === 'string',
  );
}

/**
 * The message to show beside a field. Validation messages name their field first
 * ("order_later: please choose a time in the future"); the field is already on screen, so the name is
 * dropped and the rest starts with a capital.
 */
export function messageForField(error: ApiError): string {
  const prefix = error.field ? `${error.field}: ` : null;
  const text =
    prefix && error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
