import type { CustomerOrder, OrderStatus } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../http/actor.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { EventStream } from '../../http/registry.js';
import { recordAudit } from '../audit/audit.record.js';
import { queueSms } from '../notifications/outbox.service.js';
import {
  type CancellationMoney,
  paymentGivenBack,
  prepareCancellation,
  settleCancellation,
} from '../payments/payments.service.js';
import { announceStatus } from './order-events.js';
import { presentCustomerOrder } from './orders.presenter.js';
import * as q from './orders.queries.js';

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

/**
 * Changes a customer order's status (any value from any value, as the super admin may), recording
 * who and when, texting the customer through the outbox, and announcing it to live screens.
 * Canceling a paid order gives the money back first (payments.service `prepareCancellation`: the
 * authorisation voided or the rest of the payment refunded, under the order's own refund key); if
 * the provider cannot be reached, nothing changes and the admin tries again. A canceled order whose
 * payment was given back is not reopened (a new order is placed instead).
 */
export async function updateOrderStatus(app: AppContext, actor: Actor, orderId: number, status: OrderStatus) {
  if (actor.kind !== 'staff') throw forbidden('Staff only.');
  const current = await q.orderStatusOf(app.db, orderId);
  if (!current) throw notFound(`Order #${orderId} does not exist.`);
  const prepared =
    status === 'Canceled' && current !== 'Canceled' ? await prepareCancellation(app, orderId) : null;
  const now = app.clock.now();
  const money = await app.db.transaction(async (tx) => {
    const row = await q.lockOrder(tx, orderId);
    if (!row) throw notFound(`Order #${orderId} does not exist.`);
    const from = row.order.status;
    if (from === status) return null;
    if (from === 'Canceled' && (await paymentGivenBack(tx, orderId))) {
      throw conflict(
        "This order's payment was given back when it was canceled, so it cannot be reopened. Please place a new order instead.",
      );
    }
    await q.setOrderStatus(tx, orderId, { status, statusChangedAt: now, statusChangedBy: actor.user.id });
    await q.insertStatusEvent(tx, {
      orderId,
      fromStatus: from,
      toStatus: status,
      changedBy: actor.user.id,
      at: now,
    });
    const settled = prepared ? await settleCancellation(app, tx, orderId, actor.user.id, prepared) : null;
    await recordAudit(tx, {
      entityId: orderId,
      locationId: row.order.locationId,
      summary: `Order #${orderId}: ${from} → ${status}${settled ? ` (${settled.kind} $${settled.amount.toFixed(2)})` : ''}`,
      before: { status: from },
      after: { status, ...(settled ? { money: settled } : {}) },
    });
    const phone = row.customerPhone ?? row.order.customerPhone;
    if (phone && row.order.customerId) {
      const refunded = settled ? ` ${refundSentence(settled, 'Your')}` : '';
      await queueSms(tx, now, phone, `Kitchaco: your order #${orderId} is now ${status}.${refunded}`);
    }
    await announceStatus(tx, {
      order_id: orderId,
      customer_id: row.order.customerId,
      status,
      at: now.toISOString(),
    });
    return settled;
  });
  if (!money) return { success: true as const, result: 'Changed Successfully' };
  return {
    success: true as const,
    result: `Changed Successfully. ${refundSentence(money, "The customer's")}`,
    refund: money,
  };
}

/** "$12.50 was refunded to the customer's card." and its kin. */
function refundSentence(money: CancellationMoney, whose: string): string {
  const amount = `$${money.amount.toFixed(2)}`;
  if (money.kind === 'voided')
    return `The card payment of ${amount} was released: ${whose.toLowerCase()} card is not charged.`;
  if (money.kind === 'pending') return `${amount} is being refunded to ${whose.toLowerCase()} card.`;
  return `${amount} was refunded to ${whose.toLowerCase()} card.`;
}
