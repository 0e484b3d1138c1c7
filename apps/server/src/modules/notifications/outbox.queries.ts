import { and, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type OutboxAttachment, outbox } from '../../db/schema/index.js';

export interface NewOutboxMessage {
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string | null;
  body: string;
  attachments?: OutboxAttachment[];
  at: Date;
}

export async function insertOutboxMessage(db: DbOrTx, m: NewOutboxMessage): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject ?? null,
      body: m.body,
      attachments: m.attachments ?? [],
      createdAt: m.at,
      nextAttemptAt: m.at,
    })
    .returning({ id: outbox.id });
  return row!.id;
}

/**
 * Claims due messages for delivery: pending ones whose time has come, and 'sending' ones whose
 * claim expired (a worker died mid-send). SKIP LOCKED lets several instances share the work.
 */
export async function claimDueMessages(db: DbOrTx, now: Date, claimSeconds: number, limit: number) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(inArray(outbox.status, ['pending', 'sending']), lte(outbox.nextAttemptAt, now)))
    .orderBy(outbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + claimSeconds * 1000),
    })
    .where(inArray(outbox.id, due))
    .returning();
}

export async function markSent(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(outbox).set({ status: 'sent', sentAt: at, lastError: null }).where(eq(outbox.id, id));
}

export async function markFailed(db: DbOrTx, id: number, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(outbox)
    .set(
      retryAt
        ? { status: 'pending', lastError: error.slice(0, 500), nextAttemptAt: retryAt }
        : { status: 'failed', lastError: error.slice(0, 500) },
    )
    .where(eq(outbox.id, id));
}

export type OutboxRow = typeof outbox.$inferSelect;

export async function listRecentMessages(db: DbOrTx, limit: number) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
}

/**
 * Deletes up to `limit` delivered or failed messages written before `before` (attachments with
 * them); answers how many. Pending and sending ones stay whatever their age: they are still owed.
 */
export async function deleteFinishedBefore(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const old = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(inArray(outbox.status, ['sent', 'failed']), lt(outbox.createdAt, before)))
    .limit(limit);
  const gone = await db.delete(outbox).where(inArray(outbox.id, old)).returning({ id: outbox.id });
  return gone.length;
}
