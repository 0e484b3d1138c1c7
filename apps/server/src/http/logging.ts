import type { FastifyRequest } from 'fastify';

/**
 * What the server logs, made safe to keep: no secret may reach a log line (docs/reliability.md).
 * Credentials in headers and bodies are redacted by path; two leaks need code, below.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.code',
  '*.password',
  '*.code',
  '*.token',
];

/** Query parameters whose value is never logged, should a client put a credential in an address. */
const SECRET_PARAMETER = /token|passw|secret|code|key|signature|auth|session/i;

/** The address with the values of credential-like query parameters replaced. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const params = new URLSearchParams(url.slice(start + 1));
  if (![...params.keys()].some((name) => SECRET_PARAMETER.test(name))) return url;
  const safe = new URLSearchParams();
  for (const [name, value] of params) safe.append(name, SECRET_PARAMETER.test(name) ? '[redacted]' : value);
  return `${url.slice(0, start)}?${safe.toString()}`;
}

/** Fastify's request serializer, with a redacted address. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fields of a database or HTTP error that say what went wrong without repeating the data (not
 * `detail` nor `where`, which can quote a row or a bound value).
 */
const KEPT_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'hint',
  'query',
] as const;

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * An error as a log line shows it. A failed query's error (Drizzle's) repeats every bound value in
 * its message: the text of a sign-in code's SMS, a card holder, a token's hash. Those values, and
 * PostgreSQL's `detail` (which quotes the failing row), are left out; the statement itself stays.
 */
export function serializeError(error: Error, depth = 0): SerializedError {
  // Something other than an error logged as one is written as it is, as pino would.
  if (typeof error !== 'object' || error === null) return error as unknown as SerializedError;
  const e = error as Error & Record<string, unknown>;
  const values = e.params === undefined ? null : `\nparams: ${String(e.params)}`;
  const hide = (text: string | undefined) =>
    (values && text ? text.replace(values, '\nparams: [not logged]') : text) ?? '';
  const out: SerializedError = {
    type: e.constructor?.name ?? e.name,
    message: hide(e.message),
    stack: hide(e.stack),
  };
  for (const field of KEPT_FIELDS) if (e[field] !== undefined) out[field] = e[field];
  const inner = (value: unknown) =>
    typeof value === 'object' && value !== null && depth < 4
      ? serializeError(value as Error, depth + 1)
      : value;
  if (Array.isArray(e.errors)) out.errors = e.errors.map(inner);
  if (e.cause !== undefined) out.cause = inner(e.cause);
  return out;
}

export const logSerializers = { req: serializeRequest, err: serializeError };
