import { and, asc, eq, gt, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { kiosks, locations } from '../../db/schema/index.js';

export type KioskRow = typeof kiosks.$inferSelect;

/** Every location with its card provider location id, by id. */
export async function listKioskLocations(db: DbOrTx) {
  return db
    .select({ id: locations.id, name: locations.name, squareLocationId: locations.squareLocationId })
    .from(locations)
    .orderBy(asc(locations.id));
}

export async function listKiosks(db: DbOrTx): Promise<KioskRow[]> {
  return db.select().from(kiosks).orderBy(asc(kiosks.locationId), asc(kiosks.id));
}

/** One kiosk with its location's card provider location id. */
export async function findKioskWithLocation(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ kiosk: kiosks, squareLocationId: locations.squareLocationId })
    .from(kiosks)
    .innerJoin(locations, eq(locations.id, kiosks.locationId))
    .where(eq(kiosks.id, id));
  return row;
}

export async function updateKiosk(
  db: DbOrTx,
  id: number,
  set: Partial<typeof kiosks.$inferInsert>,
): Promise<void> {
  await db.update(kiosks).set(set).where(eq(kiosks.id, id));
}

/** Sets the kiosk holding this device code unless it is paired already; returns how many changed. */
export async function updateUnpairedByDeviceCode(
  db: DbOrTx,
  deviceCodeId: string,
  set: Partial<typeof kiosks.$inferInsert>,
): Promise<number> {
  const rows = await db
    .update(kiosks)
    .set(set)
    .where(and(eq(kiosks.deviceCodeId, deviceCodeId), ne(kiosks.deviceCodeStatus, 'PAIRED')))
    .returning({ id: kiosks.id });
  return rows.length;
}

/** Device codes still waiting to be typed that expire after `since`, at most 50. */
export async function waitingDeviceCodes(db: DbOrTx, since: Date) {
  return db
    .select({ id: kiosks.deviceCodeId })
    .from(kiosks)
    .where(
      and(
        eq(kiosks.deviceCodeStatus, 'UNPAIRED'),
        isNotNull(kiosks.deviceCodeId),
        gt(kiosks.deviceCodeExpiresAt, since),
      ),
    )
    .limit(50);
}
