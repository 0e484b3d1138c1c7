import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditDecl } from '@kitchaco/domain';
import type { StaffActor } from '../../http/actor.js';

/**
 * Who is writing, from where, through which call: set by the registry around a staff call that
 * declares an audit entry (http/register.ts), read by `recordAudit` deep inside the services, so a
 * service records its change in its own transaction without every signature carrying the request.
 */
export interface AuditScope {
  actor: StaffActor;
  /** The client's address as the server saw it. */
  address: string;
  /** The call: its query_type, or `METHOD /path`. */
  call: string;
  declared: AuditDecl;
  /** Entries recorded so far in this request (a write call that records none is logged). */
  recorded: number;
}

const storage = new AsyncLocalStorage<AuditScope>();

export function runAudited<T>(scope: Omit<AuditScope, 'recorded'>, fn: () => Promise<T>): Promise<T> {
  return storage.run({ ...scope, recorded: 0 }, fn);
}

/** The current request's audit scope; null outside a declared staff write (tests, jobs, customers). */
export function currentAuditScope(): AuditScope | null {
  return storage.getStore() ?? null;
}
