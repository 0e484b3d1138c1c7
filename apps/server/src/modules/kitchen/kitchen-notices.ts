import type { DbOrTx } from '../../db/client.js';
import type { TraceCarrier } from '../../lib/telemetry.js';
import * as q from './kitchen.queries.js';

export { KITCHEN_CHANNEL, kitchenNoticeOf } from './kitchen.queries.js';

/** What a notice carries: ids only; each instance reads the ticket itself (a payload stays tiny). */
export interface KitchenNotice {
  ticket_id: number;
  location_id: number;
  /** The trace of the checkout that made the ticket (with traces on); its delivery continues it. */
  trace?: TraceCarrier | null;
}

/** Announces every ticket of an order (its order's status changed); inside the changing transaction. */
export async function announceTicketsOfOrder(db: DbOrTx, orderId: number): Promise<void> {
  await q.notifyTicketsOfOrder(db, orderId);
}

/**
 * One ticket per brand among the order's stored lines, queued, announced (docs/kitchen.md). Call in
 * the transaction that writes the paid/accepted order, after its lines; a second call adds nothing.
 */
export async function createTicketsForOrder(db: DbOrTx, orderId: number, at: Date): Promise<number> {
  return q.insertTicketsOfOrder(db, orderId, at);
}
