import { isFortnightGridStart, type SalesChannel } from '@kitchaco/domain';
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { inWindow, type LocationWindow, rows, windowsTable } from '../../db/location-windows.js';
import {
  externalOperators,
  fortnightPeriods,
  invoiceAdjustments,
  invoiceApprovals,
  locations,
  orderAdjustments,
  salesReports,
} from '../../db/schema/index.js';

export type OperatorRow = typeof externalOperators.$inferSelect;
export type LocationRow = Pick<
  typeof locations.$inferSelect,
  'id' | 'name' | 'suburb' | 'timeZone' | 'email'
> & {
  externalOperatorId: number | null;
};

const locationColumns = {
  id: locations.id,
  name: locations.name,
  suburb: locations.suburb,
  timeZone: locations.timeZone,
  email: locations.email,
  externalOperatorId: locations.externalOperatorId,
};

export async function listLocations(
  db: DbOrTx,
  filter: { ids?: number[]; operatorId?: number; anyOperator?: boolean },
) {
  const where = [];
  if (filter.ids) where.push(inArray(locations.id, filter.ids));
  if (filter.operatorId !== undefined) where.push(eq(locations.externalOperatorId, filter.operatorId));
  if (filter.anyOperator) where.push(sql`${locations.externalOperatorId} IS NOT NULL`);
  return db
    .select(locationColumns)
    .from(locations)
    .where(and(...where))
    .orderBy(asc(locations.id));
}

export async function findOperator(db: DbOrTx, id: number) {
  const [row] = await db.select().from(externalOperators).where(eq(externalOperators.id, id));
  return row ?? null;
}

/** Stock purchased: approved stock orders whose approval falls in each location's window. */
export async function stockByLocation(db: DbOrTx, windows: readonly LocationWindow[]) {
  if (windows.length === 0) return [];
  return rows<{
    location_id: number;
    gross: string;
    gst: string;
    delivery_charge: string;
    admin_adjustment: string;
  }>(
    db,
    sql`SELECT s.location_id, sum(s.total)::text AS gross, sum(s.gst)::text AS gst,
          sum(s.delivery_charge)::text AS delivery_charge, sum(s.admin_adjustment)::text AS admin_adjustment
        FROM stock_orders s JOIN ${windowsTable(windows)}
          ON s.location_id = w.location_id AND s.approved_at >= w.start_at AND s.approved_at < w.end_at
        WHERE s.status = 'approved'
        GROUP BY 1`,
  );
}

export interface PlatformOrderRow {
  id: number;
  external_id: string | null;
  location: string;
  tz: string;
  channel: SalesChannel;
  status: string;
  placed_at: Date | string;
  sub_total: string;
  total: string;
  platform_fee: string;
}

export interface RefundRow {
  id: number;
  order_id: number | null;
  external_id: string | null;
  location: string;
  tz: string;
  channel: SalesChannel;
  occurred_at: Date | string;
  amount: string;
  reason: string;
}

/**
 * The card refunds (negative) and reversals (positive) of the chosen channels that happened in
 * each location's window, oldest first (the transactional report lists each one).
 */
export async function channelRefunds(
  db: DbOrTx,
  windows: readonly LocationWindow[],
  channels: readonly SalesChannel[],
) {
  if (windows.length === 0 || channels.length === 0) return [];
  return rows<RefundRow>(
    db,
    sql`SELECT a.id, a.order_id, o.external_id, w.name AS location, w.tz, a.channel::text AS channel,
          a.occurred_at, a.amount::text AS amount, a.reason
        FROM order_adjustments a JOIN ${windowsTable(windows)}
          ON a.location_id = w.location_id AND a.occurred_at >= w.start_at AND a.occurred_at < w.end_at
        LEFT JOIN orders o ON o.id = a.order_id
        WHERE a.channel IN (${sql.join(
          channels.map((c) => sql`${c}`),
          sql`, `,
        )})
        ORDER BY a.occurred_at, a.id`,
  );
}

/** Orders of the chosen platforms (the transactional report), oldest first. */
export async function platformOrders(
  db: DbOrTx,
  windows: readonly LocationWindow[],
  channels: readonly SalesChannel[],
) {
  if (windows.length === 0 || channels.length === 0) return [];
  return rows<PlatformOrderRow>(
    db,
    sql`SELECT o.id, o.external_id, w.name AS location, w.tz, o.channel::text AS channel, o.status::text AS status,
          o.placed_at, o.sub_total::text AS sub_total, o.total::text AS total, o.platform_fee::text AS platform_fee
        FROM orders o JOIN ${windowsTable(windows)} ON ${inWindow}
        WHERE o.channel IN (${sql.join(
          channels.map((c) => sql`${c}`),
          sql`, `,
        )})
        ORDER BY o.placed_at, o.id`,
  );
}

// ---------------------------------------------------------------- periods

export async function listPeriods(db: DbOrTx, upTo: string) {
  return db
    .select()
    .from(fortnightPeriods)
    .where(lte(fortnightPeriods.startDate, upTo))
    .orderBy(desc(fortnightPeriods.startDate));
}

export async function lastPeriodStart(db: DbOrTx) {
  const [row] = await db
    .select({ start: fortnightPeriods.startDate })
    .from(fortnightPeriods)
    .orderBy(desc(fortnightPeriods.startDate))
    .limit(1);
  return row?.start ?? null;
}

/** The period starting on `start`, if it exists (never created: see `periodFor`). */
export async function findPeriod(db: DbOrTx, start: string) {
  const [row] = await db.select().from(fortnightPeriods).where(eq(fortnightPeriods.startDate, start));
  return row ?? null;
}

/**
 * The period starting on `start`, created when missing. Periods exist only on the fortnight grid
 * (a period off it would overlap two others, and its approval pay their days twice): callers check
 * the grid first, this refuses as a last guard.
 */
export async function periodFor(db: DbOrTx, start: string, end: string) {
  if (!isFortnightGridStart(start)) throw new Error(`${start} is not on the fortnight grid`);
  await db.insert(fortnightPeriods).values({ startDate: start, endDate: end }).onConflictDoNothing();
  return (await findPeriod(db, start))!;
}

export async function insertPeriods(db: DbOrTx, periods: { startDate: string; endDate: string }[]) {
  if (periods.length === 0) return;
  await db.insert(fortnightPeriods).values(periods).onConflictDoNothing();
}

// ---------------------------------------------------------------- generated reports and approvals

export async function reportsOf(db: DbOrTx, periodId: number, locationIds: number[]) {
  if (locationIds.length === 0) return [];
  return db
    .select()
    .from(salesReports)
    .where(and(eq(salesReports.periodId, periodId), inArray(salesReports.locationId, locationIds)));
}

export async function saveReport(
  db: DbOrTx,
  row: { locationId: number; periodId: number; figures: unknown; generatedAt: Date },
) {
  await db
    .insert(salesReports)
    .values({ ...row, status: 'generated' })
    .onConflictDoUpdate({
      target: [salesReports.locationId, salesReports.periodId],
      set: {
        figures: row.figures,
        generatedAt: row.generatedAt,
        // An approved report stays approved: the invoice reads its own snapshot.
        status: sql`CASE WHEN ${salesReports.status} = 'approved' THEN 'approved'::sales_report_status ELSE 'generated'::sales_report_status END`,
      },
    });
}

export async function markReportsApproved(db: DbOrTx, periodId: number, locationIds: number[]) {
  if (locationIds.length === 0) return;
  await db
    .update(salesReports)
    .set({ status: 'approved' })
    .where(and(eq(salesReports.periodId, periodId), inArray(salesReports.locationId, locationIds)));
}

export async function approvalsOf(db: DbOrTx, operatorId: number, periodId: number) {
  return db
    .select()
    .from(invoiceApprovals)
    .where(and(eq(invoiceApprovals.externalOperatorId, operatorId), eq(invoiceApprovals.periodId, periodId)))
    .orderBy(desc(invoiceApprovals.approvedAt), desc(invoiceApprovals.id));
}

/** The current (not superseded) approvals of a period, of any of the operators, in one query. */
export async function currentApprovalsOf(db: DbOrTx, operatorIds: number[], periodId: number) {
  if (operatorIds.length === 0) return [];
  return db
    .select()
    .from(invoiceApprovals)
    .where(
      and(
        inArray(invoiceApprovals.externalOperatorId, operatorIds),
        eq(invoiceApprovals.periodId, periodId),
        isNull(invoiceApprovals.supersededAt),
      ),
    );
}

/** Marks the operator's current approval of the period superseded; answers it (none: empty). */
export async function supersedeApprovals(db: DbOrTx, operatorId: number, periodId: number, at: Date) {
  return db
    .update(invoiceApprovals)
    .set({ supersededAt: at })
    .where(
      and(
        eq(invoiceApprovals.externalOperatorId, operatorId),
        eq(invoiceApprovals.periodId, periodId),
        isNull(invoiceApprovals.supersededAt),
      ),
    )
    .returning();
}

/** The operator's current approvals of other periods sharing a day with `from`..`to`. */
export async function overlappingApprovals(
  db: DbOrTx,
  operatorId: number,
  periodId: number,
  from: string,
  to: string,
) {
  return db
    .select({
      startDate: fortnightPeriods.startDate,
      endDate: fortnightPeriods.endDate,
      approvedAt: invoiceApprovals.approvedAt,
      approvedByEmail: invoiceApprovals.approvedByEmail,
    })
    .from(invoiceApprovals)
    .innerJoin(fortnightPeriods, eq(fortnightPeriods.id, invoiceApprovals.periodId))
    .where(
      and(
        eq(invoiceApprovals.externalOperatorId, operatorId),
        isNull(invoiceApprovals.supersededAt),
        ne(invoiceApprovals.periodId, periodId),
        lte(fortnightPeriods.startDate, to),
        gte(fortnightPeriods.endDate, from),
      ),
    )
    .orderBy(asc(fortnightPeriods.startDate));
}

export async function insertApproval(db: DbOrTx, row: typeof invoiceApprovals.$inferInsert) {
  const [saved] = await db.insert(invoiceApprovals).values(row).returning();
  return saved!;
}

/**
 * Serialises approvals of one operator across instances (until the transaction ends): of every
 * period, so the overlap check sees the approvals made meanwhile.
 */
export async function lockInvoice(db: DbOrTx, operatorId: number) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`invoice:${operatorId}`}))`);
}

// ---------------------------------------------------------------- money carried after approval

/** The approval's version within its operator and period (1: the tax invoice, 2: the first adjustment note ...). */
export async function approvalVersion(
  db: DbOrTx,
  approval: { id: number; externalOperatorId: number; periodId: number },
) {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM invoice_approvals
        WHERE external_operator_id = ${approval.externalOperatorId} AND period_id = ${approval.periodId}
          AND id <= ${approval.id}`,
  );
  return row?.n ?? 1;
}

/** The current approval of an operator's period, or null. */
export async function currentApproval(db: DbOrTx, operatorId: number, periodId: number) {
  const [row] = await currentApprovalsOf(db, [operatorId], periodId);
  return row ?? null;
}

/** What carrying an order's cancellation needs: its place, channel, time, total and its lines per brand. */
export async function orderToCarry(db: DbOrTx, orderId: number) {
  const [order] = await rows<{
    id: number;
    location_id: number;
    channel: SalesChannel;
    placed_at: Date | string;
    total: string;
    tz: string;
    operator_id: number | null;
  }>(
    db,
    sql`SELECT o.id, o.location_id, o.channel::text AS channel, o.placed_at, o.total::text AS total,
          l.time_zone AS tz, l.external_operator_id AS operator_id
        FROM orders o JOIN locations l ON l.id = o.location_id WHERE o.id = ${orderId}`,
  );
  if (!order) return null;
  const lines = await rows<{ vendor_id: number | null; amount: string }>(
    db,
    sql`SELECT vendor_id, sum(line_total)::text AS amount FROM order_lines WHERE order_id = ${orderId}
        GROUP BY vendor_id ORDER BY vendor_id NULLS LAST`,
  );
  return { ...order, lines };
}

export async function carriesOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select()
    .from(invoiceAdjustments)
    .where(
      and(
        eq(invoiceAdjustments.orderId, orderId),
        inArray(invoiceAdjustments.kind, ['cancellation', 'reopening']),
      ),
    )
    .orderBy(asc(invoiceAdjustments.id));
}

/** Adds a carried line unless its key was carried before; answers whether it was added. */
export async function insertCarried(db: DbOrTx, row: typeof invoiceAdjustments.$inferInsert) {
  const added = await db
    .insert(invoiceAdjustments)
    .values(row)
    .onConflictDoNothing({ target: invoiceAdjustments.uniqueKey })
    .returning({ id: invoiceAdjustments.id });
  return added.length > 0;
}

/** Writes one ledger row (order_adjustments): the carry's restoring and landing rows. */
export async function insertLedgerAdjustment(db: DbOrTx, row: typeof orderAdjustments.$inferInsert) {
  await db.insert(orderAdjustments).values(row);
}

/** The carried lines of an operator's fortnight kept in the table (all kinds), oldest first. */
export async function carriedOf(db: DbOrTx, operatorId: number, periodId: number) {
  return db
    .select()
    .from(invoiceAdjustments)
    .where(
      and(eq(invoiceAdjustments.externalOperatorId, operatorId), eq(invoiceAdjustments.periodId, periodId)),
    )
    .orderBy(asc(invoiceAdjustments.id));
}

/** Ledger rows written by carrying (reason "Carried: …") in each location's window, summed per location. */
export async function carriedLedgerSums(db: DbOrTx, windows: readonly LocationWindow[]) {
  if (windows.length === 0) return [];
  return rows<{ location_id: number; amount: string }>(
    db,
    sql`SELECT a.location_id, sum(a.amount)::text AS amount
        FROM order_adjustments a JOIN ${windowsTable(windows)}
          ON a.location_id = w.location_id AND a.occurred_at >= w.start_at AND a.occurred_at < w.end_at
        WHERE a.reason LIKE ${`${CARRIED_PREFIX}%`}
        GROUP BY 1`,
  );
}

/** Ledger rows (refunds, reversals, carries) in each window whose order was placed before it. */
export async function ledgerRowsOfEarlierOrders(
  db: DbOrTx,
  windows: readonly LocationWindow[],
  channels: readonly SalesChannel[],
) {
  if (windows.length === 0) return [];
  return rows<{
    id: number;
    order_id: number;
    refund_id: number | null;
    amount: string;
    reason: string;
    placed_at: Date | string;
    tz: string;
  }>(
    db,
    sql`SELECT a.id, a.order_id, a.refund_id, a.amount::text AS amount, a.reason, o.placed_at, w.tz
        FROM order_adjustments a JOIN ${windowsTable(windows)}
          ON a.location_id = w.location_id AND a.occurred_at >= w.start_at AND a.occurred_at < w.end_at
        JOIN orders o ON o.id = a.order_id AND o.placed_at < w.start_at
        WHERE a.channel IN (${sql.join(
          channels.map((c) => sql`${c}`),
          sql`, `,
        )})
        ORDER BY a.occurred_at, a.id`,
  );
}

/** The current approvals of an operator by period start date. */
export async function currentApprovalsByStart(db: DbOrTx, operatorId: number, starts: string[]) {
  if (starts.length === 0) return [];
  return db
    .select({ approval: invoiceApprovals, startDate: fortnightPeriods.startDate })
    .from(invoiceApprovals)
    .innerJoin(fortnightPeriods, eq(fortnightPeriods.id, invoiceApprovals.periodId))
    .where(
      and(
        eq(invoiceApprovals.externalOperatorId, operatorId),
        isNull(invoiceApprovals.supersededAt),
        inArray(fortnightPeriods.startDate, starts),
      ),
    );
}

export async function findPeriodById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(fortnightPeriods).where(eq(fortnightPeriods.id, id));
  return row ?? null;
}

export async function markPaid(
  db: DbOrTx,
  approvalId: number,
  paid: { paidAt: Date; paidByEmail: string; paidReference: string },
) {
  return db
    .update(invoiceApprovals)
    .set(paid)
    .where(and(eq(invoiceApprovals.id, approvalId), isNull(invoiceApprovals.paidAt)))
    .returning({ id: invoiceApprovals.id });
}

/** The reason every carried ledger row starts with (figures keep them out of the card refunds). */
export const CARRIED_PREFIX = 'Carried: ';
