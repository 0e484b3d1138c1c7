import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { locations } from '../../db/schema/index.js';

export function listActiveLocations(db: DbOrTx) {
  return db.select().from(locations).where(eq(locations.isActive, true)).orderBy(asc(locations.id));
}

export async function findLocation(db: DbOrTx, id: number) {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
  return row ?? null;
}
