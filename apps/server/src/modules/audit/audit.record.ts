import type { DbOrTx } from '../../db/client.js';
import { currentAuditScope } from './audit.context.js';
import { insertAuditEntry } from './audit.queries.js';

/** What a service says about one change it made; who, when and from where come from the request. */
export interface AuditChange {
  entityId: string | number;
  /** The location the change concerns, so its operator sees it; null for none. */
  locationId: number | null;
  /** One line a person reads: "Order #1042: Cooking → Ready for pickup". */
  summary: string;
  before: unknown;
  after: unknown;
  /** Overrides the call's declared action, where one call does several things (approve, reject). */
  action?: string;
  entity?: string;
}

/** JSON the log keeps: dates as ISO text, undefined left out; bigints and money already text. */
function snapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value));
}

/**
 * Records one staff change in the audit log, in the caller's transaction: the entry commits with
 * the change or not at all. Outside a declared staff call (a job, a test calling a service) there
 * is nobody to name, and nothing is recorded.
 */
export async function recordAudit(tx: DbOrTx, change: AuditChange): Promise<void> {
  const scope = currentAuditScope();
  if (!scope) return;
  scope.recorded += 1;
  const roles = [...scope.actor.roles].sort();
  await insertAuditEntry(tx, {
    actorId: scope.actor.id,
    actorEmail: scope.actor.email,
    actorRole: roles.join(','),
    address: scope.address,
    action: change.action ?? scope.declared.action,
    call: scope.call,
    entity: change.entity ?? scope.declared.entity,
    entityId: String(change.entityId),
    locationId: change.locationId,
    summary: change.summary.slice(0, 500),
    before: snapshot(change.before),
    after: snapshot(change.after),
  });
}

/** The fields of `after` that differ from `before` (shallow), for a compact entry of a large row. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}
