import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** The LISTEN/NOTIFY channel of kitchen ticket changes (kitchen-events.ts). */
export const KITCHEN_CHANNEL = 'kitchen_ticket';

/** What a notice carries: ids only; each instance reads the ticket itself (a payload stays tiny). */
export interface KitchenNotice {
  ticket_id: number;
  location_id: number;
}

/**
 * The notice of a ticket's creation or change as an expression, to select in the statement that
 * makes it. Delivered when the transaction commits, to every instance LISTENing.
 */
export function kitchenNoticeOf(ticketId: SQL, locationId: SQL): SQL {
  return sql`pg_notify(${KITCHEN_CHANNEL}, json_build_object('ticket_id', ${ticketId}, 'location_id', ${locationId})::text)`;
}

/** Announces every ticket of an order (its order's status changed); inside the changing transaction. */
export async function announceTicketsOfOrder(db: DbOrTx, orderId: number): Promise<void> {
  await db.execute(
    sql`SELECT ${kitchenNoticeOf(sql`t.id`, sql`t.location_id`)} FROM kitchen_tickets t WHERE t.order_id = ${orderId}`,
  );
}

/**
 * One ticket per brand among the order's stored lines, queued, announced (docs/kitchen.md). Call in
 * the transaction that writes the paid/accepted order, after its lines; a second call adds nothing.
 */
export async function createTicketsForOrder(db: DbOrTx, orderId: number, at: Date): Promise<number> {
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
