import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rateCounters, rateLimitEvents } from '../../db/schema/index.js';

/**
 * Counts one use of each key, atomically, and reads the live counts of `read`. A counter whose
 * window has passed starts again at 1 with a new window. Rows are locked in key order, so two
 * statements sharing keys never deadlock. One statement, one round trip.
 */
export async function countAndRead(
  db: DbOrTx,
  spend: { key: string; expiresAt: Date }[],
  read: string[],
  now: Date,
): Promise<Map<string, number>> {
  const rows = spend.map((s) => ({ key: s.key, expires_at: s.expiresAt.toISOString() }));
  const result = await db.execute(sql`
    WITH hit AS (
      INSERT INTO rate_counters (key, n, expires_at)
      SELECT x.key, 1, x.expires_at
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(key text, expires_at timestamptz)
      ORDER BY x.key
      ON CONFLICT (key) DO UPDATE SET
        n = CASE WHEN rate_counters.expires_at <= ${now} THEN 1 ELSE rate_counters.n + 1 END,
        expires_at = CASE WHEN rate_counters.expires_at <= ${now} THEN excluded.expires_at
          ELSE rate_counters.expires_at END
      RETURNING key, n
    )
    SELECT key, n FROM hit
    UNION ALL
    SELECT key, n FROM rate_counters
    WHERE key IN (SELECT jsonb_array_elements_text(${JSON.stringify(read)}::jsonb)) AND expires_at > ${now}`);
  const found = (result as unknown as { rows: { key: string; n: number }[] }).rows;
  return new Map(found.map((r) => [r.key, Number(r.n)]));
}

/** Forgets counters and events whose windows are long over. */
export async function deleteExpired(db: DbOrTx, counterBefore: Date, eventBefore: Date): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.expiresAt, counterBefore));
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.at, eventBefore));
}

/**
 * Gives back one use of each key still in its window (a slot held, then not needed). The rows are
 * locked in key order first, as `countAndRead` takes them, so the two never deadlock.
 */
export async function giveBack(db: DbOrTx, keys: string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`
    WITH locked AS (
      SELECT key FROM rate_counters
      WHERE key IN (SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)) AND expires_at > ${now}
      ORDER BY key
      FOR UPDATE
    )
    UPDATE rate_counters SET n = greatest(rate_counters.n - 1, 0)
    FROM locked WHERE rate_counters.key = locked.key`);
}
