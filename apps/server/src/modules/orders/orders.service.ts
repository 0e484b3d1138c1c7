import type { CustomerOrder, OrderStatus } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor, StaffActor } from '../../http/actor.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { EventStream } from '../../http/registry.js';
import { recordAudit } from '../audit/audit.record.js';
import { carryOrderStatus } from '../finance/carry.service.js';
import { announceTicketsOfOrder, ticketsFollowOrder } from '../kitchen/kitchen-notices.js';
import { queueSms } from '../notifications/outbox.service.js';
import {
  type CancellationMoney,
  paymentGivenBack,
  prepareCancellation,
  settleCancellation,
} from '../payments/payments.service.js';
import { type LedgerEntry, writeLedgerOrders } from './ledger.queries.js';
import { presentCustomerOrder } from './orders.presenter.js';
import * as q from './orders.queries.js';

/**
 * Writes orders with their lines to the ledger, inside the caller's transaction: how other modules
 * (marketplace webhooks and files) record orders. An order whose (channel, external id) is already
 * stored is skipped. Each order's new id in the order given, or null where skipped.
 */
export function recordLedgerOrders(db: DbOrTx, entries: readonly LedgerEntry[]): Promise<(number | null)[]> {
  return writeLedgerOrders(db, entries);
}

/** A customer's own orders, newest first (at most 200), with their lines. */
export async function customerOrders(
  app: AppContext,
  customerId: number,
  orderIds?: number[],
): Promise<CustomerOrder[]> {
  const rows = await q.customerOrderRows(app.db, customerId, orderIds);
  const ids = rows.map((r) => r.order.id);
  const [lines, zones] = await Promise.all([
    q.linesOfOrders(app.db, ids),
    q.locationTimeZones(app.db, [...new Set(rows.map((r) => r.order.locationId))]),
  ]);
  return rows.map(({ order, locationAddress }) =>
    presentCustomerOrder(
      order,
      locationAddress,
      zones.get(order.locationId)!,
      lines.filter((l) => l.line.orderId === order.id),
    ),
  );
}

export async function listOwnOrders(app: AppContext, actor: Actor): Promise<CustomerOrder[]> {
  if (actor.kind !== 'customer') throw forbidden('Only customers have orders here.');
  return customerOrders(app, actor.customerId);
}

/** Streams status changes of the customer's orders until the client goes away. */
export async function streamOwnOrderEvents(
  app: AppContext,
  actor: Actor,
  events: EventStream,
): Promise<void> {
  if (actor.kind !== 'customer') throw forbidden('Only customers have orders here.');
  const unsubscribe = app.orderEvents.subscribe(actor.customerId, (e) => events.send('status', e));
  events.onClose(unsubscribe);
}

/** Where an order's status is changed from: the back office, or the kitchen screen's bumps. */
export interface StatusChange {
  by: number;
  at: Date;
  /**
   * When the customer is texted: `always` (update_order_status, as before), `first` (only the first
   * time the order reaches this status: a kitchen bump, so an undo and redo never texts twice), or
   * `never` (silent: Cooking from the kitchen, an undo back to Cooking).
   */
  sms: 'always' | 'first' | 'never';
  /** A cancellation's money, settled once the status is written (update_order_status). */
  settle?: () => Promise<CancellationMoney | null>;
  /**
   * A kitchen bump, whose ticket already moved: the other tickets stay as they are. Any other change
   * moves the order's tickets with it (kitchen-notices `ticketsFollowOrder`).
   */
  fromKitchen?: boolean;
}

type LockedOrder = NonNullable<Awaited<ReturnType<typeof q.lockOrder>>>;

/**
 * The one path of an order's status change, in the caller's transaction with the order row locked
 * (`q.lockOrder`): the new status with who and when, its status event, the audit entry, the
 * customer's text through the outbox, the live status notice to the customer and the kitchen
 * screens. update_order_status and the kitchen's bumps (modules/kitchen) both come here.
 */
export async function applyOrderStatus(
  tx: DbOrTx,
  row: LockedOrder,
  status: OrderStatus,
  change: StatusChange,
): Promise<CancellationMoney | null> {
  const orderId = row.order.id;
  const from = row.order.status;
  const now = change.at;
  const texted =
    change.sms === 'always' || (change.sms === 'first' && !(await q.everReached(tx, orderId, status)));
  await q.setOrderStatus(tx, orderId, { status, statusChangedAt: now, statusChangedBy: change.by });
  await q.insertStatusEvent(tx, {
    orderId,
    fromStatus: from,
    toStatus: status,
    changedBy: change.by,
    at: now,
  });
  const settled = change.settle ? await change.settle() : null;
  // An order of an approved fortnight canceled (or reopened): carried into the open one (finance).
  await carryOrderStatus(tx, orderId, from, status, now);
  await givePromoBackOrRetake(tx, row, from, status, now);
  await recordAudit(tx, {
    action: 'order.status',
    entity: 'order',
    entityId: orderId,
    locationId: row.order.locationId,
    summary: `Order #${orderId}: ${from} → ${status}${settled ? ` (${settled.kind} $${settled.amount.toFixed(2)})` : ''}`,
    before: { status: from },
    after: { status, ...(settled ? { money: settled } : {}) },
  });
  const phone = row.customerPhone ?? row.order.customerPhone;
  if (texted && phone && row.order.customerId) {
    const refunded = settled ? ` ${refundSentence(settled, 'Your')}` : '';
    await queueSms(tx, now, phone, `Kitchaco: your order #${orderId} is now ${status}.${refunded}`);
  }
  await q.announceStatus(tx, {
    order_id: orderId,
    customer_id: row.order.customerId,
    status,
    at: now.toISOString(),
  });
  // Every screen's tickets of the order follow, on every instance, once this commits.
  if (change.fromKitchen) await announceTicketsOfOrder(tx, orderId);
  else await ticketsFollowOrder(tx, orderId, status, { at: now, by: change.by });
  row.order.status = status;
  return settled;
}

/**
 * A canceled order gives its limited promo code's use back (the customer may use the code on the
 * order that replaces it); reopening it takes the use again. Codes without limits hold no use.
 */
async function givePromoBackOrRetake(
  tx: DbOrTx,
  row: LockedOrder,
  from: OrderStatus,
  to: OrderStatus,
  at: Date,
) {
  const { promoCode, idempotencyKey, customerId } = row.order;
  if (!promoCode || !idempotencyKey) return;
  if (to === 'Canceled' && from !== 'Canceled') await q.releasePromo(tx, idempotencyKey);
  else if (from === 'Canceled' && to !== 'Canceled' && customerId !== null)
    await q.retakePromo(tx, { key: idempotencyKey, code: promoCode, customerId, at });
}

/**
 * A staff account's hold on an order: super admins any order; operators and kitchen staff only their
 * own location's (403 otherwise, before anything is read further or changed).
 */
function checkOrderPlace(user: StaffActor, locationId: number): void {
  if (user.roles.has('super_admin')) return;
  if (user.locationId === null) throw forbidden('Your account is not linked to a location.');
  if (user.locationId !== locationId) throw forbidden('This order is not at your location.');
}

/**
 * Changes a customer order's status (any value from any value, as the super admin may), recording
 * who and when, texting the customer through the outbox, and announcing it to live screens.
 * Operators and kitchen staff change their own location's orders only. Canceling a paid order
 * gives the money back first (`changeStatus`). A canceled order whose payment was given back is not
 * reopened (a new order is placed instead).
 */
export async function updateOrderStatus(app: AppContext, actor: Actor, orderId: number, status: OrderStatus) {
  if (actor.kind !== 'staff') throw forbidden('Staff only.');
  const current = await q.orderStatusOf(app.db, orderId);
  if (!current) throw notFound(`Order #${orderId} does not exist.`);
  checkOrderPlace(actor.user, current.locationId);
  const money = await changeStatus(app, orderId, status, actor.user.id, current.status);
  if (!money) return { success: true as const, result: 'Changed Successfully' };
  return {
    success: true as const,
    result: `Changed Successfully. ${refundSentence(money, "The customer's")}`,
    refund: money,
  };
}

/**
 * The status change of update_order_status, and of a cancellation reconciliation finishes. A
 * cancellation of a paid order first claims and refunds what is left of its payment (or releases
 * its authorisation) at the provider (payments.service `prepareCancellation`); if the provider
 * refuses or cannot be reached, nothing changes here and the admin tries again (the same claim,
 * never refunded twice). The status change's transaction then settles the money in one place
 * (`settleCancellation`: the claim, and the reversal of the order's earlier refunds in the ledger).
 */
async function changeStatus(
  app: AppContext,
  orderId: number,
  status: OrderStatus,
  by: number,
  /** The status read before any lock (null: not read). */
  seen: OrderStatus | null,
): Promise<CancellationMoney | null> {
  const prepared =
    status === 'Canceled' && seen !== 'Canceled' ? await prepareCancellation(app, orderId, by) : null;
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const row = await q.lockOrder(tx, orderId);
    if (!row) throw notFound(`Order #${orderId} does not exist.`);
    const from = row.order.status;
    if (from === status) return null;
    if (from === 'Canceled' && (await paymentGivenBack(tx, orderId))) {
      throw conflict(
        "This order's payment was given back when it was canceled, so it cannot be reopened. Please place a new order instead.",
      );
    }
    return applyOrderStatus(tx, row, status, {
      by,
      at: now,
      sms: 'always',
      ...(prepared ? { settle: () => settleCancellation(app, tx, orderId, prepared) } : {}),
    });
  });
}

/**
 * Finishes a cancellation whose refund was claimed but whose order was not canceled (the provider's
 * answer never came and the admin did not try again, or the process stopped before the status
 * changed): reconciliation. The claim is sent again under its own key; accepted, the order is
 * canceled as the admin asked (the customer has the money back); refused, the claim is released
 * and the order stands. Whether the order is canceled now; a provider still silent throws 503.
 */
export async function finishCancellation(app: AppContext, orderId: number, by: number): Promise<boolean> {
  await changeStatus(app, orderId, 'Canceled', by, null);
  return (await q.orderStatusOf(app.db, orderId))?.status === 'Canceled';
}

/** "$12.50 was refunded to the customer's card." and its kin. */
function refundSentence(money: CancellationMoney, whose: string): string {
  const amount = `$${money.amount.toFixed(2)}`;
  if (money.kind === 'voided')
    return `The card payment of ${amount} was released: ${whose.toLowerCase()} card is not charged.`;
  if (money.kind === 'pending') return `${amount} is being refunded to ${whose.toLowerCase()} card.`;
  return `${amount} was refunded to ${whose.toLowerCase()} card.`;
}

/**
 * The order and its customer's phone, row locked for the rest of the caller's transaction: the
 * first lock every status change takes (the kitchen's bumps lock the order before its ticket).
 */
export async function lockOrderForStatus(tx: DbOrTx, orderId: number): Promise<LockedOrder | null> {
  return q.lockOrder(tx, orderId);
}
