import { SPEC_MESSAGES } from '@kitchaco/domain';
import type { z } from 'zod';

/**
 * An error with a stable code, an HTTP status and the message a person sees. Every error response
 * has the spec's wire shape: { success: false, error, error_code?, field?, code }.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: {
      field?: string;
      errorCode?: number;
      retryAfterSeconds?: number;
      /** Every bad row of an uploaded file, so the whole file can be fixed at once. */
      rows?: RowProblem[];
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** One bad cell of an uploaded file: the row as a spreadsheet numbers it, the column, the reason. */
export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

export const invalid = (message: string, field?: string) =>
  new AppError(400, 'invalid', message, field === undefined ? {} : { field });
export const unauthorized = (message: string) => new AppError(401, 'unauthorized', message);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const unprocessable = (message: string, field?: string) =>
  new AppError(422, 'unprocessable', message, field === undefined ? {} : { field });
/** A body larger than the call allows this caller (413). */
export const tooLarge = (message: string) => new AppError(413, 'too_large', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, { retryAfterSeconds });
/** A file refused as a whole because of its bad rows (listed in `errors`); nothing of it is written. */
export const rowsRejected = (message: string, rows: RowProblem[]) =>
  new AppError(422, 'invalid_rows', message, { rows });
/** A dependency is down or not set up: try again later (Retry-After, 30 s unless told). */
export const unavailable = (message: string, retryAfterSeconds = 30) =>
  new AppError(503, 'unavailable', message, { retryAfterSeconds });
/** A business rule the spec answers with success false and an error_code (e.g. 1 = below minimum). */
export const ruleFailed = (message: string, errorCode: number) =>
  new AppError(422, 'rule_failed', message, { errorCode });

export interface WireError {
  success: false;
  error: string;
  code: string;
  error_code?: number;
  field?: string;
  errors?: RowProblem[];
}

export function toWire(error: AppError): WireError {
  const body: WireError = { success: false, error: error.message, code: error.code };
  if (error.details.errorCode !== undefined) body.error_code = error.details.errorCode;
  if (error.details.field !== undefined) body.field = error.details.field;
  if (error.details.rows !== undefined) body.errors = error.details.rows;
  return body;
}

/**
 * The first problem of a failed zod parse, as a 400 naming the field and the reason. A message of
 * the spec is sent as the spec has it, without the field before it (the field is in `field`).
 */
export function fromZod(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  const reason = issue?.message ?? 'is invalid';
  const message =
    field && !reason.startsWith(field) && !SPEC_MESSAGES.has(reason) ? `${field}: ${reason}` : reason;
  return invalid(message, field);
}
