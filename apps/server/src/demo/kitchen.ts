import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/**
 * Kitchen tickets of the demo's open orders placed since `since` (today's Received and Cooking
 * orders), so the kitchen screen is not empty: one per brand among each order's lines, started
 * where the order is Cooking. Past orders get none (they were cooked before tickets existed).
 */
export async function seedKitchenTickets(db: DbOrTx, since: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO kitchen_tickets (order_id, location_id, vendor_id, status, created_at, started_at, updated_at)
    SELECT DISTINCT o.id, o.location_id, l.vendor_id,
      CASE WHEN o.status = 'Cooking' THEN 'started' ELSE 'queued' END,
      o.placed_at,
      CASE WHEN o.status = 'Cooking' THEN coalesce(o.status_changed_at, o.placed_at) END,
      coalesce(o.status_changed_at, o.placed_at)
    FROM orders o JOIN order_lines l ON l.order_id = o.id
    WHERE o.status IN ('Received', 'Cooking') AND o.placed_at >= ${since.toISOString()}::timestamptz
      AND l.vendor_id IS NOT NULL
    ON CONFLICT (order_id, vendor_id) DO NOTHING`);
}
