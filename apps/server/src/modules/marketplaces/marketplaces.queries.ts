import type { MarketplaceChannel, MatchableMeal } from '@kitchaco/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  locations,
  marketplaceStores,
  meals,
  orderLines,
  orderStatusEvents,
  orders,
  vendors,
} from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferInsert;

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
export type LineRow = Omit<typeof orderLines.$inferInsert, 'orderId'>;

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

/** Inserts an order unless (channel, external id) is already there; the new id, or null. */
export async function insertOrderOnce(db: DbOrTx, row: OrderRow): Promise<number | null> {
  const [inserted] = await db
    .insert(orders)
    .values(row)
    .onConflictDoNothing({
      target: [orders.channel, orders.externalId],
      where: sql`external_id IS NOT NULL`,
    })
    .returning({ id: orders.id });
  return inserted?.id ?? null;
}

/** The stored order of a platform order id, locked until the transaction ends. */
export async function lockOrderByExternalId(db: DbOrTx, channel: MarketplaceChannel, externalId: string) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.channel, channel), eq(orders.externalId, externalId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function setOrderStatus(db: DbOrTx, id: number, status: OrderRow['status'], at: Date) {
  await db
    .update(orders)
    .set({ status, statusChangedAt: at, statusChangedBy: null })
    .where(eq(orders.id, id));
}

export async function insertLines(db: DbOrTx, orderId: number, lines: LineRow[]) {
  if (lines.length) await db.insert(orderLines).values(lines.map((l) => ({ ...l, orderId })));
}

export async function insertStatusEvent(db: DbOrTx, row: typeof orderStatusEvents.$inferInsert) {
  await db.insert(orderStatusEvents).values(row);
}

/** Rows per statement of a bulk insert; each chunk travels as one JSON parameter. */
const CHUNK = 2_000;

/**
 * Inserts many orders at once, skipping those whose (channel, external id) is already stored, and
 * answers the new ids by external id. One JSON parameter per chunk keeps a large export fast on
 * PGlite and PostgreSQL alike.
 */
export async function insertOrdersOnce(db: DbOrTx, rows: OrderRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((r) => ({
      location_id: r.locationId,
      channel: r.channel,
      external_id: r.externalId,
      ingested_via: r.ingestedVia,
      customer_name: r.customerName ?? null,
      customer_phone: r.customerPhone ?? null,
      status: r.status,
      placed_at: (r.placedAt as Date).toISOString(),
      sub_total: r.subTotal,
      gst: r.gst,
      total: r.total,
      platform_fee: r.platformFee,
      created_at: (r.createdAt as Date).toISOString(),
    }));
    const columns = sql.raw(Object.keys(chunk[0]!).join(', '));
    const inserted = await rowsOf<{ id: number; external_id: string }>(
      db,
      sql`INSERT INTO orders (${columns})
          SELECT ${columns} FROM json_populate_recordset(NULL::orders, ${JSON.stringify(chunk)}::json)
          ON CONFLICT (channel, external_id) WHERE external_id IS NOT NULL DO NOTHING
          RETURNING id, external_id`,
    );
    for (const row of inserted) ids.set(row.external_id, Number(row.id));
  }
  return ids;
}

export async function insertManyLines(db: DbOrTx, rows: (typeof orderLines.$inferInsert)[]) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((l) => ({
      order_id: l.orderId,
      vendor_id: l.vendorId ?? null,
      meal_id: l.mealId ?? null,
      meal_name: l.mealName,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      combos: l.combos ?? [],
      special_request: l.specialRequest ?? null,
      line_total: l.lineTotal,
    }));
    const columns = sql.raw(Object.keys(chunk[0]!).join(', '));
    await db.execute(sql`
      INSERT INTO order_lines (${columns})
      SELECT ${columns} FROM json_populate_recordset(NULL::order_lines, ${JSON.stringify(chunk)}::json)`);
  }
}
