import {
  addDays,
  type IsoDate,
  type OrderStatus,
  OWN_SALES_CHANNELS,
  type SalesChannel,
} from '@kitchaco/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/location-windows.js';
import { foldRollups } from '../../db/rollups.js';

/** A read of the rollups, after the pending rows committed so far are folded in (db/rollups.ts). */
async function rollupRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  await foldRollups(db);
  return rows<T>(db, query);
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
        FROM (SELECT u.vendor_id, u.unitemised, sum(u.sales) AS total, sum(u.refunds) AS refunds
              FROM (SELECT r.vendor_id, false AS unitemised, r.sales, 0 AS refunds FROM vendor_sales_rollups r
                    WHERE ${everyLocation}
                    UNION ALL
                    SELECT r.vendor_id, r.vendor_id = 0, r.amount, r.amount FROM refund_rollups r WHERE ${where}) u
              GROUP BY 1, 2) s
        LEFT JOIN vendors v ON v.id = s.vendor_id
        -- As vendorSales: a brand whose sales were refunded in full is listed (at 0), in both periods.
        WHERE s.total <> 0 OR s.refunds <> 0`,
  );
}

/** The filters of an order list that the rollups may be able to count by. */
export interface OrderCountFilter {
  status?: OrderStatus;
  channels?: readonly SalesChannel[];
  search?: string;
}

/**
 * The number of orders matching `filter`, from the rollups, when they can tell it (no search, and
 * no status or one they count: Canceled or Finished); null when the ledger must be counted.
 */
export async function countRolledUpOrders(db: DbOrTx, scope: SalesScope, filter: OrderCountFilter) {
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
