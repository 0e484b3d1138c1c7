import type { InboxStatus, MarketplaceChannel } from '@kitchaco/domain';
import { and, desc, eq, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { marketplaceInbox } from '../../db/schema/index.js';

export type InboxRow = typeof marketplaceInbox.$inferSelect;

/** Stores an event unless this platform's event id is already there; the new id, or null. */
export async function insertEventOnce(
  db: DbOrTx,
  row: Pick<
    typeof marketplaceInbox.$inferInsert,
    'channel' | 'eventId' | 'eventType' | 'resourceId' | 'headers' | 'body' | 'receivedAt' | 'nextAttemptAt'
  >,
): Promise<number | null> {
  const [inserted] = await db
    .insert(marketplaceInbox)
    .values(row)
    .onConflictDoNothing({ target: [marketplaceInbox.channel, marketplaceInbox.eventId] })
    .returning({ id: marketplaceInbox.id });
  return inserted?.id ?? null;
}

/**
 * Takes up to `limit` pending rows that are due and not leased, each for one worker only: the
 * rows are picked with FOR UPDATE SKIP LOCKED (another instance's worker picking at the same time
 * skips them) and leased until `leaseUntil`, their attempt counted. A worker that dies leaves the
 * lease to run out; the row is then taken again.
 */
export async function claimDue(db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<InboxRow[]> {
  const result = (await db.execute(sql`
    UPDATE marketplace_inbox SET locked_until = ${leaseUntil.toISOString()}::timestamptz, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM marketplace_inbox
      WHERE status = 'pending' AND next_attempt_at <= ${now.toISOString()}::timestamptz
        AND (locked_until IS NULL OR locked_until <= ${now.toISOString()}::timestamptz)
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  const ids = result.rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(marketplaceInbox)
    .where(
      sql`${marketplaceInbox.id} IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
}

/** Records the end of an attempt, if the lease is still this worker's (`leasedUntil`). */
export async function finishAttempt(
  db: DbOrTx,
  id: number,
  leasedUntil: Date,
  change: Partial<
    Pick<InboxRow, 'status' | 'lastError' | 'outcome' | 'processedAt' | 'nextAttemptAt' | 'attempts'>
  >,
): Promise<void> {
  await db
    .update(marketplaceInbox)
    .set({ ...change, lockedUntil: null })
    .where(and(eq(marketplaceInbox.id, id), eq(marketplaceInbox.lockedUntil, leasedUntil)));
}

export function listEvents(
  db: DbOrTx,
  filter: { channel?: MarketplaceChannel; status?: InboxStatus; beforeId?: number; limit: number },
) {
  const where: SQL[] = [];
  if (filter.channel) where.push(eq(marketplaceInbox.channel, filter.channel));
  if (filter.status) where.push(eq(marketplaceInbox.status, filter.status));
  if (filter.beforeId) where.push(lt(marketplaceInbox.id, filter.beforeId));
  return db
    .select()
    .from(marketplaceInbox)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(marketplaceInbox.id))
    .limit(filter.limit);
}

export async function countByStatus(db: DbOrTx, channel?: MarketplaceChannel) {
  const rows = await db
    .select({ status: marketplaceInbox.status, count: sql<number>`count(*)::int` })
    .from(marketplaceInbox)
    .where(channel ? eq(marketplaceInbox.channel, channel) : undefined)
    .groupBy(marketplaceInbox.status);
  const counts = { pending: 0, processed: 0, failed: 0 };
  for (const r of rows) counts[r.status] = Number(r.count);
  return counts;
}

export async function findEvent(db: DbOrTx, id: number) {
  const [row] = await db.select().from(marketplaceInbox).where(eq(marketplaceInbox.id, id)).limit(1);
  return row ?? null;
}

/** Puts a row that is not processed back for the worker, due now, attempts counted afresh. */
export async function requeue(db: DbOrTx, id: number, now: Date): Promise<InboxRow | null> {
  const [row] = await db
    .update(marketplaceInbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where(and(eq(marketplaceInbox.id, id), sql`${marketplaceInbox.status} <> 'processed'`))
    .returning();
  return row ?? null;
}

/**
 * Closes the platform's events still waiting to be processed about one order (`resourceId`) of
 * the given types, other than `exceptId`, with `outcome`: an order the platform has ended needs no
 * answer any more. A row a worker holds right now (leased) is left to that worker, which finds the
 * order ended when it asks. Answers the rows closed.
 */
export async function closePendingForResource(
  db: DbOrTx,
  filter: {
    channel: MarketplaceChannel;
    resourceId: string;
    eventTypes: readonly string[];
    exceptId: number;
  },
  outcome: string,
  now: Date,
): Promise<InboxRow[]> {
  return db
    .update(marketplaceInbox)
    .set({ status: 'processed', outcome, processedAt: now, lockedUntil: null })
    .where(
      and(
        eq(marketplaceInbox.channel, filter.channel),
        eq(marketplaceInbox.resourceId, filter.resourceId),
        eq(marketplaceInbox.status, 'pending'),
        inArray(marketplaceInbox.eventType, [...filter.eventTypes]),
        ne(marketplaceInbox.id, filter.exceptId),
        or(isNull(marketplaceInbox.lockedUntil), lte(marketplaceInbox.lockedUntil, now)),
      ),
    )
    .returning();
}
