import { and, asc, count, desc, eq, gte, ilike, like, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, locations } from '../../db/schema/index.js';

/**
 * The audit log (docs/audit.md): append-only. Its entries are written with each staff write
 * (audit.record.ts, through insertAuditEntry); everything else here reads.
 */
export interface AuditQuery {
  /** One location's entries only; null = every entry, those of no location included. */
  locationId: number | null;
  /** Part of the actor's email, any case. */
  actor?: string;
  /** An action, or the beginning of one. */
  action?: string;
  /** [from, to) instants. */
  from?: Date;
  to?: Date;
}

/** `text` matched literally inside a LIKE pattern (PostgreSQL's default escape is a backslash). */
function literal(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function conditions(q: AuditQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    q.locationId === null ? undefined : eq(auditLog.locationId, q.locationId),
    q.actor ? ilike(auditLog.actorEmail, `%${literal(q.actor)}%`) : undefined,
    q.action ? like(auditLog.action, `${literal(q.action)}%`) : undefined,
    q.from ? gte(auditLog.at, q.from) : undefined,
    q.to ? lt(auditLog.at, q.to) : undefined,
  ];
  return and(...parts);
}

export type AuditRow = Awaited<ReturnType<typeof findEntries>>[number];

/** Entries matching the query, newest first, with their location's name. */
export function findEntries(db: DbOrTx, q: AuditQuery, page: { limit: number; offset: number }) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorEmail: auditLog.actorEmail,
      actorRole: auditLog.actorRole,
      address: auditLog.address,
      action: auditLog.action,
      call: auditLog.call,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      locationId: auditLog.locationId,
      locationName: locations.name,
      summary: auditLog.summary,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(locations, eq(locations.id, auditLog.locationId))
    .where(conditions(q))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countEntries(db: DbOrTx, q: AuditQuery): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(conditions(q));
  return row?.n ?? 0;
}

/** Every action recorded for the location (or everywhere), sorted: the choices of the action filter. */
export async function distinctActions(db: DbOrTx, locationId: number | null): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .where(locationId === null ? undefined : eq(auditLog.locationId, locationId))
    .orderBy(asc(auditLog.action));
  return rows.map((r) => r.action);
}

/** Appends one entry to the audit log, in the caller's transaction. */
export async function insertAuditEntry(tx: DbOrTx, entry: typeof auditLog.$inferInsert): Promise<void> {
  await tx.insert(auditLog).values(entry);
}
