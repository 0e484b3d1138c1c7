import {
  type EditStockOrderRequest,
  orderPlacedMessage,
  type PlaceStockOrderRequest,
  STOCK_MESSAGES,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../http/actor.js';
import { conflict, forbidden } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.record.js';
import { presentOrder, presentOrders } from './stock.presenter.js';
import * as q from './stock.queries.js';
import {
  locationOrThrow,
  OWN_LOCATION_ONLY,
  ownOrder,
  requireOwnLocation,
  staffOf,
} from './stock.service.js';
import { ORDER_ID_MARK, orderEmailBody } from './stock-email.js';
import {
  auditLines,
  checkClientAmounts,
  lineRows,
  money,
  priceWithMinimum,
  resolveLines,
} from './stock-lines.js';
export async function placeStockOrder(app: AppContext, actor: Actor, { orderData }: PlaceStockOrderRequest) {
  const user = requireOwnLocation(actor, orderData.kitchaco);
  const location = await locationOrThrow(app, orderData.kitchaco);
  const lines = await resolveLines(app, location.id, orderData.stockData, { allowDisabled: false });
  const priced = priceWithMinimum(location, lines, orderData, STOCK_MESSAGES.selectAtLeastOneToOrder);
  checkClientAmounts(orderData, priced.amounts);
  const now = app.clock.now();
  const written = {
    locationId: location.id,
    placedBy: user.id,
    placedAt: now,
    subTotal: money(priced.amounts.subTotal),
    gst: money(priced.amounts.gst),
    deliveryCharge: money(priced.deliveryCharge),
    total: money(priced.amounts.total),
    updatedAt: now,
  };
  // The order as it will be: what is written, and the columns' defaults for a new order.
  const order: q.StockOrderRow = {
    ...written,
    id: 0,
    status: 'pending',
    adminAdjustment: '0',
    approvedAt: null,
    approvedBy: null,
    disapprovedAt: null,
    disapprovedBy: null,
    disapprovedReason: null,
  };
  const rows = lineRows(0, 'ordered', priced.ordered).map(({ stockOrderId: _, ...row }) => row);
  // The order's number is known once it is written, in the same statement as its emails.
  const body = orderEmailBody(
    `${user.firstName} ${user.lastName} placed a stock order for ${location.name}. It is waiting for your review.`,
    location,
    { ...order, id: ORDER_ID_MARK as never },
    priced.ordered,
  ).split(ORDER_ID_MARK);
  const { id, lineIds } = await app.db.transaction(async (tx) => {
    const placed = await q.writeStockOrder(tx, {
      order: written,
      lines: rows,
      email: {
        subject: ['New stock order #', ` from ${location.name}`],
        body: [body[0]!, body.slice(1).join('')],
      },
    });
    await recordAudit(tx, {
      entityId: placed.id,
      locationId: location.id,
      summary: `Stock order #${placed.id} placed for ${location.name}: ${money(priced.amounts.total)}`,
      before: null,
      after: { total: money(priced.amounts.total), lines: auditLines(priced.ordered) },
    });
    return placed;
  });
  order.id = id;
  const data = presentOrder(
    order,
    rows.map((line, i) => ({
      line: { ...line, id: lineIds.get(line.stockListItemId)!, stockOrderId: id },
      hasGst: priced.ordered[i]!.item.hasGst,
      hasExpiry: priced.ordered[i]!.item.hasExpiry,
      wholeUnits: priced.ordered[i]!.unit.wholeUnits,
    })),
    location,
    'location',
    now,
  );
  return {
    success: true as const,
    message: orderPlacedMessage(location.deliveryDays.join(', ')),
    data,
  };
}

export async function stockOrdersOfLocation(app: AppContext, actor: Actor, locationId: number) {
  requireOwnLocation(actor, locationId);
  const rows = await q.listOrders(app.db, { locationId }, true);
  return { success: true as const, data: await presentOrders(app.db, rows, 'location', app.clock.now()) };
}

export async function userSpecificOrder(app: AppContext, actor: Actor, orderId: number) {
  const order = await ownOrder(app, actor, orderId);
  return { success: true as const, data: await presentOrders(app.db, [order], 'location', app.clock.now()) };
}

export async function editStockOrder(app: AppContext, actor: Actor, { orderData }: EditStockOrderRequest) {
  const user = staffOf(actor);
  const order = await ownOrder(app, actor, orderData.orderId);
  if (orderData.kitchaco !== order.locationId) throw forbidden(OWN_LOCATION_ONLY);
  const location = await locationOrThrow(app, order.locationId);
  const now = app.clock.now();
  const [presented] = await presentOrders(app.db, [order], 'location', now);
  if (presented?.edit_blocked_reason) throw conflict(presented.edit_blocked_reason);
  const lines = await resolveLines(app, location.id, orderData.stockData, { allowDisabled: false });
  const priced = priceWithMinimum(location, lines, orderData, STOCK_MESSAGES.selectAtLeastOne);
  checkClientAmounts(orderData, priced.amounts);
  const updated = await app.db.transaction(async (tx) => {
    const row = await q.updatePendingOrder(tx, order.id, {
      subTotal: money(priced.amounts.subTotal),
      gst: money(priced.amounts.gst),
      deliveryCharge: money(priced.deliveryCharge),
      total: money(priced.amounts.total),
      placedBy: user.id,
      updatedAt: now,
    });
    if (!row) throw conflict(STOCK_MESSAGES.alreadyDecided);
    const before = (await q.linesOfOrders(tx, [order.id])).filter((l) => l.line.kind === 'ordered');
    await q.deleteLines(tx, order.id, 'ordered');
    await q.insertLines(tx, lineRows(order.id, 'ordered', priced.ordered));
    await recordAudit(tx, {
      entityId: order.id,
      locationId: order.locationId,
      summary: `Stock order #${order.id} edited: ${order.total} → ${row.total}`,
      before: {
        total: order.total,
        lines: before.map((l) => ({ id: l.line.stockListItemId, qty: l.line.qty })),
      },
      after: { total: row.total, lines: auditLines(priced.ordered) },
    });
    return row;
  });
  const [data] = await presentOrders(app.db, [updated], 'location', now);
  return { success: true as const, message: STOCK_MESSAGES.updated, data: data! };
}
