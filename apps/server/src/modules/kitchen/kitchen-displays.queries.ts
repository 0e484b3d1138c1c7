import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { kitchenDisplays } from '../../db/schema/index.js';

export async function insertDisplay(
  db: DbOrTx,
  row: { id: string; instanceId: string; locationId: number | null; at: Date },
): Promise<void> {
  await db.insert(kitchenDisplays).values({
    id: row.id,
    instanceId: row.instanceId,
    locationId: row.locationId,
    openedAt: row.at,
    seenAt: row.at,
  });
}

export async function deleteDisplay(db: DbOrTx, id: string): Promise<void> {
  await db.delete(kitchenDisplays).where(eq(kitchenDisplays.id, id));
}

export async function deleteInstanceDisplays(db: DbOrTx, instanceId: string): Promise<void> {
  await db.delete(kitchenDisplays).where(eq(kitchenDisplays.instanceId, instanceId));
}

/** One statement for all of an instance's open displays. */
export async function touchInstanceDisplays(db: DbOrTx, instanceId: string, at: Date): Promise<void> {
  await db.update(kitchenDisplays).set({ seenAt: at }).where(eq(kitchenDisplays.instanceId, instanceId));
}

/** Deletes the rows of instances that died without closing their displays. */
export async function deleteDisplaysSeenBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(kitchenDisplays).where(lt(kitchenDisplays.seenAt, before));
}

/** Displays seen since `since`, by location (null: every location), with the newest heartbeat. */
export async function displaysByLocation(db: DbOrTx, since: Date) {
  const rows = await db
    .select({
      locationId: kitchenDisplays.locationId,
      open: sql<number>`count(*)::int`,
      lastSeen: sql<Date>`max(${kitchenDisplays.seenAt})`.mapWith(kitchenDisplays.seenAt),
    })
    .from(kitchenDisplays)
    .where(and(gte(kitchenDisplays.seenAt, since)))
    .groupBy(kitchenDisplays.locationId);
  return rows.map((r) => ({ locationId: r.locationId, open: Number(r.open), lastSeen: r.lastSeen }));
}
