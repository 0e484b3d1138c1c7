import type { z } from 'zod';
import type { StaffRole } from '../constants.js';

/**
 * The wire contract, declared once: every call of the API is a declaration in an area's
 * `<area>.calls.ts` (endpoint and query_type, or method and path; input; response; who may call
 * it; whether the old clients' semantics apply). The server attaches a handler to each
 * (apps/server/src/http/registry.ts), the web calls them through one typed function
 * (apps/web/src/api/call.ts), and the OpenAPI document, the access matrix and the fuzz test read
 * the same declarations. docs/architecture.md, "Add a call", lists the files.
 */

/** Who may make a call: read by the server's check, the access matrix and the documents. */
export type Access =
  | { kind: 'public' }
  | { kind: 'customer' }
  | {
      kind: 'staff';
      roles: readonly StaffRole[];
      /**
       * Also open, read only, to a caller who is not signed in when the body says `app_view: true`
       * (the spec's menu page inside the mobile app): the service answers only published data.
       */
      appView?: true;
      /**
       * Also open to an account still signed in with a temporary password (`must_change_password`),
       * which every other staff call refuses: only `change_password` says so.
       */
      temporaryPassword?: true;
    }
  /** Only while the server runs in demo mode. */
  | { kind: 'demo' };

export const PUBLIC = { kind: 'public' } as const satisfies Access;
export const CUSTOMER = { kind: 'customer' } as const satisfies Access;
export const DEMO_ONLY = { kind: 'demo' } as const satisfies Access;
export const staff = (...roles: StaffRole[]) => ({ kind: 'staff', roles }) as const satisfies Access;
export const SUPER_ADMIN = staff('super_admin');
/** The back office: super admins, and operators for their own location. */
export const BACK_OFFICE = staff('super_admin', 'operator');

/**
 * How failures reach a client (docs/api.md, "Compatibility"):
 * - `spec`: a call the spec documents. The existing mobile and web clients treat any non-2xx answer
 *   as a network failure, so a business failure is HTTP 200 with `{ success: false, error,
 *   error_code? }`, as the old server answered, unless the request says `Prefer: status-codes`.
 *   Rate limits (429), overload and outages (503) and transport errors (408, 413, 415) keep their
 *   status.
 * - `status`: a call the project added; failures always carry their HTTP status.
 */
export type FailureStyle = 'spec' | 'status';

/**
 * The audit entry a staff write records (apps/server/src/modules/audit): `action` names what was
 * done (`order.status`), `entity` what it was done to (`order`). A staff call that changes
 * nothing declares `audit: false`; the authorisation matrix checks both against what each call
 * really writes (docs/audit.md).
 */
export interface AuditDecl {
  action: string;
  entity: string;
}

/** The request header a client sends to get HTTP statuses on spec calls too (the web app does). */
export const PREFER_STATUS_CODES = 'status-codes';

/** A `query_type` call on one of the spec's POST endpoints (`/api/v1/admin-data/` + `admin_login`). */
export interface QueryCall<
  E extends string = string,
  Q extends string = string,
  I extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  kind: 'call';
  endpoint: E;
  queryType: Q;
  summary: string;
  access: Access;
  input: I;
  response: R;
  failures: FailureStyle;
  /** Largest accepted body in bytes (default 64 KiB); read only once the caller is known. */
  bodyLimit?: number;
  /** HTTP statuses of failures this call answers besides the common ones (OpenAPI). */
  statuses?: readonly number[];
  /** Staff calls: the audit entry each write records, or false for a call that changes nothing. */
  audit?: AuditDecl | false;
}

/**
 * The largest webhook body taken (1 MiB), for the platforms' webhooks only (every other call keeps
 * 64 KiB). A real DoorDash order of 300 lines is about 80 KiB and DoorDash counts any non-2xx
 * answer, a 413 included, as a failed order (docs/marketplaces.md, "DoorDash"); Square's and Deliveroo's take the same.
 */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A REST-style call (`GET /api/v1/vendors/`). */
export interface RouteCall<
  M extends Method = Method,
  U extends string = string,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  H extends z.ZodType | undefined = z.ZodType | undefined,
> {
  kind: 'route';
  method: M;
  /** Fastify path, e.g. '/api/v1/customers/:id/'. */
  url: U;
  summary: string;
  tag: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /** Request headers the handler reads (lower-case names), e.g. idempotency-key. */
  headers?: H;
  response: R;
  failures: FailureStyle;
  bodyLimit?: number;
  /** HTTP statuses of failures this call answers besides the common ones (OpenAPI). */
  statuses?: readonly number[];
  /** Not listed in the OpenAPI document (dev-only helpers). */
  hidden?: boolean;
  /** The body may also come form-encoded (`application/x-www-form-urlencoded`), as old clients post it. */
  forms?: true;
  /** Staff calls: the audit entry each write records, or false for a call that changes nothing. */
  audit?: AuditDecl | false;
}

/** Declares a query_type call; the literal endpoint and query_type are kept in its type. */
export function queryCall<
  const E extends string,
  const Q extends string,
  I extends z.ZodType,
  R extends z.ZodType,
>(def: Omit<QueryCall<E, Q, I, R>, 'kind'>): QueryCall<E, Q, I, R> {
  return { kind: 'call', ...def };
}

/** Declares a REST call; the literal method and path are kept in its type. */
export function routeCall<
  const M extends Method,
  const U extends string,
  R extends z.ZodType,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  H extends z.ZodType | undefined = undefined,
>(def: Omit<RouteCall<M, U, P, Q, B, R, H>, 'kind'>): RouteCall<M, U, P, Q, B, R, H> {
  return { kind: 'route', ...def };
}

/** What a client sends with a query_type call (without `query_type`). */
export type CallInput<D extends QueryCall> = z.input<D['input']>;
/** What a call answers on success. */
export type CallOutput<D extends QueryCall | RouteCall> = z.output<D['response']>;

type Part<S> = S extends z.ZodType ? z.input<S> : undefined;
/** What a client sends with a REST call. */
export interface RouteInput<D extends RouteCall> {
  params: Part<D['params']>;
  query: Part<D['query']>;
  body: Part<D['body']>;
}

/** The spec's endpoints of query_type calls. */
export const ENDPOINTS = {
  adminData: '/api/v1/admin-data/',
  stockLogin: '/api/v1/stock-login/',
  stockAdminLogin: '/api/v1/stock-admin-user/',
  stockList: '/api/v1/stock-list/',
  stockOrders: '/api/v1/stock-order-list/',
  salesReport: '/api/v1/sales-report/',
  locations: '/api/v1/kitchaco-location/',
} as const;
