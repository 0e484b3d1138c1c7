import type { RouteCall } from '@kitchaco/domain';
import { customerSession } from '../lib/session/customer-session';
import { apiFetch, type SessionFetchOptions, sessionCredentials } from './api-client';
import {
  type CallOptions,
  type LazyArea,
  type LazyDecl,
  type LazyRoute,
  type RouteArgs,
  sendRoute,
  sendRouteLazy,
} from './call';

/** A call as the signed-in customer; a 401 forgets the session, so the header shows "Sign In" again. */
export function customerFetch<T>(path: string, options: SessionFetchOptions<T> = {}): Promise<T> {
  return apiFetch(path, { ...options, ...sessionCredentials(customerSession) });
}

/** A REST call as the signed-in customer (api/call.ts). */
export const customerRoute = <D extends RouteCall>(decl: D, input: RouteArgs<D>, options?: CallOptions) =>
  sendRoute(customerFetch, decl, input, options);

/** A first-screen REST call as the signed-in customer, its declaration loaded lazily. */
export const customerRouteLazy = <A extends LazyArea, N extends LazyRoute<A>>(
  area: A,
  name: N,
  address: Pick<LazyDecl<A, N>, 'method' | 'url'>,
  input: RouteArgs<LazyDecl<A, N>>,
  options?: CallOptions,
) => sendRouteLazy(customerFetch, area, name, address, input, options);
