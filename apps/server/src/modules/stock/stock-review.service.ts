import {
  type ApproveStockOrderRequest,
  addDays,
  canMove,
  localDate,
  STOCK_MESSAGES,
  toAmount,
  toMills,
  zonedInstant,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../http/actor.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.record.js';
import { queueEmail } from '../notifications/outbox.service.js';
import { presentOrders } from './stock.presenter.js';
import * as q from './stock.queries.js';
import { locationOrThrow, NO_SUCH_ORDER, staffOf, wireRange } from './stock.service.js';
import { disapprovedEmailBody, orderEmailBody } from './stock-email.js';
import {
  auditLines,
  checkClientAmounts,
  lineRows,
  money,
  priceResolved,
  type ResolvedLine,
  resolveLines,
} from './stock-lines.js';
export async function adminPendingOrders(app: AppContext) {
  const rows = await q.listOrders(app.db, { status: 'pending' }, false);
  return { success: true as const, data: await presentOrders(app.db, rows, 'admin', app.clock.now()) };
}

export async function adminSpecificOrder(app: AppContext, orderId: number) {
  const order = await q.findOrder(app.db, orderId);
  if (!order) throw notFound(NO_SUCH_ORDER);
  return { success: true as const, data: await presentOrders(app.db, [order], 'admin', app.clock.now()) };
}

export async function approveStockOrder(
  app: AppContext,
  actor: Actor,
  { orderData }: ApproveStockOrderRequest,
) {
  const user = staffOf(actor);
  const order = await q.findOrder(app.db, orderData.orderId);
  if (!order) throw notFound(NO_SUCH_ORDER);
  if (!canMove(order.status, 'approve')) throw conflict(STOCK_MESSAGES.alreadyDecided);
  const location = await locationOrThrow(app, order.locationId);
  const sent = await resolveLines(app, location.id, orderData.stockData, { allowDisabled: true });
  const approvedLines = sent.filter((l) => l.qty > 0);
  if (approvedLines.length === 0) throw invalid(STOCK_MESSAGES.selectAtLeastOne, 'stockData');

  const adjustment = toMills(orderData.admin_adjustment);
  const now = app.clock.now();
  const today = localDate(now, location.timeZone);
  const approved = await app.db.transaction(async (tx) => {
    // The below-minimum fee is read under the order's lock: a location's edit landing between the
    // review and this write (a new fee) makes the approval's amounts disagree and refuse, instead
    // of approving with the fee as it was.
    const locked = await q.lockOrder(tx, order.id);
    if (!locked || !canMove(locked.status, 'approve')) throw conflict(STOCK_MESSAGES.alreadyDecided);
    const fee = toMills(locked.deliveryCharge);
    const locationFee = toMills(location.minStockDeliveryCharge);
    const allowed =
      adjustment === 0 ||
      (fee > 0 && adjustment === -fee) ||
      (fee === 0 && locationFee > 0 && adjustment === locationFee);
    if (!allowed) {
      throw invalid(
        fee > 0
          ? `admin_adjustment can be 0 or -${money(fee)} (remove the below-minimum fee)`
          : `admin_adjustment can be 0 or ${money(locationFee)} (add the below-minimum fee)`,
        'admin_adjustment',
      );
    }
    const amounts = priceResolved(approvedLines, { deliveryCharge: fee, adminAdjustment: adjustment });
    if (amounts.subTotal + amounts.gst <= 0) throw invalid(STOCK_MESSAGES.selectAtLeastOne, 'stockData');
    checkClientAmounts(orderData, amounts);
    const row = await q.updatePendingOrder(tx, order.id, {
      status: 'approved',
      approvedAt: now,
      approvedBy: user.id,
      subTotal: money(amounts.subTotal),
      gst: money(amounts.gst),
      adminAdjustment: money(adjustment),
      total: money(amounts.total),
      updatedAt: now,
    });
    if (!row) throw conflict(STOCK_MESSAGES.alreadyDecided);

    // What differs from what was ordered becomes the adjusted lines; a line left out is dropped (0).
    const ordered = (await q.linesOfOrders(tx, [order.id])).filter((l) => l.line.kind === 'ordered');
    const sentById = new Map(sent.map((l) => [l.item.id, l]));
    const adjusted: ResolvedLine[] = sent.filter((l) => {
      const was = ordered.find((o) => o.line.stockListItemId === l.item.id);
      return !was || Number(was.line.qty) !== l.qty;
    });
    const dropped = ordered
      .filter((o) => !sentById.has(o.line.stockListItemId))
      .map((o) => o.line.stockListItemId);
    if (dropped.length) {
      for (const r of await q.findItems(tx, dropped))
        adjusted.push({ item: r.item, unit: r.unit, qty: 0, expiry: null });
    }
    await q.insertLines(tx, lineRows(order.id, 'adjusted', adjusted));
    await recordAudit(tx, {
      entityId: order.id,
      locationId: order.locationId,
      summary: `Stock order #${order.id} of ${location.name} approved: ${row.total}${adjustment ? ` (adjustment ${money(adjustment)})` : ''}`,
      before: { status: locked.status, total: locked.total },
      after: {
        status: row.status,
        total: row.total,
        admin_adjustment: row.adminAdjustment,
        adjusted: auditLines(adjusted),
      },
    });
    for (const l of sent) {
      if (l.expiry === null) continue;
      await q.setOrderedLineExpiry(tx, order.id, l.item.id, l.expiry);
    }
    await q.insertReminders(
      tx,
      approvedLines
        .filter((l) => l.item.hasExpiry && l.expiry !== null && l.expiry > 0)
        .map((l) => ({
          locationId: location.id,
          stockListItemId: l.item.id,
          stockOrderId: order.id,
          name: l.item.name,
          expiringOn: addDays(today, l.expiry!),
        })),
    );
    const body = orderEmailBody(
      `Your stock order #${order.id} was approved. It will be delivered on your next delivery day (${location.deliveryDays.join(', ')}).`,
      location,
      row,
      approvedLines,
    );
    for (const to of await q.locationRecipients(tx, location.id)) {
      await queueEmail(tx, now, { to, subject: `Stock order #${order.id} approved`, body });
    }
    return row;
  });
  const [data] = await presentOrders(app.db, [approved], 'admin', now);
  return { success: true as const, message: STOCK_MESSAGES.approved, data: data! };
}

export async function disapproveStockOrder(app: AppContext, actor: Actor, orderId: number, reason: string) {
  const user = staffOf(actor);
  const order = await q.findOrder(app.db, orderId);
  if (!order) throw notFound(NO_SUCH_ORDER);
  const location = await locationOrThrow(app, order.locationId);
  const now = app.clock.now();
  const row = await app.db.transaction(async (tx) => {
    const updated = await q.updatePendingOrder(tx, order.id, {
      status: 'disapproved',
      disapprovedAt: now,
      disapprovedBy: user.id,
      disapprovedReason: reason || null,
      updatedAt: now,
    });
    if (!updated) throw conflict(STOCK_MESSAGES.alreadyDecided);
    await recordAudit(tx, {
      entityId: order.id,
      locationId: order.locationId,
      summary: `Stock order #${order.id} of ${location.name} disapproved${reason ? `: ${reason}` : ''}`,
      before: { status: order.status },
      after: { status: updated.status, reason: reason || null },
    });
    const body = disapprovedEmailBody(order.id, location, reason);
    for (const to of await q.locationRecipients(tx, location.id)) {
      await queueEmail(tx, now, { to, subject: `Stock order #${order.id} disapproved`, body });
    }
    return updated;
  });
  const [data] = await presentOrders(app.db, [row], 'admin', now);
  return { success: true as const, message: STOCK_MESSAGES.disapproved, data: data! };
}

export async function approvedDisapprovedOrders(
  app: AppContext,
  input: { kitchaco_location: number; start_date: string; end_date: string },
) {
  const { from, to } = wireRange(input.start_date, input.end_date);
  // A wide UTC window, then each order's decision date in its own location's time zone.
  const rows = await q.listOrders(
    app.db,
    {
      ...(input.kitchaco_location > 0 ? { locationId: input.kitchaco_location } : {}),
      status: 'decided',
      decidedFrom: zonedInstant(addDays(from, -1), 'UTC'),
      decidedTo: zonedInstant(addDays(to, 2), 'UTC'),
    },
    true,
  );
  const locs = await q.listLocationsById(app.db, [...new Set(rows.map((r) => r.locationId))]);
  const inRange = rows.filter((r) => {
    const at = r.approvedAt ?? r.disapprovedAt;
    const day = at ? localDate(at, locs.get(r.locationId)!.timeZone) : null;
    return day !== null && day >= from && day <= to;
  });
  const approved = inRange.filter((r) => r.status === 'approved');
  const total = (pick: (r: q.StockOrderRow) => string) =>
    toAmount(approved.reduce((s, r) => s + toMills(pick(r)), 0));
  return {
    success: true as const,
    data: await presentOrders(app.db, inRange, 'admin', app.clock.now()),
    sub_total: total((r) => r.subTotal),
    gst: total((r) => r.gst),
    total: total((r) => r.total),
    admin_adjustment: total((r) => r.adminAdjustment),
    delivery_charge: total((r) => r.deliveryCharge),
  };
}
