import type { OrderStatus, PayoutChannel, PayoutRowKind } from '@kitchaco/domain';
import { and, asc, between, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  externalOperators,
  fortnightPeriods,
  locations,
  marketplacePayoutLines,
} from '../../db/schema/index.js';

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A payout report row to store (amounts as fixed decimals). */
export interface NewPayoutLine {
  channel: PayoutChannel;
  locationId: number;
  storeId: string;
  platformOrderId: string;
  orderDate: string;
  kind: PayoutRowKind;
  status: string;
  sales: string;
  fee: string;
  payout: string;
  payoutDate: string | null;
  payoutRef: string | null;
  rowKey: string;
}

/**
 * Stores a report's rows in one statement, each once: a row whose (channel, row key) is already
 * stored is left as it is. One JSON parameter however many rows (a 5 MB report is tens of
 * thousands). Answers how many rows were new.
 */
export async function insertPayoutLines(db: DbOrTx, lines: NewPayoutLine[], at: Date): Promise<number> {
  if (lines.length === 0) return 0;
  const records = lines.map((l) => ({
    channel: l.channel,
    location_id: l.locationId,
    store_id: l.storeId,
    platform_order_id: l.platformOrderId,
    order_date: l.orderDate,
    kind: l.kind,
    status: l.status,
    sales: l.sales,
    fee: l.fee,
    payout: l.payout,
    payout_date: l.payoutDate,
    payout_ref: l.payoutRef,
    row_key: l.rowKey,
    imported_at: at.toISOString(),
  }));
  const columns = sql.raw(Object.keys(records[0]!).join(', '));
  const [row] = await rowsOf<{ count: number | string }>(
    db,
    sql`WITH inserted AS (
          INSERT INTO marketplace_payout_lines (${columns})
          SELECT ${columns}
            FROM json_populate_recordset(NULL::marketplace_payout_lines, ${JSON.stringify(records)}::json)
          ON CONFLICT (channel, row_key) DO NOTHING
          RETURNING 1)
        SELECT count(*)::int AS count FROM inserted`,
  );
  return Number(row?.count ?? 0);
}

export async function findPeriod(db: DbOrTx, id: number) {
  const [row] = await db.select().from(fortnightPeriods).where(eq(fortnightPeriods.id, id));
  return row ?? null;
}

export async function operatorExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: externalOperators.id })
    .from(externalOperators)
    .where(eq(externalOperators.id, id));
  return row !== undefined;
}

/** The locations an external operator runs; null: every location. */
export function locationsOf(db: DbOrTx, operatorId: number | null) {
  return db
    .select({ id: locations.id, name: locations.name, timeZone: locations.timeZone })
    .from(locations)
    .where(operatorId === null ? undefined : eq(locations.externalOperatorId, operatorId))
    .orderBy(asc(locations.id));
}

export type PayoutLocation = Awaited<ReturnType<typeof locationsOf>>[number];

/** One of our marketplace orders as reconciliation reads it. */
export interface LedgerOrderRow {
  id: number;
  channel: PayoutChannel;
  external_id: string;
  location_id: number;
  status: OrderStatus;
  total: string;
  platform_fee: string;
  placed_at: Date | string;
  /** Its location's time zone. */
  tz: string;
}

const LEDGER_COLUMNS = sql`o.id, o.channel::text AS channel, o.external_id, o.location_id,
  o.status::text AS status, o.total::text AS total, o.platform_fee::text AS platform_fee,
  o.placed_at, l.time_zone AS tz`;

/** The platform orders each location placed within its window [start, end). */
export async function ledgerOrdersIn(
  db: DbOrTx,
  channels: readonly PayoutChannel[],
  windows: readonly { locationId: number; start: Date; end: Date }[],
): Promise<LedgerOrderRow[]> {
  if (windows.length === 0 || channels.length === 0) return [];
  const table = JSON.stringify(
    windows.map((w) => ({
      location_id: w.locationId,
      start_at: w.start.toISOString(),
      end_at: w.end.toISOString(),
    })),
  );
  return rowsOf<LedgerOrderRow>(
    db,
    sql`SELECT ${LEDGER_COLUMNS}
        FROM jsonb_to_recordset(${table}::jsonb) AS w(location_id int, start_at timestamptz, end_at timestamptz)
        JOIN orders o ON o.location_id = w.location_id AND o.placed_at >= w.start_at AND o.placed_at < w.end_at
        JOIN locations l ON l.id = o.location_id
        WHERE o.channel IN (${sql.join(
          channels.map((c) => sql`${c}`),
          sql`, `,
        )}) AND o.external_id IS NOT NULL`,
  );
}

export interface PlatformOrderKey {
  channel: PayoutChannel;
  externalId: string;
}

const keysTable = (keys: readonly PlatformOrderKey[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(keys.map((k) => ({ channel: k.channel, id: k.externalId })))}::jsonb)
        AS k(channel sales_channel, id text)`;

/** Our orders of these platform order ids, wherever and whenever they were placed. */
export async function ledgerOrdersOf(
  db: DbOrTx,
  keys: readonly PlatformOrderKey[],
): Promise<LedgerOrderRow[]> {
  if (keys.length === 0) return [];
  return rowsOf<LedgerOrderRow>(
    db,
    sql`SELECT ${LEDGER_COLUMNS}
        FROM ${keysTable(keys)}
        JOIN orders o ON o.channel = k.channel AND o.external_id = k.id
        JOIN locations l ON l.id = o.location_id`,
  );
}

/** A stored payout row as reconciliation reads it. */
export interface PayoutLineRow {
  id: number;
  channel: PayoutChannel;
  locationId: number;
  storeId: string;
  platformOrderId: string;
  orderDate: string;
  kind: PayoutRowKind;
  sales: string;
  fee: string;
  payout: string;
  payoutDate: string | null;
}

/** The payout rows of the locations dated within [from, to] (local dates). */
export async function payoutLinesIn(
  db: DbOrTx,
  locationIds: readonly number[],
  from: string,
  to: string,
): Promise<PayoutLineRow[]> {
  if (locationIds.length === 0) return [];
  const rows = await db
    .select({
      id: marketplacePayoutLines.id,
      channel: marketplacePayoutLines.channel,
      locationId: marketplacePayoutLines.locationId,
      storeId: marketplacePayoutLines.storeId,
      platformOrderId: marketplacePayoutLines.platformOrderId,
      orderDate: marketplacePayoutLines.orderDate,
      kind: marketplacePayoutLines.kind,
      sales: marketplacePayoutLines.sales,
      fee: marketplacePayoutLines.fee,
      payout: marketplacePayoutLines.payout,
      payoutDate: marketplacePayoutLines.payoutDate,
    })
    .from(marketplacePayoutLines)
    .where(
      and(
        inArray(marketplacePayoutLines.locationId, [...locationIds]),
        between(marketplacePayoutLines.orderDate, from, to),
      ),
    );
  return rows as PayoutLineRow[];
}

/** Every payout row of these platform order ids, whatever its date or location. */
export async function payoutLinesOf(db: DbOrTx, keys: readonly PlatformOrderKey[]): Promise<PayoutLineRow[]> {
  if (keys.length === 0) return [];
  return rowsOf<PayoutLineRow>(
    db,
    sql`SELECT p.id, p.channel::text AS "channel", p.location_id AS "locationId", p.store_id AS "storeId",
          p.platform_order_id AS "platformOrderId", p.order_date::text AS "orderDate", p.kind,
          p.sales::text AS sales, p.fee::text AS fee, p.payout::text AS payout,
          p.payout_date::text AS "payoutDate"
        FROM ${keysTable(keys)}
        JOIN marketplace_payout_lines p ON p.channel = k.channel AND p.platform_order_id = k.id
        ORDER BY p.id`,
  );
}
