import {
  addDays,
  type IsoDate,
  type OrderStatus,
  OWN_SALES_CHANNELS,
  type SalesChannel,
} from '@kitchaco/domain';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';
import { externalOperators, locations } from '../../db/schema/index.js';

/**
 * Back-office reads. Every figure is an aggregate over the orders ledger, restricted to a window
 * per location: [start, end) instants of the chosen calendar dates in that location's own time
 * zone. The windows are joined as a VALUES list so each location's range uses the
 * (location_id, placed_at) index.
 */
export interface LocationWindow {
  id: number;
  name: string;
  timeZone: string;
  start: Date;
  end: Date;
}

export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A read of the rollups, after the pending rows committed so far are folded in (db/rollups.ts). */
async function rollupRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  await foldRollups(db);
  return rows<T>(db, query);
}

export function windowsTable(windows: readonly LocationWindow[]): SQL {
  const [first] = windows;
  const start = first?.start.getTime();
  const end = first?.end.getTime();
  if (first && windows.every((w) => w.start.getTime() === start && w.end.getTime() === end)) {
    // One window for every location (one time zone): a handful of parameters however many
    // locations there are, rather than five per location.
    return sql`(SELECT l.id AS location_id, ${first.start.toISOString()}::timestamptz AS start_at,
        ${first.end.toISOString()}::timestamptz AS end_at, l.time_zone AS tz, l.name AS name
      FROM locations l WHERE l.id = ANY(${`{${windows.map((w) => w.id).join(',')}}`}::int[])) AS w`;
  }
  const values = windows.map(
    (w) =>
      sql`(${w.id}::int, ${w.start.toISOString()}::timestamptz, ${w.end.toISOString()}::timestamptz, ${w.timeZone}::text, ${w.name}::text)`,
  );
  return sql`(VALUES ${sql.join(values, sql`, `)}) AS w(location_id, start_at, end_at, tz, name)`;
}

/**
 * All windows' instants at once, so a page of many locations' orders can walk the placed_at index
 * newest first and stop after one page, rather than read every order of every window.
 */
function spanOf(windows: readonly LocationWindow[]): SQL {
  const start = Math.min(...windows.map((w) => w.start.getTime()));
  const end = Math.max(...windows.map((w) => w.end.getTime()));
  return sql`o.placed_at >= ${new Date(start).toISOString()}::timestamptz AND o.placed_at < ${new Date(end).toISOString()}::timestamptz`;
}

export const inWindow = sql`o.location_id = w.location_id AND o.placed_at >= w.start_at AND o.placed_at < w.end_at`;

export async function findLocations(db: DbOrTx, ids: number[] | 'all') {
  const query = db
    .select({ id: locations.id, name: locations.name, timeZone: locations.timeZone })
    .from(locations);
  return ids === 'all'
    ? query.orderBy(asc(locations.id))
    : query.where(inArray(locations.id, ids)).orderBy(asc(locations.id));
}

/**
 * Sales figures read from the rollups (db/schema/rollups.ts) rather than the ledger, so their cost
 * does not grow with history: a date range is read as its whole months, plus dekads and days at
 * either end (periodRuns). `all` reads the rows of all
 * locations together (location 0), so "All locations" does not grow with the number of locations.
 */
export interface SalesScope {
  locationIds: readonly number[];
  all: boolean;
  from: IsoDate;
  to: IsoDate;
}

type Grain = 'day' | 'dekad' | 'month';

/** The last day of the period of `grain` starting on `start` (dekads: 1-10, 11-20, 21-end). */
function periodEnd(start: IsoDate, grain: Grain): IsoDate {
  const monthEnd = addDays(`${addDays(`${start.slice(0, 7)}-01`, 32).slice(0, 7)}-01`, -1);
  if (grain === 'month' || (grain === 'dekad' && start.endsWith('-21'))) return monthEnd;
  return grain === 'dekad' ? addDays(start, 9) : start;
}

/**
 * The fewest rollup periods that exactly cover [from, to]: days up to a dekad, dekads up to a
 * month, whole months, then dekads and days again. A year is 12 months and at most 4 dekads and 18
 * days at its ends. Consecutive periods of one grain are returned as one run.
 */
export function periodRuns(from: IsoDate, to: IsoDate): { grain: Grain; first: IsoDate; last: IsoDate }[] {
  const runs: { grain: Grain; first: IsoDate; last: IsoDate }[] = [];
  for (let at = from; at <= to; ) {
    const day = at.slice(8);
    const grain: Grain =
      day === '01' && periodEnd(at, 'month') <= to
        ? 'month'
        : (day === '01' || day === '11' || day === '21') && periodEnd(at, 'dekad') <= to
          ? 'dekad'
          : 'day';
    const run = runs[runs.length - 1];
    if (run?.grain === grain) run.last = at;
    else runs.push({ grain, first: at, last: at });
    at = addDays(periodEnd(at, grain), 1);
  }
  return runs;
}

/** The rollup rows `r` whose periods exactly cover [from, to]; each run is one index range. */
export function periodsOf(from: IsoDate, to: IsoDate): SQL {
  const runs = periodRuns(from, to);
  if (runs.length === 0) return sql`FALSE`;
  return sql`(${sql.join(
    runs.map((r) => sql`(r.grain = ${r.grain} AND r.period BETWEEN ${r.first}::date AND ${r.last}::date)`),
    sql` OR `,
  )})`;
}

function rollupWhere(scope: SalesScope): SQL {
  const where = scope.all
    ? sql`r.location_id = 0`
    : sql`r.location_id IN (${sql.join(
        scope.locationIds.map((id) => sql`${id}`),
        sql`, `,
      )})`;
  return sql`${where} AND ${periodsOf(scope.from, scope.to)}`;
}

const isEmpty = (scope: SalesScope) => !scope.all && scope.locationIds.length === 0;

/** Adjustments of our own channels: card refunds (negative) and their reversals (positive). */
const ownChannel = sql`r.channel IN (${sql.join(
  OWN_SALES_CHANNELS.map((c) => sql`${c}`),
  sql`, `,
)})`;

export interface ChannelRow {
  location_id: number;
  channel: SalesChannel;
  imported: boolean;
  canceled: boolean;
  orders: number;
  finished: number;
  sales: string;
  fees: string;
}

/**
 * Orders, sales and platform fees per location, channel, CSV-imported or not, canceled or not
 * (location 0 when the scope is all locations).
 */
export async function channelFigures(db: DbOrTx, scope: SalesScope) {
  if (isEmpty(scope)) return [];
  return rollupRows<ChannelRow>(
    db,
    sql`SELECT r.location_id, r.channel::text AS channel, r.imported, r.canceled,
          sum(r.orders)::int AS orders, sum(r.finished)::int AS finished,
          sum(r.sales)::text AS sales, sum(r.fees)::text AS fees
        FROM sales_rollups r WHERE ${rollupWhere(scope)}
        GROUP BY 1, 2, 3, 4 HAVING sum(r.orders) <> 0`,
  );
}

/**
 * Orders and sales (not canceled) of each location of the scope, net of its own channels' card
 * refunds on those days (`refunds`, within `sales`).
 */
export async function locationSales(db: DbOrTx, scope: SalesScope) {
  if (scope.locationIds.length === 0) return [];
  const where = scope.all ? periodsOf(scope.from, scope.to) : rollupWhere(scope);
  return rollupRows<{ location_id: number; orders: number; sales: string; refunds: string }>(
    db,
    sql`SELECT u.location_id, sum(u.orders)::int AS orders, sum(u.sales)::text AS sales,
          sum(u.refunds)::text AS refunds
        FROM (SELECT r.location_id, r.orders, r.sales, 0 AS refunds FROM location_sales_rollups r WHERE ${where}
              UNION ALL
              SELECT r.location_id, 0, r.amount, r.amount FROM adjustment_rollups r
              WHERE ${where} AND r.location_id <> 0 AND ${ownChannel}) u
        GROUP BY 1 HAVING sum(u.orders) <> 0 OR sum(u.sales) <> 0 OR sum(u.refunds) <> 0`,
  );
}

/**
 * Sales per brand: the line totals of the orders that were not canceled plus the card refunds of the
 * brand's items on the scope's days (`refunds`, within `total`). Card refunds of no one brand are a
 * row of their own (`unitemised`, id null); lines without a brand are another (id null too).
 */
export async function vendorSales(db: DbOrTx, scope: SalesScope) {
  if (scope.locationIds.length === 0) return [];
  return rollupRows<{
    id: number | null;
    name: string | null;
    unitemised: boolean;
    total: string;
    refunds: string;
  }>(
    db,
    sql`SELECT nullif(s.vendor_id, 0) AS id, v.title AS name, s.unitemised, s.total::text AS total,
          s.refunds::text AS refunds
        FROM (SELECT u.vendor_id, u.unitemised, sum(u.sales) AS total, sum(u.refunds) AS refunds
              FROM (SELECT r.vendor_id, false AS unitemised, r.sales, 0 AS refunds FROM vendor_sales_rollups r
                    WHERE ${scope.all ? periodsOf(scope.from, scope.to) : rollupWhere(scope)}
                    UNION ALL
                    SELECT r.vendor_id, r.vendor_id = 0, r.amount, r.amount FROM refund_rollups r
                    WHERE ${rollupWhere(scope)}) u
              GROUP BY 1, 2) s
        LEFT JOIN vendors v ON v.id = s.vendor_id
        WHERE s.total <> 0 OR s.refunds <> 0
        ORDER BY s.total DESC, v.title`,
  );
}

/**
 * Sales and orders per hour of the day on each location's own clock; a card refund counts in the
 * hour it happened (`refunds`, within `total`).
 */
export async function hourlySales(db: DbOrTx, scope: SalesScope) {
  if (isEmpty(scope)) return [];
  return rollupRows<{ hour: number; orders: number; total: string; refunds: string }>(
    db,
    sql`SELECT u.hour::int AS hour, sum(u.orders)::int AS orders, sum(u.sales)::text AS total,
          sum(u.refunds)::text AS refunds
        FROM (SELECT r.hour, r.orders, r.sales, 0 AS refunds FROM hourly_sales_rollups r WHERE ${rollupWhere(scope)}
              UNION ALL
              SELECT r.hour, 0, r.amount, r.amount FROM refund_rollups r WHERE ${rollupWhere(scope)}) u
        GROUP BY 1 HAVING sum(u.orders) <> 0 OR sum(u.sales) <> 0 OR sum(u.refunds) <> 0 ORDER BY 1`,
  );
}

/** Quantities sold per meal; a marketplace name that matched no meal is grouped by that name. */
export async function itemsSold(db: DbOrTx, scope: SalesScope) {
  if (scope.locationIds.length === 0) return [];
  return rollupRows<{ meal_id: number | null; name: string; quantity: number }>(
    db,
    sql`SELECT nullif(s.meal_id, 0) AS meal_id, coalesce(m.name, s.meal_name) AS name,
          sum(s.quantity)::int AS quantity
        FROM (SELECT r.meal_id, r.meal_name, sum(r.quantity) AS quantity FROM meal_sales_rollups r
              WHERE ${rollupWhere({ ...scope, all: false })} GROUP BY 1, 2) s
        LEFT JOIN meals m ON m.id = nullif(s.meal_id, 0)
        WHERE s.quantity <> 0
        GROUP BY 1, 2 ORDER BY 3 DESC, 2`,
  );
}

/** Stock sent: the approved stock orders whose approval falls on the scope's business days. */
export async function stockSent(db: DbOrTx, scope: SalesScope) {
  if (isEmpty(scope)) return '0';
  const [row] = await rollupRows<{ total: string }>(
    db,
    sql`SELECT coalesce(sum(r.total), 0)::text AS total FROM stock_sent_rollups r WHERE ${rollupWhere(scope)}`,
  );
  return row?.total ?? '0';
}

/**
 * Adjustments per location (0 when the scope is all locations) and channel on the scope's business
 * days: marketplace refunds and corrections (Deliveroo's), and our own channels' card refunds
 * (negative) with their reversals (positive).
 */
export async function adjustmentFigures(db: DbOrTx, scope: SalesScope) {
  if (isEmpty(scope)) return [];
  return rollupRows<{ location_id: number; channel: SalesChannel; amount: string }>(
    db,
    sql`SELECT r.location_id, r.channel::text AS channel, sum(r.amount)::text AS amount
        FROM adjustment_rollups r WHERE ${rollupWhere(scope)}
        GROUP BY 1, 2 HAVING sum(r.amount) <> 0`,
  );
}

/** One row of comparisonFigures; which columns mean something depends on `kind`. */
export interface ComparisonRow {
  kind: 'channel' | 'adjustment' | 'stock' | 'hour' | 'location' | 'vendor';
  /** channel: the channel; hour: the hour; location: its id; vendor: its id (0 = none). */
  key: string;
  /** vendor: the brand's name. */
  name: string | null;
  /** channel: CSV-imported; vendor: refunds of no one brand. */
  flag: boolean;
  /** channel: canceled. */
  canceled: boolean;
  orders: number;
  finished: number;
  amount: string;
}

/**
 * The dashboard's comparison figures for a scope in one read of the same rollups as the figures
 * themselves: channel sales (orders, finished, canceled), our own channels' card refunds, stock
 * sent, and the per hour, per location and per brand series, each net of card refunds as on the
 * dashboard. One round trip, whatever the number of figures compared.
 */
export async function comparisonFigures(db: DbOrTx, scope: SalesScope) {
  if (isEmpty(scope)) return [];
  const where = rollupWhere(scope);
  const everyLocation = scope.all ? periodsOf(scope.from, scope.to) : where;
  return rollupRows<ComparisonRow>(
    db,
    sql`SELECT 'channel' AS kind, r.channel::text AS key, NULL::text AS name, r.imported AS flag,
          r.canceled, sum(r.orders)::int AS orders, sum(r.finished)::int AS finished,
          sum(r.sales)::text AS amount
        FROM sales_rollups r WHERE ${where}
        GROUP BY 2, 4, 5 HAVING sum(r.orders) <> 0
        UNION ALL
        SELECT 'adjustment', r.channel::text, NULL, false, false, 0, 0, sum(r.amount)::text
        FROM adjustment_rollups r WHERE ${where} AND ${ownChannel}
        GROUP BY 2 HAVING sum(r.amount) <> 0
        UNION ALL
        SELECT 'stock', '', NULL, false, false, 0, 0, coalesce(sum(r.total), 0)::text
        FROM stock_sent_rollups r WHERE ${where}
        UNION ALL
        SELECT 'hour', u.hour::text, NULL, false, false, sum(u.orders)::int, 0, sum(u.sales)::text
        FROM (SELECT r.hour, r.orders, r.sales FROM hourly_sales_rollups r WHERE ${where}
              UNION ALL
              SELECT r.hour, 0, r.amount FROM refund_rollups r WHERE ${where}) u
        GROUP BY 2 HAVING sum(u.orders) <> 0 OR sum(u.sales) <> 0
        UNION ALL
        SELECT 'location', u.location_id::text, NULL, false, false, sum(u.orders)::int, 0, sum(u.sales)::text
        FROM (SELECT r.location_id, r.orders, r.sales FROM location_sales_rollups r WHERE ${everyLocation}
              UNION ALL
              SELECT r.location_id, 0, r.amount FROM adjustment_rollups r
              WHERE ${everyLocation} AND r.location_id <> 0 AND ${ownChannel}) u
        GROUP BY 2 HAVING sum(u.orders) <> 0 OR sum(u.sales) <> 0
        UNION ALL
        SELECT 'vendor', s.vendor_id::text, v.title, s.unitemised, false, 0, 0, s.total::text
        FROM (SELECT u.vendor_id, u.unitemised, sum(u.sales) AS total
              FROM (SELECT r.vendor_id, false AS unitemised, r.sales FROM vendor_sales_rollups r
                    WHERE ${everyLocation}
                    UNION ALL
                    SELECT r.vendor_id, r.vendor_id = 0, r.amount FROM refund_rollups r WHERE ${where}) u
              GROUP BY 1, 2) s
        LEFT JOIN vendors v ON v.id = s.vendor_id
        WHERE s.total <> 0`,
  );
}

export interface DetailOrderRow {
  id: number;
  external_id: string | null;
  location: string;
  tz: string;
  placed_at: Date | string;
  status: OrderStatus;
  total: string;
  platform_fee: string;
  ingested_via: 'webhook' | 'csv' | null;
}

/** The orders of one channel in the windows, canceled ones left out as in sales, oldest first (the Uber Eats detail modal). */
export async function channelOrders(
  db: DbOrTx,
  windows: readonly LocationWindow[],
  channel: SalesChannel,
  limit: number,
) {
  if (windows.length === 0) return [];
  return rows<DetailOrderRow>(
    db,
    sql`SELECT o.id, o.external_id, w.name AS location, w.tz, o.placed_at, o.status::text AS status,
          o.total::text AS total, o.platform_fee::text AS platform_fee, o.ingested_via
        FROM orders o JOIN ${windowsTable(windows)} ON ${inWindow}
        WHERE o.channel = ${channel} AND o.status <> 'Canceled'
        ORDER BY o.placed_at, o.id LIMIT ${limit}`,
  );
}

export interface OrderFilter {
  status?: OrderStatus;
  channels?: readonly SalesChannel[];
  search?: string;
}

function filterSql(filter: OrderFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.status) parts.push(sql`o.status = ${filter.status}`);
  if (filter.channels) {
    parts.push(
      sql`o.channel IN (${sql.join(
        filter.channels.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byId = /^#?\d{1,9}$/.test(filter.search) ? Number(filter.search.replace('#', '')) : null;
    parts.push(
      sql`(${byId === null ? sql`FALSE` : sql`o.id = ${byId}`}
        OR o.external_id ILIKE ${like} OR o.customer_name ILIKE ${like}
        OR o.customer_phone ILIKE ${like} OR o.customer_email ILIKE ${like})`,
    );
  }
  return sql.join(parts, sql` AND `);
}

export interface ListedOrderRow {
  id: number;
  external_id: string | null;
  location_id: number;
  location: string;
  tz: string;
  channel: SalesChannel;
  status: OrderStatus;
  placed_at: Date | string;
  customer_name: string | null;
  customer_phone: string | null;
  customer_email: string | null;
  payment_receipt_number: string | null;
  delivery_location: string | null;
  sub_total: string;
  delivery_charge: string;
  discount: string;
  total: string;
  status_changed_at: Date | string | null;
  status_changed_by: string | null;
  /** placed_at as PostgreSQL's own text (microseconds kept): where the next batch starts. */
  placed_key: string;
}

/** Where a batch of orders (newest first) ends: the next batch starts after it. */
export interface OrderCursor {
  placedKey: string;
  id: number;
}

/**
 * Orders newest first: one page (`offset`), a batch after a cursor (`after`: the order list
 * streamed whole, the CSV export; no cost growing with the position), or every order (null).
 */
export async function listOrders(
  db: DbOrTx,
  windows: readonly LocationWindow[],
  filter: OrderFilter,
  page: { limit: number; offset: number } | { limit: number; after: OrderCursor | null } | null,
) {
  if (windows.length === 0) return [];
  const after = page && 'after' in page && page.after;
  return rows<ListedOrderRow>(
    db,
    sql`SELECT o.id, o.external_id, o.location_id, w.name AS location, w.tz, o.channel::text AS channel,
          o.status::text AS status, o.placed_at, o.placed_at::text AS placed_key, o.customer_name,
          o.customer_phone, o.customer_email,
          o.payment_receipt_number, o.delivery_location, o.sub_total::text AS sub_total,
          o.delivery_charge::text AS delivery_charge, o.discount::text AS discount, o.total::text AS total,
          o.status_changed_at, s.email AS status_changed_by
        FROM orders o JOIN ${windowsTable(windows)} ON ${inWindow}
        LEFT JOIN staff_users s ON s.id = o.status_changed_by
        WHERE ${filterSql(filter)} AND ${spanOf(windows)}
          ${after ? sql`AND (o.placed_at, o.id) < (${after.placedKey}::timestamptz, ${after.id})` : sql``}
        ORDER BY o.placed_at DESC, o.id DESC
        ${page ? sql`LIMIT ${page.limit}` : sql``}
        ${page && 'offset' in page ? sql`OFFSET ${page.offset}` : sql``}`,
  );
}

/**
 * The number of orders matching `filter`, from the rollups, when they can tell it (no search, and
 * no status or one they count: Canceled or Finished); null when the ledger must be counted.
 */
export async function countRolledUpOrders(db: DbOrTx, scope: SalesScope, filter: OrderFilter) {
  if (filter.search || (filter.status && filter.status !== 'Canceled' && filter.status !== 'Finished')) {
    return null;
  }
  if (isEmpty(scope)) return 0;
  const counted = filter.status === 'Finished' ? sql`r.finished` : sql`r.orders`;
  const parts: SQL[] = [rollupWhere(scope)];
  if (filter.status === 'Canceled') parts.push(sql`r.canceled`);
  if (filter.channels) {
    parts.push(
      sql`r.channel IN (${sql.join(
        filter.channels.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
  }
  const [row] = await rollupRows<{ n: number }>(
    db,
    sql`SELECT coalesce(sum(${counted}), 0)::int AS n FROM sales_rollups r WHERE ${sql.join(parts, sql` AND `)}`,
  );
  return row?.n ?? 0;
}

export async function countOrders(db: DbOrTx, windows: readonly LocationWindow[], filter: OrderFilter) {
  if (windows.length === 0) return 0;
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM orders o JOIN ${windowsTable(windows)} ON ${inWindow}
        WHERE ${filterSql(filter)}`,
  );
  return row?.n ?? 0;
}

export interface ListedLineRow {
  order_id: number;
  meal_id: number | null;
  meal_name: string;
  vendor: string | null;
  vendor_id: number | null;
  subitem: string | null;
  special_request: string | null;
  quantity: number;
  unit_price: string;
  line_total: string;
  combos: { name: string; price: string | number; quantity: number }[];
}

export async function linesOfOrders(db: DbOrTx, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return rows<ListedLineRow>(
    db,
    sql`SELECT l.order_id, l.meal_id, coalesce(m.name, l.meal_name) AS meal_name, v.title AS vendor, l.vendor_id,
          l.subitem, l.special_request, l.quantity, l.unit_price::text AS unit_price,
          l.line_total::text AS line_total, l.combos
        FROM order_lines l
        LEFT JOIN meals m ON m.id = l.meal_id
        LEFT JOIN vendors v ON v.id = l.vendor_id
        WHERE l.order_id IN (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY l.order_id, l.id`,
  );
}

export async function listExternalOperators(db: DbOrTx) {
  return db
    .select({ id: externalOperators.id, business_name: externalOperators.businessName })
    .from(externalOperators)
    .orderBy(asc(externalOperators.businessName), asc(externalOperators.id));
}

export async function findExternalOperator(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: externalOperators.id, businessName: externalOperators.businessName })
    .from(externalOperators)
    .where(eq(externalOperators.id, id));
  return row ?? null;
}

export async function locationsOfOperator(db: DbOrTx, externalOperatorId: number) {
  return db
    .select({ id: locations.id, name: locations.name, timeZone: locations.timeZone })
    .from(locations)
    .where(eq(locations.externalOperatorId, externalOperatorId))
    .orderBy(asc(locations.id));
}
