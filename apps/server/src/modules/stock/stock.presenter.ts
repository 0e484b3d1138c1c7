import {
  canMove,
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
    can_edit: viewer === 'location' ? blocked === null : canMove(order.status, 'approve'),
    edit_blocked_reason: blocked,
    orderData: own.filter((l) => l.line.kind === 'ordered').map(presentLine),
    adjustedData: own.filter((l) => l.line.kind === 'adjusted').map(presentLine),
  };
}

// ---------------------------------------------------------------- stock list, units and bundles

type ItemRow = Pick<q.ItemWithUnit, 'item' | 'unit'>;

/** An item of a location's stock list as its stock user sees it, with its recommendation. */
export function presentStockItem<R extends object>({ item, unit }: ItemRow, recommendation: R) {
  return {
    id: item.id,
    name: item.name,
    qty_type__id: unit.id,
    qty_type__qty_type: unit.qtyType,
    whole_units: unit.wholeUnits,
    price: amount(item.price),
    par: Number(item.par),
    has_gst: item.hasGst,
    has_expiry: item.hasExpiry,
    ...recommendation,
  };
}

export function presentReminder(r: { name: string; expiringOn: string }) {
  return { name: r.name, expiring_on: formatWireDate(r.expiringOn) };
}

/** The location as the stock list shows it: address, delivery days and the minimum order. */
export function presentStockLocation(location: q.LocationRow) {
  return {
    id: location.id,
    location: location.address,
    delivery_day: location.deliveryDays.join(', '),
    min_stock_order: amount(location.minStockOrder),
    min_stock_delivery_charge: amount(location.minStockDeliveryCharge),
  };
}

/** An item as the stock admin's stock list editor has it, with its location's name. */
export function presentAdminStockItem({ item, unit }: ItemRow, locationName: string) {
  return {
    id: item.id,
    name: item.name,
    qty_type__id: unit.id,
    qty_type__qty_type: unit.qtyType,
    price: amount(item.price),
    kitchaco: item.locationId,
    kitchaco__location: locationName,
    par: Number(item.par),
    has_expiry: item.hasExpiry,
    has_gst: item.hasGst,
    status: item.status,
  };
}

export function presentUnit(u: { id: number; qtyType: string; wholeUnits: boolean }) {
  return { id: u.id, qty_type: u.qtyType, whole_units: u.wholeUnits };
}

type BundleRow = Awaited<ReturnType<typeof q.bundlesOfMeals>>[number];

export function presentBundle(b: BundleRow) {
  return {
    id: b.bundle.id,
    stock_list__id: b.bundle.stockListItemId,
    stock_list__name: b.itemName,
    stock_list__qty_type: b.qtyType,
    qty: Number(b.bundle.qty),
  };
}
