import {
  formatWireDate,
  formatWireTime,
  isDeliveryDay,
  localDate,
  STOCK_MESSAGES,
  type StockOrder,
  type StockOrderLine,
  toAmount,
  toMills,
  type Weekday,
} from '@kitchaco/domain';
import type { DbOrTx } from '../../db/client.js';
import * as q from './stock.queries.js';

const amount = (v: string) => toAmount(toMills(v));
const amount3 = (v: string) => toAmount(toMills(v), 3);

/** Who is looking: a stock user or operator may edit on some days; for admins "editable" is "pending". */
export type Viewer = 'location' | 'admin';

/** Why a stock user may not edit this order now, or null when they may. */
export function editBlockedReason(order: q.StockOrderRow, location: q.LocationRow, now: Date): string | null {
  if (order.status === 'approved') return STOCK_MESSAGES.notEditableApproved;
  if (order.status === 'disapproved') return STOCK_MESSAGES.notEditableDisapproved;
  if (isDeliveryDay(now, location.timeZone, location.deliveryDays as Weekday[])) {
    return STOCK_MESSAGES.notEditableDeliveryDay;
  }
  return null;
}

function presentLine(l: q.LineWithItem): StockOrderLine {
  return {
    id: l.line.id,
    stock_list_id: l.line.stockListItemId,
    name: l.line.name,
    qty: Number(l.line.qty),
    qty_type: l.line.qtyType,
    qty_type__qty_type: l.line.qtyType,
    whole_units: l.wholeUnits,
    price: amount(l.line.price),
    par: Number(l.line.par),
    has_gst: l.hasGst,
    has_expiry: l.hasExpiry,
    sub_total: amount(l.line.subTotal),
    gst: amount3(l.line.gst),
    total: amount3(l.line.total),
    expiry_adjustment: l.line.expiryAdjustment,
  };
}

/** Orders as the wire has them, with their lines, in one query for lines and one for locations. */
export async function presentOrders(
  db: DbOrTx,
  rows: q.StockOrderRow[],
  viewer: Viewer,
  now: Date,
): Promise<StockOrder[]> {
  const [lines, locationsById] = await Promise.all([
    q.linesOfOrders(
      db,
      rows.map((r) => r.id),
    ),
    q.listLocationsById(db, [...new Set(rows.map((r) => r.locationId))]),
  ]);
  return rows.map((order) =>
    presentOrder(
      order,
      lines.filter((l) => l.line.stockOrderId === order.id),
      locationsById.get(order.locationId)!,
      viewer,
      now,
    ),
  );
}

/** One order as the wire has it, from its row, its lines (with their items' flags) and location. */
export function presentOrder(
  order: q.StockOrderRow,
  own: q.LineWithItem[],
  location: q.LocationRow,
  viewer: Viewer,
  now: Date,
): StockOrder {
  const tz = location.timeZone;
  const blocked = viewer === 'location' ? editBlockedReason(order, location, now) : null;
  const decided = (at: Date | null) => ({
    date: at ? formatWireDate(localDate(at, tz)) : null,
    time: at ? formatWireTime(at, tz) : null,
  });
  const approved = decided(order.approvedAt);
  const disapproved = decided(order.disapprovedAt);
  return {
    id: order.id,
    kitchaco: order.locationId,
    kitchaco__location: location.address,
    order_date: formatWireDate(localDate(order.placedAt, tz)),
    order_time: formatWireTime(order.placedAt, tz),
    sub_total: amount(order.subTotal),
    gst: amount(order.gst),
    delivery_charge: amount(order.deliveryCharge),
    admin_adjustment: amount(order.adminAdjustment),
    total: amount(order.total),
    min_stock_order: amount(location.minStockOrder),
    min_stock_delivery_charge: amount(location.minStockDeliveryCharge),
    status: order.status,
    approved: order.status === 'approved',
    approved_date: approved.date,
    approved_time: approved.time,
    disapproved: order.status === 'disapproved',
    disapproved_date: disapproved.date,
    disapproved_time: disapproved.time,
    disapproved_reason: order.disapprovedReason,
    can_edit: viewer === 'location' ? blocked === null : order.status === 'pending',
    edit_blocked_reason: blocked,
    orderData: own.filter((l) => l.line.kind === 'ordered').map(presentLine),
    adjustedData: own.filter((l) => l.line.kind === 'adjusted').map(presentLine),
  };
}
