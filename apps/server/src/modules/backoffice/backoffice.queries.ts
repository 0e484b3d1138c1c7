import type { OrderStatus, SalesChannel } from '@kitchaco/domain';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { inWindow, type LocationWindow, rows, windowsTable } from '../../db/location-windows.js';
import { externalOperators, locations } from '../../db/schema/index.js';

/**
 * All windows' instants at once, so a page of many locations' orders can walk the placed_at index
 * newest first and stop after one page, rather than read every order of every window.
 */
function spanOf(windows: readonly LocationWindow[]): SQL {
  const start = Math.min(...windows.map((w) => w.start.getTime()));
  const end = Math.max(...windows.map((w) => w.end.getTime()));
  return sql`o.placed_at >= ${new Date(start).toISOString()}::timestamptz AND o.placed_at < ${new Date(end).toISOString()}::timestamptz`;
}

export async function findLocations(db: DbOrTx, ids: number[] | 'all') {
  const query = db
    .select({ id: locations.id, name: locations.name, timeZone: locations.timeZone })
    .from(locations);
  return ids === 'all'
    ? query.orderBy(asc(locations.id))
    : query.where(inArray(locations.id, ids)).orderBy(asc(locations.id));
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
