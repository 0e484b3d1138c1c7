import type { MarketplaceChannel, MatchableMeal } from '@kitchaco/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  locations,
  marketplaceStores,
  meals,
  orderLines as orderLinesTable,
  orderStatusEvents,
  orders,
  vendors,
} from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferInsert;

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
export type LineRow = Omit<typeof orderLinesTable.$inferInsert, 'orderId'>;

const storeColumns = {
  id: marketplaceStores.id,
  channel: marketplaceStores.channel,
  storeId: marketplaceStores.storeId,
  name: marketplaceStores.name,
  locationId: marketplaceStores.locationId,
  location: locations.name,
  timeZone: locations.timeZone,
  vendorId: marketplaceStores.vendorId,
  vendor: vendors.title,
};

function storesQuery(db: DbOrTx) {
  return db
    .select(storeColumns)
    .from(marketplaceStores)
    .innerJoin(locations, eq(locations.id, marketplaceStores.locationId))
    .leftJoin(vendors, eq(vendors.id, marketplaceStores.vendorId));
}

export type StoreRow = Awaited<ReturnType<typeof listStores>>[number];

export function listStores(db: DbOrTx, channel?: MarketplaceChannel) {
  return storesQuery(db)
    .where(channel ? eq(marketplaceStores.channel, channel) : undefined)
    .orderBy(asc(marketplaceStores.channel), asc(locations.name), asc(marketplaceStores.storeId));
}

export async function findStore(db: DbOrTx, channel: MarketplaceChannel, storeId: string) {
  const [row] = await storesQuery(db)
    .where(and(eq(marketplaceStores.channel, channel), eq(marketplaceStores.storeId, storeId)))
    .limit(1);
  return row ?? null;
}

export async function findStoreById(db: DbOrTx, id: number) {
  const [row] = await storesQuery(db).where(eq(marketplaceStores.id, id)).limit(1);
  return row ?? null;
}

/** PostgreSQL's unique_violation, possibly wrapped by the driver or Drizzle. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: unknown } | null;
  return e?.code === '23505' || (e?.cause ? isUniqueViolation(e.cause) : false);
}

/** Inserts or changes a mapping; null when (channel, store id) belongs to another mapping. */
export async function saveStore(
  db: DbOrTx,
  id: number | undefined,
  row: Omit<typeof marketplaceStores.$inferInsert, 'id'>,
): Promise<number | null> {
  if (id === undefined) {
    const [inserted] = await db
      .insert(marketplaceStores)
      .values(row)
      .onConflictDoNothing({ target: [marketplaceStores.channel, marketplaceStores.storeId] })
      .returning({ id: marketplaceStores.id });
    return inserted?.id ?? null;
  }
  try {
    await db.update(marketplaceStores).set(row).where(eq(marketplaceStores.id, id));
    return id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export function locationsWithVendors(db: DbOrTx) {
  return db
    .select({ id: locations.id, name: locations.name, vendorId: vendors.id, vendorTitle: vendors.title })
    .from(locations)
    .leftJoin(vendors, eq(vendors.locationId, locations.id))
    .orderBy(asc(locations.name), asc(locations.id), asc(vendors.title), asc(vendors.id));
}

export async function vendorLocation(db: DbOrTx, vendorId: number) {
  const [row] = await db
    .select({ locationId: vendors.locationId })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .limit(1);
  return row?.locationId ?? null;
}

export async function locationExists(db: DbOrTx, locationId: number) {
  const [row] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
  return row !== undefined;
}

/** Every meal of the locations' brands, as the matcher reads them. */
export async function mealsOfLocations(db: DbOrTx, locationIds: number[]): Promise<MatchableMeal[]> {
  if (locationIds.length === 0) return [];
  const rows = await db
    .select({
      id: meals.id,
      vendorId: meals.vendorId,
      locationId: vendors.locationId,
      name: meals.name,
      status: meals.status,
    })
    .from(meals)
    .innerJoin(vendors, eq(vendors.id, meals.vendorId))
    .where(inArray(vendors.locationId, locationIds));
  return rows.map(({ status, ...meal }) => ({ ...meal, enabled: status === 'Enabled' }));
}

/** The ids of the channel's orders already in the ledger, among these. */
export async function existingExternalIds(
  db: DbOrTx,
  channel: MarketplaceChannel,
  externalIds: string[],
): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  // One JSON parameter however long the list: a parameter per id would not scale to a big export.
  const rows = await rowsOf<{ external_id: string }>(
    db,
    sql`SELECT external_id FROM orders
        WHERE channel = ${channel}
          AND external_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(externalIds)}::jsonb))`,
  );
  return new Set(rows.map((r) => r.external_id));
}

/** The stored order of a platform order id, locked until the transaction ends. */
export async function lockOrderByExternalId(db: DbOrTx, channel: MarketplaceChannel, externalId: string) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status, locationId: orders.locationId })
    .from(orders)
    .where(and(eq(orders.channel, channel), eq(orders.externalId, externalId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Whether any line of an order is of a brand (the brand a platform's store is mapped to). */
export async function orderHasBrand(db: DbOrTx, orderId: number, vendorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderLinesTable.id })
    .from(orderLinesTable)
    .where(and(eq(orderLinesTable.orderId, orderId), eq(orderLinesTable.vendorId, vendorId)))
    .limit(1);
  return row !== undefined;
}

export async function setOrderStatus(db: DbOrTx, id: number, status: OrderRow['status'], at: Date) {
  await db
    .update(orders)
    .set({ status, statusChangedAt: at, statusChangedBy: null })
    .where(eq(orders.id, id));
}

export async function insertStatusEvent(db: DbOrTx, row: typeof orderStatusEvents.$inferInsert) {
  await db.insert(orderStatusEvents).values(row);
}
