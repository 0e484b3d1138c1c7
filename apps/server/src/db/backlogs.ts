import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { marketplaceInbox, outbox, paymentReconciliations, payments } from './schema/index.js';

/**
 * The backlogs people watch, read from the shared database (so every instance sees the same
 * figure): the outbox, the marketplace inbox, the last reconciliation and the open payment flags.
 * Read by the metrics at scrape time (lib/metrics.ts) and by the super admins' health page
 * (modules/health).
 */

/** Epoch seconds of a timestamp column's minimum or maximum, as a float (both drivers read numbers). */
const epoch = (expression: ReturnType<typeof sql>) =>
  sql<number | null>`extract(epoch from ${expression})::float8`;

/** Messages not yet sent (the worker's partial index covers exactly these), by channel. */
export async function outboxRows(database: Database) {
  const rows = await database.db
    .select({
      channel: outbox.channel,
      waiting: sql<number>`count(*)::int`,
      oldest: epoch(sql`min(${outbox.createdAt})`),
    })
    .from(outbox)
    .where(sql`${outbox.status} IN ('pending', 'sending')`)
    .groupBy(outbox.channel);
  return rows.map((r) => ({ channel: r.channel, waiting: Number(r.waiting), oldest: Number(r.oldest) }));
}

/** Inbox rows pending or failed, by platform (processed rows, the many, are not read). */
export async function inboxRows(database: Database) {
  const rows = await database.db
    .select({
      channel: marketplaceInbox.channel,
      pending: sql<number>`count(*) FILTER (WHERE ${marketplaceInbox.status} = 'pending')::int`,
      failed: sql<number>`count(*) FILTER (WHERE ${marketplaceInbox.status} = 'failed')::int`,
      oldest: epoch(
        sql`min(${marketplaceInbox.receivedAt}) FILTER (WHERE ${marketplaceInbox.status} = 'pending')`,
      ),
    })
    .from(marketplaceInbox)
    .where(sql`${marketplaceInbox.status} IN ('pending', 'failed')`)
    .groupBy(marketplaceInbox.channel);
  return rows.map((r) => ({
    channel: r.channel,
    pending: Number(r.pending),
    failed: Number(r.failed),
    oldest: r.oldest === null ? null : Number(r.oldest),
  }));
}

/** The last finished reconciliation run (and its error) and the open payment flags (an indexed partial scan). */
export async function reconciliationRows(database: Database) {
  const [[last], [flags]] = await Promise.all([
    database.db
      .select({
        finished: epoch(sql`${paymentReconciliations.finishedAt}`),
        failed: sql<boolean>`${paymentReconciliations.error} IS NOT NULL`,
        error: paymentReconciliations.error,
      })
      .from(paymentReconciliations)
      .where(isNotNull(paymentReconciliations.finishedAt))
      .orderBy(sql`${paymentReconciliations.id} DESC`)
      .limit(1),
    database.db
      .select({ open: sql<number>`count(*)::int` })
      .from(payments)
      .where(and(isNotNull(payments.flag), isNull(payments.resolvedAt))),
  ]);
  return [
    {
      lastFinished: last?.finished == null ? null : Number(last.finished),
      lastFailed: Boolean(last?.failed),
      lastError: last?.error ?? null,
      flagsOpen: Number(flags?.open ?? 0),
    },
  ];
}
