import { SMS_DELIVERY_FINAL, SMS_DELIVERY_RANK, type SmsDeliveryStatus } from '@kitchaco/domain';
import { and, desc, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
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

/**
 * The provider took the message: `providerId` is its id there (Twilio's MessageSid, which status
 * callbacks name), `deliveryStatus` the status in its answer (`queued`), when it gave them.
 */
export async function markSent(
  db: DbOrTx,
  id: number,
  at: Date,
  provider: { providerId?: string | null; deliveryStatus?: SmsDeliveryStatus | null } = {},
): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: 'sent',
      sentAt: at,
      lastError: null,
      providerId: provider.providerId ?? null,
      deliveryStatus: provider.deliveryStatus ?? null,
      deliveryErrorCode: null,
      // An earlier attempt's message found at Twilio may already be at its end.
      deliveryFinalAt: provider.deliveryStatus && isFinal(provider.deliveryStatus) ? at : null,
    })
    .where(eq(outbox.id, id));
}

const isFinal = (status: SmsDeliveryStatus) => SMS_DELIVERY_FINAL.includes(status);

/** SQL of the rank of the row's delivery status (SMS_DELIVERY_RANK); -1 when none is known. */
const deliveryRankSql = sql.raw(
  `CASE delivery_status ${Object.entries(SMS_DELIVERY_RANK)
    .map(([status, rank]) => `WHEN '${status}' THEN ${rank}`)
    .join(' ')} ELSE -1 END`,
);

/**
 * Moves an SMS's delivery status forward, in one statement so that two callbacks racing on two
 * instances cannot put an earlier status over a later one: the row changes only when the new status
 * ranks above the one it has (SMS_DELIVERY_RANK). Answers the row's id when it changed.
 */
export async function advanceDelivery(
  db: DbOrTx,
  update: { providerId: string; status: SmsDeliveryStatus; errorCode: string | null; at: Date },
): Promise<number | null> {
  const final = isFinal(update.status);
  const [row] = await db
    .update(outbox)
    .set({
      deliveryStatus: update.status,
      ...(update.errorCode ? { deliveryErrorCode: update.errorCode } : {}),
      ...(final ? { deliveryFinalAt: update.at } : {}),
    })
    .where(
      and(
        eq(outbox.providerId, update.providerId),
        eq(outbox.channel, 'sms'),
        sql`${deliveryRankSql} < ${SMS_DELIVERY_RANK[update.status]}`,
      ),
    )
    .returning({ id: outbox.id });
  return row?.id ?? null;
}

/** The delivery status an SMS has now, by its provider id; null when no SMS has that id. */
export async function findDeliveryByProviderId(db: DbOrTx, providerId: string) {
  const [row] = await db
    .select({ id: outbox.id, deliveryStatus: outbox.deliveryStatus })
    .from(outbox)
    .where(and(eq(outbox.providerId, providerId), eq(outbox.channel, 'sms')))
    .limit(1);
  return row ?? null;
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

/** The super admin's view: newest first, by channel and status. */
export async function listAdminMessages(
  db: DbOrTx,
  filter: { channel?: 'sms' | 'email'; status?: OutboxRow['status']; limit: number },
) {
  return db
    .select()
    .from(outbox)
    .where(
      and(
        filter.channel ? eq(outbox.channel, filter.channel) : undefined,
        filter.status ? eq(outbox.status, filter.status) : undefined,
      ),
    )
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(filter.limit);
}

export async function findMessage(db: DbOrTx, id: number) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  return row ?? null;
}

/** A failed message back to the worker now, its attempts counted afresh; null when it is not failed. */
export async function requeueFailed(db: DbOrTx, id: number, at: Date) {
  const [row] = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: at })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning();
  return row ?? null;
}

/**
 * By channel, among the messages written since `since` (the created_at index bounds the read):
 * how many were delivered and given up, the last delivery, and the newest message with an error.
 */
export async function channelStats(db: DbOrTx, since: Date) {
  const [counts, errors] = await Promise.all([
    db
      .select({
        channel: outbox.channel,
        sent: sql<number>`count(*) FILTER (WHERE ${outbox.status} = 'sent')::int`,
        failed: sql<number>`count(*) FILTER (WHERE ${outbox.status} = 'failed')::int`,
        lastSent: sql<Date | null>`max(${outbox.sentAt})`.mapWith(outbox.sentAt),
      })
      .from(outbox)
      .where(gte(outbox.createdAt, since))
      .groupBy(outbox.channel),
    db
      .selectDistinctOn([outbox.channel], {
        channel: outbox.channel,
        id: outbox.id,
        createdAt: outbox.createdAt,
        status: outbox.status,
        lastError: outbox.lastError,
      })
      .from(outbox)
      .where(and(gte(outbox.createdAt, since), isNotNull(outbox.lastError)))
      .orderBy(outbox.channel, desc(outbox.createdAt), desc(outbox.id)),
  ]);
  return { counts, errors };
}
