import { CHANGE_PASSWORD_FIRST } from '@kitchaco/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { type Access, type Actor, hasRole } from './actor.js';
import { forbidden, fromZod, notFound, unauthorized } from './errors.js';
import type { RequestContext } from './registry.js';

// Who is calling a route or call: the token or credentials read, access checked, the log told
// (split out of register.ts, issue 43: files of a readable size).

/** Establishes who is calling. Implemented by the auth module. */
export interface Authenticator {
  /** Reads `Authorization: Token …`; null when no token was sent. Throws 401 for a dead token. */
  fromToken(app: AppContext, token: string): Promise<Actor>;
  /** Email and password in the body, as existing staff clients send them. */
  fromCredentials(app: AppContext, email: unknown, password: unknown, clientAddress: string): Promise<Actor>;
}

export const NEED_SIGN_IN = 'Please sign in again.';
export const NO_ACCESS = 'Your account does not have access to this.';

export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(?:Token|Bearer)\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

export async function establishActor(
  app: AppContext,
  auth: Authenticator,
  request: FastifyRequest,
  access: Access,
  body: Record<string, unknown> | null,
): Promise<{ actor: Actor; token: string | null }> {
  const token = readToken(request);
  if (access.kind === 'public' || access.kind === 'demo') {
    if (!token) return { actor: { kind: 'anonymous' }, token };
    // A stale token on a public call (logout, login) is not an error: the caller is anonymous.
    const actor = await auth.fromToken(app, token).catch(() => ({ kind: 'anonymous' }) as const);
    return { actor, token };
  }
  // A staff call carrying email and password in its body is decided by them, as the spec's clients
  // send them, even when the same browser also sends a customer's token in the header. An `email`
  // without a `password` beside a token is the call's own field (`add_staff_account`'s new account).
  if (access.kind === 'staff' && body && ('password' in body || ('email' in body && !token))) {
    return { actor: await auth.fromCredentials(app, body.email, body.password, request.ip), token: null };
  }
  if (token) return { actor: await auth.fromToken(app, token), token };
  return { actor: { kind: 'anonymous' }, token: null };
}

/**
 * Whether the request is an `app_view` read the call lets through without signing in: the spec's
 * menu page opened inside the mobile app (`&app_view=true`) reads a published meal (the service
 * then answers only that).
 */
export function isAppView(access: Access, body: Record<string, unknown> | null): boolean {
  return access.kind === 'staff' && access.appView === true && body?.app_view === true;
}

export function checkAccess(app: AppContext, access: Access, actor: Actor, appView = false): void {
  switch (access.kind) {
    case 'public':
      return;
    case 'demo':
      if (!app.config.demo) throw notFound('Not found.');
      return;
    case 'customer':
      if (actor.kind === 'anonymous') throw unauthorized(NEED_SIGN_IN);
      if (actor.kind !== 'customer') throw forbidden(NO_ACCESS);
      return;
    case 'staff':
      if (actor.kind === 'anonymous' && appView) return;
      if (actor.kind === 'anonymous') throw unauthorized(NEED_SIGN_IN);
      // The account row came with the session (or the credential check): no extra read here.
      if (actor.kind === 'staff' && actor.user.mustChangePassword && !access.temporaryPassword) {
        throw forbidden(CHANGE_PASSWORD_FIRST);
      }
      if (!hasRole(actor, access.roles)) throw forbidden(NO_ACCESS);
      return;
  }
}

export function parseWith<T>(
  schema:
    | { safeParse(v: unknown): { success: true; data: T } | { success: false; error: never } }
    | undefined,
  value: unknown,
): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) throw fromZod(result.error);
  return result.data;
}
export function requestContext(
  app: AppContext,
  request: FastifyRequest,
  actor: Actor,
  token: string | null,
): RequestContext {
  // The request's log lines, its completion line included, say who asked: role, id, location
  // (docs/operations.md, "Logs"). Never a name, an email or a phone number.
  bindLog(request, whoAsked(actor));
  return { app, actor, token, clientAddress: request.ip, log: request.log };
}

/** Adds fields to every later line of the request's log (pino's child bindings). */
export function bindLog(request: FastifyRequest, fields: Record<string, string | number | null>): void {
  (request.log as { setBindings?: (bindings: Record<string, unknown>) => void }).setBindings?.(fields);
}

export function whoAsked(actor: Actor): Record<string, string | number | null> {
  if (actor.kind === 'customer') return { role: 'customer', actor_id: actor.customerId };
  if (actor.kind === 'anonymous') return { role: 'anonymous' };
  return {
    role: [...actor.user.roles].sort().join(',') || 'staff',
    actor_id: actor.user.id,
    location_id: actor.user.locationId,
  };
}

export const ANONYMOUS: Actor = { kind: 'anonymous' };
