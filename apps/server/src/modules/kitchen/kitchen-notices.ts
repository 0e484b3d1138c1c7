import type { KitchenTicketStatus, OrderStatus } from '@kitchaco/domain';
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

/** Where an order's tickets go when the order is moved to a status by anything but a kitchen bump. */
const FOLLOW: Partial<Record<OrderStatus, { from: KitchenTicketStatus[]; to: KitchenTicketStatus }>> = {
  // Made, handed over or collected elsewhere: nothing is left to cook.
  'Ready for pickup': { from: ['queued', 'started'], to: 'done' },
  'On its way': { from: ['queued', 'started'], to: 'done' },
  Finished: { from: ['queued', 'started'], to: 'done' },
  // Not wanted any more: the screen shows the ticket as canceled, with a sound (done ones stay done).
  Canceled: { from: ['queued', 'started'], to: 'canceled' },
  // Back to the kitchen (a reopened order, or one recalled from the pass): cooked again from the start.
  Received: { from: ['started', 'done', 'canceled'], to: 'queued' },
};

/**
 * An order's tickets follow a change of its status made anywhere but a kitchen bump (the back
 * office, a marketplace's event, a cancellation), in the changing transaction, and every ticket of
 * the order is announced to every instance's kitchen screens once it commits (docs/kitchen.md, "One
 * truth for tickets"): Ready for pickup, On its way and Finished clear the open tickets (done);
 * Canceled cancels them; Received reopens them; Cooking reopens a canceled order's tickets and
 * recalls done ones (started). An order entering the kitchen (Received, Cooking) without tickets
 * (a marketplace order accepted at its scheduled time) gets them now. `by`: the staff member, or
 * null (a marketplace).
 */
export async function ticketsFollowOrder(
  db: DbOrTx,
  orderId: number,
  to: OrderStatus,
  change: { at: Date; by: number | null },
): Promise<void> {
  if (to === 'Cooking') {
    await q.moveTicketsOfOrder(db, orderId, { from: ['canceled'], to: 'queued', ...change });
    await q.moveTicketsOfOrder(db, orderId, { from: ['done'], to: 'started', ...change });
  } else {
    const move = FOLLOW[to];
    if (move) await q.moveTicketsOfOrder(db, orderId, { ...move, ...change });
  }
  if (to === 'Received' || to === 'Cooking') await q.insertTicketsOfOrder(db, orderId, change.at);
  await q.notifyTicketsOfOrder(db, orderId);
}

/**
 * The order's payment was refunded in full while it was still in the kitchen: its open tickets are
 * canceled (the customer has the money back; nothing should be cooked), announced, in the refund's
 * transaction. The order's status is the back office's to change.
 */
export async function ticketsOfRefundedOrder(
  db: DbOrTx,
  orderId: number,
  change: { at: Date; by: number | null },
): Promise<void> {
  const moved = await q.moveTicketsOfOrder(db, orderId, {
    from: ['queued', 'started'],
    to: 'canceled',
    ...change,
  });
  if (moved > 0) await q.notifyTicketsOfOrder(db, orderId);
}
