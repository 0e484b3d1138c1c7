import type { OpeningHours } from '@kitchaco/domain';
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { locationClosures, locations, meals, vendors } from '../../db/schema/index.js';

/** A closure as the schedules use it (ISO instants, so a cached copy is plain data). */
export interface ClosureRow {
  id: number;
  vendorId: number | null;
  startsAt: string;
  endsAt: string;
  reason: string;
}

/** What a location's schedules need beyond its row: its brands' own hours and its closures. */
export interface ScheduleData {
  /** Active brands with their own hours (null: the location's). */
  brands: { id: number; hours: OpeningHours | null }[];
  /** Closures of the location and its brands that end after `since`, soonest first. */
  closures: ClosureRow[];
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A location's brand hours and closures ending after `since`: one round trip (the checkout waits on it). */
export async function scheduleData(db: DbOrTx, locationId: number, since: Date): Promise<ScheduleData> {
  const result = await db.execute(sql`
    SELECT
      coalesce((SELECT json_agg(json_build_object('id', v.id, 'hours', v.opening_hours) ORDER BY v.id)
        FROM vendors v WHERE v.location_id = ${locationId} AND v.is_active), '[]') AS brands,
      coalesce((SELECT json_agg(json_build_object('id', c.id, 'vendorId', c.vendor_id,
          'startsAt', ${iso('c.starts_at')}, 'endsAt', ${iso('c.ends_at')}, 'reason', c.reason)
          ORDER BY c.starts_at, c.id)
        FROM location_closures c
        WHERE c.location_id = ${locationId} AND c.ends_at > ${since.toISOString()}::timestamptz), '[]') AS closures`);
  const [row] = (result as unknown as { rows: ScheduleData[] }).rows;
  return { brands: row?.brands ?? [], closures: row?.closures ?? [] };
}

/** Active locations with their weekly hours and busy switch, by id (the metrics read them at each scrape). */
export function activeLocationHours(db: DbOrTx) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      timeZone: locations.timeZone,
      openingHours: locations.openingHours,
      busyUntil: locations.busyUntil,
    })
    .from(locations)
    .where(eq(locations.isActive, true))
    .orderBy(asc(locations.id));
}

/** Closures of whole locations (not of one brand) in force at `at`. */
export function locationClosuresAt(db: DbOrTx, at: Date) {
  return db
    .select()
    .from(locationClosures)
    .where(
      and(
        isNull(locationClosures.vendorId),
        lte(locationClosures.startsAt, at),
        gt(locationClosures.endsAt, at),
      ),
    );
}

/** Active brands of a location with their own hours, by title. */
export function brandsOfLocation(db: DbOrTx, locationId: number) {
  return db
    .select({ id: vendors.id, title: vendors.title, openingHours: vendors.openingHours })
    .from(vendors)
    .where(and(eq(vendors.locationId, locationId), eq(vendors.isActive, true)))
    .orderBy(asc(vendors.title), asc(vendors.id));
}

/** Enabled meals of a location's brands, by name. */
export function enabledMealsOfLocation(db: DbOrTx, locationId: number) {
  return db
    .select({ id: meals.id, vendorId: meals.vendorId, name: meals.name, soldOutUntil: meals.soldOutUntil })
    .from(meals)
    .innerJoin(vendors, eq(vendors.id, meals.vendorId))
    .where(and(eq(vendors.locationId, locationId), eq(meals.status, 'Enabled')))
    .orderBy(asc(meals.name), asc(meals.id));
}

/** A meal with its brand's location, or null. */
export async function mealWithLocation(db: DbOrTx, mealId: number) {
  const [row] = await db
    .select({
      id: meals.id,
      name: meals.name,
      soldOutUntil: meals.soldOutUntil,
      vendorTitle: vendors.title,
      locationId: vendors.locationId,
    })
    .from(meals)
    .innerJoin(vendors, eq(vendors.id, meals.vendorId))
    .where(eq(meals.id, mealId))
    .limit(1);
  return row ?? null;
}

export async function setSoldOutUntil(db: DbOrTx, mealId: number, until: Date | null): Promise<void> {
  await db.update(meals).set({ soldOutUntil: until }).where(eq(meals.id, mealId));
}

export async function vendorById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: vendors.id,
      title: vendors.title,
      locationId: vendors.locationId,
      openingHours: vendors.openingHours,
    })
    .from(vendors)
    .where(eq(vendors.id, id))
    .limit(1);
  return row ?? null;
}

export async function setLocationHours(db: DbOrTx, id: number, hours: OpeningHours): Promise<void> {
  await db.update(locations).set({ openingHours: hours }).where(eq(locations.id, id));
}

export async function setVendorHours(db: DbOrTx, id: number, hours: OpeningHours | null): Promise<void> {
  await db.update(vendors).set({ openingHours: hours }).where(eq(vendors.id, id));
}

/** Closures of a location that end after `since`, soonest first. */
export function closuresOf(db: DbOrTx, locationId: number, since: Date) {
  return db
    .select()
    .from(locationClosures)
    .where(and(eq(locationClosures.locationId, locationId), gt(locationClosures.endsAt, since)))
    .orderBy(asc(locationClosures.startsAt), asc(locationClosures.id));
}

export async function insertClosure(db: DbOrTx, row: typeof locationClosures.$inferInsert) {
  const [added] = await db.insert(locationClosures).values(row).returning();
  return added!;
}

export async function closureById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(locationClosures).where(eq(locationClosures.id, id)).limit(1);
  return row ?? null;
}

export async function deleteClosure(db: DbOrTx, id: number) {
  const [removed] = await db.delete(locationClosures).where(eq(locationClosures.id, id)).returning();
  return removed ?? null;
}
