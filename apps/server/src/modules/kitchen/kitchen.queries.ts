import { CAPACITY_SLOT_MINUTES, type KitchenTicketStatus, type OrderStatus } from '@kitchaco/domain';
import { and, asc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { kitchenTickets, locations, orderLines, orders, vendors } from '../../db/schema/index.js';
import { traceCarrier } from '../../lib/telemetry.js';

/** The LISTEN/NOTIFY channel of kitchen ticket changes (kitchen-events.ts). */
export const KITCHEN_CHANNEL = 'kitchen_ticket';

/**
 * The notice of a ticket's creation or change as an expression, to select in the statement that
 * makes it. Delivered when the transaction commits, to every instance LISTENing. `trace` (a JSON
 * expression: the trace carrier of lib/telemetry.ts, or null) lets the delivery continue the trace
 * of the request that made the change; by default the active trace's (none with traces off).
 */
export function kitchenNoticeOf(ticketId: SQL, locationId: SQL, trace: SQL | null = activeTrace()): SQL {
  const carried = trace ? sql`, 'trace', ${trace}` : sql``;
  return sql`pg_notify(${KITCHEN_CHANNEL}, json_build_object('ticket_id', ${ticketId}, 'location_id', ${locationId}${carried})::text)`;
}

function activeTrace(): SQL | null {
  const carrier = traceCarrier();
  return carrier ? sql`${JSON.stringify(carrier)}::json` : null;
}

export type TicketRow = Awaited<ReturnType<typeof ticketRows>>[number];
export type TicketLineRow = Awaited<ReturnType<typeof linesOfTickets>>[number];

/** Orders whose open tickets the kitchen still shows (not handed over, not canceled). */
const KITCHEN_ORDER_STATUSES: OrderStatus[] = ['Received', 'Cooking', 'Ready for pickup'];

/** Tickets with what the screen shows of their order and brand, oldest first. */
export function ticketRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      ticket: kitchenTickets,
      vendorTitle: vendors.title,
      order: {
        status: orders.status,
        channel: orders.channel,
        customerName: orders.customerName,
        scheduledFor: orders.scheduledFor,
        deliveryLocation: orders.deliveryLocation,
      },
    })
    .from(kitchenTickets)
    .innerJoin(orders, eq(orders.id, kitchenTickets.orderId))
    .innerJoin(vendors, eq(vendors.id, kitchenTickets.vendorId))
    .where(where)
    .orderBy(asc(kitchenTickets.createdAt), asc(kitchenTickets.id));
}

/**
 * The open tickets of a location: queued or started (of an order still in the kitchen), done since
 * `shownSince.done`, or canceled since `shownSince.canceled` (the screen's "Canceled" notice).
 */
export function openTicketsOf(
  db: DbOrTx,
  locationId: number,
  shownSince: { done: Date; canceled: Date },
  changedSince: Date | null,
) {
  return ticketRows(
    db,
    and(
      eq(kitchenTickets.locationId, locationId),
      or(
        and(
          inArray(kitchenTickets.status, ['queued', 'started']),
          inArray(orders.status, KITCHEN_ORDER_STATUSES),
        ),
        and(eq(kitchenTickets.status, 'done'), gte(kitchenTickets.doneAt, shownSince.done)),
        and(eq(kitchenTickets.status, 'canceled'), gte(kitchenTickets.updatedAt, shownSince.canceled)),
      ),
      changedSince ? gte(kitchenTickets.updatedAt, changedSince) : undefined,
    ),
  );
}

export function ticketsById(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return ticketRows(db, inArray(kitchenTickets.id, ids));
}

/** The lines of each ticket's order and brand, in order. */
export function linesOfTickets(db: DbOrTx, tickets: { orderId: number; vendorId: number }[]) {
  if (tickets.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: orderLines.orderId,
      vendorId: orderLines.vendorId,
      mealName: orderLines.mealName,
      quantity: orderLines.quantity,
      subitem: orderLines.subitem,
      combos: orderLines.combos,
      specialRequest: orderLines.specialRequest,
    })
    .from(orderLines)
    .where(
      and(
        inArray(orderLines.orderId, [...new Set(tickets.map((t) => t.orderId))]),
        inArray(orderLines.vendorId, [...new Set(tickets.map((t) => t.vendorId))]),
      ),
    )
    .orderBy(asc(orderLines.id));
}

export async function findTicket(db: DbOrTx, id: number) {
  const [row] = await db.select().from(kitchenTickets).where(eq(kitchenTickets.id, id)).limit(1);
  return row ?? null;
}

export async function lockTicket(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(kitchenTickets)
    .where(eq(kitchenTickets.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The statuses of every ticket of an order (read under the order's lock). */
export async function ticketStatusesOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select({ id: kitchenTickets.id, status: kitchenTickets.status })
    .from(kitchenTickets)
    .where(eq(kitchenTickets.orderId, orderId));
}

export async function updateTicket(
  db: DbOrTx,
  id: number,
  set: Pick<typeof kitchenTickets.$inferInsert, 'status' | 'startedAt' | 'doneAt' | 'updatedAt' | 'bumpedBy'>,
) {
  await db.execute(sql`
    WITH u AS (
      UPDATE kitchen_tickets SET status = ${set.status}, started_at = ${set.startedAt?.toISOString() ?? null}::timestamptz,
        done_at = ${set.doneAt?.toISOString() ?? null}::timestamptz, updated_at = ${set.updatedAt!.toISOString()}::timestamptz,
        bumped_by = ${set.bumpedBy ?? null}::int
      WHERE id = ${id}
      RETURNING id, location_id
    )
    SELECT ${kitchenNoticeOf(sql`u.id`, sql`u.location_id`)} FROM u`);
}

export async function locationById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: locations.id,
      name: locations.name,
      timeZone: locations.timeZone,
      openingHours: locations.openingHours,
      displayToken: locations.displayToken,
      slotCapacityItems: locations.slotCapacityItems,
      busyUntil: locations.busyUntil,
    })
    .from(locations)
    .where(eq(locations.id, id))
    .limit(1);
  return row ?? null;
}

export async function locationByDisplayToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ id: locations.id, name: locations.name, timeZone: locations.timeZone })
    .from(locations)
    .where(eq(locations.displayToken, token))
    .limit(1);
  return row ?? null;
}

export async function setKitchenCapacity(
  db: DbOrTx,
  id: number,
  values: { slotCapacityItems?: number | null; busyUntil?: Date | null },
) {
  await db.update(locations).set(values).where(eq(locations.id, id));
}

export async function setDisplayToken(db: DbOrTx, id: number, token: string) {
  await db.update(locations).set({ displayToken: token }).where(eq(locations.id, id));
}

/** Today's paid orders still in the kitchen (with a ticket queued or started: not done, not called off), oldest first. */
export async function preparingOrders(db: DbOrTx, locationId: number, dayStart: Date) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.locationId, locationId),
        gte(orders.placedAt, dayStart),
        inArray(orders.status, ['Received', 'Cooking']),
        sql`EXISTS (SELECT 1 FROM kitchen_tickets t WHERE t.order_id = ${orders.id} AND t.status IN ('queued', 'started'))`,
      ),
    )
    .orderBy(asc(orders.placedAt), asc(orders.id));
}

/** Orders Ready for pickup since `since`, newest first. */
export async function readyOrders(db: DbOrTx, locationId: number, since: Date) {
  return db
    .select({ id: orders.id, readyAt: orders.statusChangedAt })
    .from(orders)
    .where(
      and(
        eq(orders.locationId, locationId),
        eq(orders.status, 'Ready for pickup'),
        gte(orders.statusChangedAt, since),
      ),
    )
    .orderBy(sql`${orders.statusChangedAt} DESC`, asc(orders.id));
}

/**
 * Moves an order's tickets from one set of statuses to another (kitchen-notices.ts
 * `ticketsFollowOrder`), in the caller's transaction: `done` stamps done_at (and started_at if it
 * was never started), `started` keeps started_at and clears done_at, `queued` clears both.
 * Not announced here: the caller announces every ticket of the order. The number moved.
 */
export async function moveTicketsOfOrder(
  db: DbOrTx,
  orderId: number,
  move: { from: KitchenTicketStatus[]; to: KitchenTicketStatus; at: Date; by: number | null },
): Promise<number> {
  const at = sql`${move.at.toISOString()}::timestamptz`;
  // started_at and done_at of each target: done stamps both, started reopens, queued clears, canceled keeps.
  const stamps: Record<KitchenTicketStatus, [started: SQL, done: SQL]> = {
    done: [sql`coalesce(started_at, ${at})`, at],
    started: [sql`coalesce(started_at, ${at})`, sql`NULL`],
    queued: [sql`NULL`, sql`NULL`],
    canceled: [sql`started_at`, sql`done_at`],
  };
  const [startedAt, doneAt] = stamps[move.to];
  const result = await db.execute(sql`
    UPDATE kitchen_tickets SET status = ${move.to}, started_at = ${startedAt}, done_at = ${doneAt},
      updated_at = ${at}, bumped_by = ${move.by}::int
    WHERE order_id = ${orderId} AND status IN (${sql.join(
      move.from.map((s) => sql`${s}`),
      sql`, `,
    )})
    RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** Every ticket of an order announced (kitchen-notices.ts), in the caller's transaction. */
export async function notifyTicketsOfOrder(db: DbOrTx, orderId: number): Promise<void> {
  await db.execute(
    sql`SELECT ${kitchenNoticeOf(sql`t.id`, sql`t.location_id`)} FROM kitchen_tickets t WHERE t.order_id = ${orderId}`,
  );
}

/** Queued tickets for the brands of an order's lines, each announced; the number made. */
export async function insertTicketsOfOrder(db: DbOrTx, orderId: number, at: Date): Promise<number> {
  const result = await db.execute(sql`
    WITH t AS (
      INSERT INTO kitchen_tickets (order_id, location_id, vendor_id, status, created_at, updated_at)
      SELECT DISTINCT o.id, o.location_id, l.vendor_id, 'queued', ${at.toISOString()}::timestamptz,
        ${at.toISOString()}::timestamptz
      FROM orders o JOIN order_lines l ON l.order_id = o.id
      WHERE o.id = ${orderId} AND l.vendor_id IS NOT NULL
      ON CONFLICT (order_id, vendor_id) DO NOTHING
      RETURNING id, location_id
    )
    SELECT t.id, ${kitchenNoticeOf(sql`t.id`, sql`t.location_id`)} FROM t`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

const SLOT_SECONDS = CAPACITY_SLOT_MINUTES * 60;

/** An order's capacity slot (capacity.ts): its chosen time, else placed + 15 minutes, rounded up to the slot. */
const slotSql = sql`to_timestamp(ceil(extract(epoch FROM coalesce(o.scheduled_for, o.placed_at + interval '15 minutes')) / ${SLOT_SECONDS}) * ${SLOT_SECONDS})`;

/**
 * Items promised per slot (the slot's epoch ms) of a location's orders that are not canceled, due
 * in (from, to] and placed after `lookBack`.
 */
export async function slotLoadRows(
  db: DbOrTx,
  locationId: number,
  range: { from: string; to: string; lookBack: string },
) {
  const { from, to, lookBack } = range;
  const result = await db.execute(sql`
    SELECT extract(epoch FROM ${slotSql})::bigint * 1000 AS slot, sum(l.quantity)::int AS items
    FROM orders o JOIN order_lines l ON l.order_id = o.id
    WHERE o.location_id = ${locationId} AND o.status <> 'Canceled'
      AND o.placed_at > ${lookBack}::timestamptz
      AND coalesce(o.scheduled_for, o.placed_at + interval '15 minutes') > ${from}::timestamptz
      AND coalesce(o.scheduled_for, o.placed_at + interval '15 minutes') <= ${to}::timestamptz
    GROUP BY 1`);
  return (result as unknown as { rows: { slot: string | number; items: number }[] }).rows;
}

/** Takes the transaction-scoped advisory lock of `key` (a location's capacity slot). */
export async function lockCapacitySlot(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
}
