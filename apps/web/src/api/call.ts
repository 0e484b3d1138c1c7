import type { CallInput, CallOutput, QueryCall, RouteCall, RouteInput } from '@kitchaco/domain';
import { type ApiFetchOptions, apiDownload, apiFetch, type DownloadedFile } from './api-client';
import type { ContractPick, Contracts } from './contracts';

/**
 * The one typed way the web app makes a call: pass the call's declaration from packages/domain
 * (`menusCalls.adminMenu`) and its input; the address, the query_type and the answer's check come
 * from the declaration, so a wrong call or a wrong field does not compile.
 */

/** How a call is sent: openly, or with the signed-in customer's or staff member's token. */
export type Sender = <T>(path: string, options: ApiFetchOptions<T>) => Promise<T>;

export interface CallOptions {
  signal?: AbortSignal;
  /** Extra request headers, such as `Idempotency-Key`. */
  headers?: Record<string, string>;
}

/** A query_type call: `{ query_type, ...input }` posted to the call's endpoint. */
export function sendQuery<D extends QueryCall>(
  send: Sender,
  decl: D,
  input: CallInput<D>,
  options: CallOptions = {},
): Promise<CallOutput<D>> {
  return send(decl.endpoint, {
    method: 'POST',
    body: { ...(input as object), query_type: decl.queryType },
    schema: decl.response as ApiFetchOptions<CallOutput<D>>['schema'],
    ...options,
  });
}

/** The request part of a REST call's input, for declarations whose parts are all optional. */
export type RouteArgs<D extends RouteCall> = {
  [K in keyof RouteInput<D> as RouteInput<D>[K] extends undefined ? never : K]: RouteInput<D>[K];
};

/** A REST call's path with its `:params` filled in and its query string. */
export function routePath(url: string, params?: object, query?: object): string {
  const path = url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown> | undefined)?.[name] ?? '')),
  );
  const entries = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null);
  return entries.length ? `${path}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : path;
}

/** A REST call. */
export function sendRoute<D extends RouteCall>(
  send: Sender,
  decl: D,
  input: RouteArgs<D>,
  options: CallOptions = {},
): Promise<CallOutput<D>> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  return send(routePath(decl.url, params, query), {
    method: decl.method,
    ...(body === undefined ? {} : { body }),
    schema: decl.response as ApiFetchOptions<CallOutput<D>>['schema'],
    ...options,
  });
}

/** The areas of the lazily loaded contracts (./contracts.ts) and their REST calls. */
export type LazyArea = {
  [A in keyof Contracts]: Contracts[A] extends Record<string, unknown> ? A : never;
}[keyof Contracts];
export type LazyRoute<A extends LazyArea> = {
  [N in keyof Contracts[A]]: Contracts[A][N] extends RouteCall ? N : never;
}[keyof Contracts[A]];
export type LazyDecl<A extends LazyArea, N extends LazyRoute<A>> = Contracts[A][N] extends RouteCall
  ? Contracts[A][N]
  : never;

/**
 * A REST call of a first screen, whose declaration (and zod) loads lazily with the contracts
 * (./contracts.ts), named by area and call (`'vendorsCalls', 'listVendors'`): the request goes out
 * at once to `address`, which must be the declaration's own method and path (the compiler checks
 * it), and the answer is checked once the contracts are in.
 */
export function sendRouteLazy<A extends LazyArea, N extends LazyRoute<A>>(
  send: Sender,
  area: A,
  name: N,
  address: Pick<LazyDecl<A, N>, 'method' | 'url'>,
  input: RouteArgs<LazyDecl<A, N>>,
  options: CallOptions = {},
): Promise<CallOutput<LazyDecl<A, N>>> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  type Out = CallOutput<LazyDecl<A, N>>;
  const schema: ContractPick<Out> = (contracts) =>
    (contracts[area][name] as unknown as RouteCall).response as ReturnType<ContractPick<Out>>;
  return send(routePath(address.url, params, query), {
    method: address.method,
    ...(body === undefined ? {} : { body }),
    schema,
    ...options,
  });
}

/** A REST call answered with a file (a CSV or PDF): its bytes and the name the server gave. */
export function downloadRoute<D extends RouteCall>(
  credentials: Pick<ApiFetchOptions<never>, 'token' | 'onUnauthorized'>,
  decl: D,
  input: RouteArgs<D>,
  options: { fallbackFilename: string; signal?: AbortSignal },
): Promise<DownloadedFile> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  return apiDownload(routePath(decl.url, params, query), { body, ...credentials, ...options });
}

/** Calls open to anyone. */
export const publicCall = <D extends QueryCall>(decl: D, input: CallInput<D>, options?: CallOptions) =>
  sendQuery(apiFetch, decl, input, options);
export const publicRoute = <D extends RouteCall>(decl: D, input: RouteArgs<D>, options?: CallOptions) =>
  sendRoute(apiFetch, decl, input, options);
export const publicRouteLazy = <A extends LazyArea, N extends LazyRoute<A>>(
  area: A,
  name: N,
  address: Pick<LazyDecl<A, N>, 'method' | 'url'>,
  input: RouteArgs<LazyDecl<A, N>>,
  options?: CallOptions,
) => sendRouteLazy(apiFetch, area, name, address, input, options);
