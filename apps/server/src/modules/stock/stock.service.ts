import {
  type ApproveStockOrderRequest,
  addDays,
  BELOW_MINIMUM_ERROR_CODE,
  type DeliveryCover,
  deliveryCover,
  type EditStockOrderRequest,
  formatAUD,
  formatWireDate,
  isBelowMinimum,
  localDate,
  type Mills,
  orderPlacedMessage,
  type PlaceStockOrderRequest,
  parseDeliveryDays,
  parseWireDate,
  priceStockOrder,
  RECOMMENDATION_WINDOW_DAYS,
  recommendStock,
  STOCK_MESSAGES,
  type StockLineInput,
  sameAmount,
  stockItemIdOf,
  toAmount,
  toFixedString,
  toMills,
  type UpdateStockListRequest,
  zonedInstant,
  zonedRange,
} from '@kitchaco/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { locations, stockListItems, stockOrderLines, stockUnits } from '../../db/schema/index.js';
import type { Actor, StaffActor } from '../../http/actor.js';
import { conflict, forbidden, invalid, notFound, ruleFailed } from '../../http/errors.js';
import { changedFields, recordAudit } from '../audit/audit.record.js';
import { queueEmail } from '../notifications/outbox.service.js';
import { presentOrder, presentOrders } from './stock.presenter.js';
import * as q from './stock.queries.js';

const OWN_LOCATION_ONLY = 'You can only see and order stock for your own location.';
const NO_SUCH_ORDER = 'This stock order does not exist.';

function staffOf(actor: Actor): StaffActor {
  if (actor.kind !== 'staff') throw forbidden('Staff only.');
  return actor.user;
}

/** Stock users and operators work on their own location only. */
function requireOwnLocation(actor: Actor, locationId: number): StaffActor {
  const user = staffOf(actor);
  if (user.locationId !== locationId) throw forbidden(OWN_LOCATION_ONLY);
  return user;
}

/** The location's row, from the catalogue cache (every change to it is announced). */
async function locationOrThrow(app: AppContext, id: number): Promise<q.LocationRow> {
  const location = await app.catalog.value(
    `location:${id}`,
    async () => (await q.findLocation(app.db, id)) ?? null,
  );
  if (!location) throw notFound('This location does not exist.');
  return location;
}

const money = (m: Mills) => toFixedString(m, 2);
/** Stands for a new order's number in its email until the statement writing both gives it. */
const ORDER_ID_MARK = '\u0001order\u0001';

// ---------------------------------------------------------------- pricing the lines a client sends

/** Stock lines as the audit log keeps them: item, name and quantity. */
function auditLines(lines: readonly ResolvedLine[]) {
  return lines.map((l) => ({ id: l.item.id, name: l.item.name, qty: l.qty }));
}

export interface ResolvedLine {
  item: q.ItemWithUnit['item'];
  unit: q.ItemWithUnit['unit'];
  qty: number;
  expiry: number | null;
}

/**
 * Checks every line against the location's stock list and returns them with the server's items:
 * each item once, on this location's list, quantities whole where the unit is whole. Lines of
 * quantity 0 are kept (an approval uses them to drop an item); callers drop them where they mean
 * nothing.
 */
async function resolveLines(
  app: AppContext,
  locationId: number,
  lines: StockLineInput[],
  options: { allowDisabled: boolean },
): Promise<ResolvedLine[]> {
  const ids = lines.map(stockItemIdOf);
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) throw invalid(`stock item ${id} appears more than once`, 'stockData');
    seen.add(id);
  }
  // Stock list items and units are announced when they change, like the menus.
  const found = await app.catalog.valuesById('stock-item', ids, async (missing) =>
    (await q.findItems(app.db, missing)).map((r) => ({ id: r.item.id, ...r })),
  );
  return lines.map((line) => {
    const id = stockItemIdOf(line);
    const row = found.get(id);
    if (!row || row.item.locationId !== locationId) {
      throw invalid(`stock item ${id} is not on this location's stock list`, 'stockData');
    }
    if (!options.allowDisabled && row.item.status !== 'enabled' && line.qty > 0) {
      throw invalid(`${row.item.name} is no longer available to order`, 'stockData');
    }
    if (row.unit.wholeUnits && !Number.isInteger(line.qty)) {
      throw invalid(`${row.item.name} is ordered in whole units (${row.unit.qtyType})`, 'stockData');
    }
    return { item: row.item, unit: row.unit, qty: line.qty, expiry: line.expiry_adjustment ?? null };
  });
}

function priceResolved(
  lines: ResolvedLine[],
  charges: { deliveryCharge?: Mills; adminAdjustment?: Mills } = {},
) {
  return priceStockOrder(
    lines.map((l) => ({ price: toMills(l.item.price), qty: l.qty, hasGst: l.item.hasGst })),
    charges,
  );
}

/** Refuses, changing nothing, when a client's figures disagree with the server's prices. */
function checkClientAmounts(
  client: { sub_total?: string | undefined; gst?: string | undefined; total?: string | undefined },
  server: { subTotal: Mills; gst: Mills; total: Mills },
): void {
  if (
    !sameAmount(client.sub_total, server.subTotal) ||
    !sameAmount(client.gst, server.gst) ||
    !sameAmount(client.total, server.total)
  ) {
    throw conflict(STOCK_MESSAGES.pricesChanged);
  }
}

function lineRows(orderId: number, kind: 'ordered' | 'adjusted', lines: ResolvedLine[]) {
  const priced = priceResolved(lines).lines;
  return lines.map((l, i) => ({
    stockOrderId: orderId,
    kind,
    stockListItemId: l.item.id,
    name: l.item.name,
    qtyType: l.unit.qtyType,
    price: l.item.price,
    par: l.item.par,
    qty: String(l.qty),
    subTotal: money(priced[i]!.subTotal),
    gst: toFixedString(priced[i]!.gst, 3),
    total: toFixedString(priced[i]!.total, 3),
    expiryAdjustment: kind === 'adjusted' || l.expiry !== null ? l.expiry : null,
  }));
}

/**
 * The order's lines and amounts: the minimum rule decides the fee. Below the minimum the client must
 * have accepted the location's fee (after error_code 1), otherwise nothing is written: by sending
 * it as `delivery_charge`, or, as the old clients retry, a `total` that includes exactly that fee.
 */
function priceWithMinimum(
  location: q.LocationRow,
  lines: ResolvedLine[],
  client: { delivery_charge?: string | undefined; total?: string | undefined },
  emptyMessage: string,
) {
  const ordered = lines.filter((l) => l.qty > 0);
  if (ordered.length === 0) throw invalid(emptyMessage, 'stockData');
  const withoutFee = priceResolved(ordered);
  if (withoutFee.total <= 0) throw invalid(emptyMessage, 'stockData');
  const minimum = toMills(location.minStockOrder);
  const fee = toMills(location.minStockDeliveryCharge);
  let deliveryCharge: Mills = 0;
  if (isBelowMinimum(withoutFee.total, minimum) && fee > 0) {
    const accepted =
      (client.delivery_charge !== undefined && sameAmount(client.delivery_charge, fee)) ||
      (client.total !== undefined &&
        sameAmount(client.total, priceResolved(ordered, { deliveryCharge: fee }).total));
    if (!accepted) {
      throw ruleFailed(STOCK_MESSAGES.belowMinimum(money(minimum), money(fee)), BELOW_MINIMUM_ERROR_CODE);
    }
    deliveryCharge = fee;
  }
  return { ordered, deliveryCharge, amounts: priceResolved(ordered, { deliveryCharge }) };
}

function orderEmailBody(
  intro: string,
  location: q.LocationRow,
  order: q.StockOrderRow,
  lines: ResolvedLine[],
): string {
  const priced = priceResolved(lines).lines;
  const rows = lines.map(
    (l, i) =>
      `  ${l.item.name}: ${l.qty} ${l.unit.qtyType} x ${formatAUD(toMills(l.item.price))} = ${formatAUD(priced[i]!.subTotal)}`,
  );
  const extra = [];
  if (toMills(order.deliveryCharge) !== 0)
    extra.push(`Below min order fee: ${formatAUD(toMills(order.deliveryCharge))}`);
  if (toMills(order.adminAdjustment) !== 0)
    extra.push(`Admin adjustment: ${formatAUD(toMills(order.adminAdjustment))}`);
  return [
    intro,
    '',
    `Location: ${location.address}`,
    `Stock order #${order.id}`,
    '',
    ...rows,
    '',
    `Sub total: ${formatAUD(toMills(order.subTotal))}`,
    `GST: ${formatAUD(toMills(order.gst))}`,
    ...extra,
    `Total: ${formatAUD(toMills(order.total))}`,
  ].join('\n');
}

// ---------------------------------------------------------------- stock user and operator

/** `recommended_order` and, with delivery days, the figures it came from (docs/stock.md). */
function recommendation(usageByWeekday: number[], cover: DeliveryCover | null, wholeUnits: boolean) {
  const { recommended, recommendation } = recommendStock(usageByWeekday, cover, wholeUnits);
  return { recommended_order: recommended, ...(recommendation ? { recommendation } : {}) };
}

export async function stockList(app: AppContext, actor: Actor, locationId: number) {
  requireOwnLocation(actor, locationId);
  const location = await locationOrThrow(app, locationId);
  const now = app.clock.now();
  const today = localDate(now, location.timeZone);
  const window = zonedRange(
    addDays(today, -RECOMMENDATION_WINDOW_DAYS),
    addDays(today, -1),
    location.timeZone,
  );
  const [items, usage, reminders] = await Promise.all([
    q.listLocationItems(app.db, locationId, true),
    q.stockUsageByItemAndWeekday(app.db, locationId, location.timeZone, window.start, window.end),
    q.upcomingReminders(app.db, locationId, today),
  ]);
  // Usage per item, Monday = 0 .. Sunday = 6 (ISO weekday - 1), and the days the next order covers.
  const used = new Map<number, number[]>();
  for (const u of usage) {
    const week = used.get(u.itemId) ?? [0, 0, 0, 0, 0, 0, 0];
    week[Number(u.isodow) - 1] = Number(u.used);
    used.set(u.itemId, week);
  }
  const cover = deliveryCover(today, parseDeliveryDays(location.deliveryDays.join(',')));
  return {
    success: true as const,
    data: items.map(({ item, unit }) => ({
      id: item.id,
      name: item.name,
      qty_type__id: unit.id,
      qty_type__qty_type: unit.qtyType,
      whole_units: unit.wholeUnits,
      price: toAmount(toMills(item.price)),
      par: Number(item.par),
      has_gst: item.hasGst,
      has_expiry: item.hasExpiry,
      ...recommendation(used.get(item.id) ?? [], cover, unit.wholeUnits),
    })),
    reminder_data: reminders.map((r) => ({
      name: r.name,
      expiring_on: formatWireDate(r.expiringOn),
    })),
    location: {
      id: location.id,
      location: location.address,
      delivery_day: location.deliveryDays.join(', '),
      min_stock_order: toAmount(toMills(location.minStockOrder)),
      min_stock_delivery_charge: toAmount(toMills(location.minStockDeliveryCharge)),
    },
  };
}

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

/** One order of the caller's own location; other locations' orders do not exist for them. */
async function ownOrder(app: AppContext, actor: Actor, orderId: number): Promise<q.StockOrderRow> {
  const user = staffOf(actor);
  const order = await q.findOrder(app.db, orderId);
  if (!order || order.locationId !== user.locationId) throw notFound(NO_SUCH_ORDER);
  return order;
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

// ---------------------------------------------------------------- stock admin

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
  if (order.status !== 'pending') throw conflict(STOCK_MESSAGES.alreadyDecided);
  const location = await locationOrThrow(app, order.locationId);
  const sent = await resolveLines(app, location.id, orderData.stockData, { allowDisabled: true });
  const approvedLines = sent.filter((l) => l.qty > 0);
  if (approvedLines.length === 0) throw invalid(STOCK_MESSAGES.selectAtLeastOne, 'stockData');

  const fee = toMills(order.deliveryCharge);
  const locationFee = toMills(location.minStockDeliveryCharge);
  const adjustment = toMills(orderData.admin_adjustment);
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

  const now = app.clock.now();
  const today = localDate(now, location.timeZone);
  const approved = await app.db.transaction(async (tx) => {
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
      before: { status: order.status, total: order.total },
      after: {
        status: row.status,
        total: row.total,
        admin_adjustment: row.adminAdjustment,
        adjusted: auditLines(adjusted),
      },
    });
    for (const l of sent) {
      if (l.expiry === null) continue;
      await tx
        .update(stockOrderLines)
        .set({ expiryAdjustment: l.expiry })
        .where(
          and(
            eq(stockOrderLines.stockOrderId, order.id),
            eq(stockOrderLines.stockListItemId, l.item.id),
            eq(stockOrderLines.kind, 'ordered'),
          ),
        );
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
    const body = [
      `Your stock order #${order.id} for ${location.address} was disapproved.`,
      reason ? `Reason: ${reason}` : 'No reason was given.',
      '',
      'Please place a new order from the stock ordering page if you still need stock.',
    ].join('\n');
    for (const to of await q.locationRecipients(tx, location.id)) {
      await queueEmail(tx, now, { to, subject: `Stock order #${order.id} disapproved`, body });
    }
    return updated;
  });
  const [data] = await presentOrders(app.db, [row], 'admin', now);
  return { success: true as const, message: STOCK_MESSAGES.disapproved, data: data! };
}

function wireRange(start: string, end: string): { from: string; to: string } {
  const from = parseWireDate(start);
  const to = parseWireDate(end);
  if (!from) throw invalid('start_date must be a date like 05 Mar 2026', 'start_date');
  if (!to) throw invalid('end_date must be a date like 05 Mar 2026', 'end_date');
  if (to < from) throw invalid('end_date must not be before start_date', 'end_date');
  return { from, to };
}

export { wireRange };

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

// ---------------------------------------------------------------- stock list administration

export async function adminStockList(app: AppContext, locationId: number) {
  const [items, units] = await Promise.all([
    q.listLocationItems(app.db, locationId > 0 ? locationId : null, false),
    q.listUnits(app.db),
  ]);
  const locs = await q.listLocationsById(app.db, [...new Set(items.map((i) => i.item.locationId))]);
  return {
    success: true as const,
    data: items.map(({ item, unit }) => ({
      id: item.id,
      name: item.name,
      qty_type__id: unit.id,
      qty_type__qty_type: unit.qtyType,
      price: toAmount(toMills(item.price)),
      kitchaco: item.locationId,
      kitchaco__location: locs.get(item.locationId)?.name ?? '',
      par: Number(item.par),
      has_expiry: item.hasExpiry,
      has_gst: item.hasGst,
      status: item.status,
    })),
    qty_types: units.map((u) => ({ id: u.id, qty_type: u.qtyType, whole_units: u.wholeUnits })),
  };
}

export async function updateAdminStockList(app: AppContext, { stockData }: UpdateStockListRequest) {
  const ids = stockData.map((r) => r.id);
  if (new Set(ids).size !== ids.length) throw invalid('each stock item can appear only once', 'stockData');
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const current = new Map((await q.findItems(tx, ids)).map((r) => [r.item.id, r]));
    const units = new Map((await tx.select().from(stockUnits)).map((u) => [u.id, u]));
    const message: Record<string, string>[] = [];
    for (const row of stockData) {
      const existing = current.get(row.id);
      if (!existing) throw invalid(`stock item ${row.id} does not exist`, 'stockData');
      const unit = units.get(row.qty_type_id);
      if (!unit) throw invalid(`unit ${row.qty_type_id} does not exist`, 'qty_type_id');
      let price: string;
      try {
        price = money(toMills(row.price));
      } catch {
        throw invalid('price can have at most 2 decimals', 'price');
      }
      if (toMills(price) !== toMills(row.price)) throw invalid('price can have at most 2 decimals', 'price');
      if (row.par !== undefined && unit.wholeUnits && !Number.isInteger(row.par)) {
        throw invalid(`par of ${row.name} must be a whole number of ${unit.qtyType}`, 'par');
      }
      const targets = row.change_all_locations
        ? await tx
            .select({ id: stockListItems.id, locationId: stockListItems.locationId })
            .from(stockListItems)
            .where(eq(stockListItems.name, existing.item.name))
        : [{ id: existing.item.id, locationId: existing.item.locationId }];
      const targetIds = targets.map((t) => t.id);
      if (row.name !== existing.item.name) {
        const clash = await tx
          .select({ id: stockListItems.id, location: locations.name })
          .from(stockListItems)
          .innerJoin(locations, eq(locations.id, stockListItems.locationId))
          .where(
            and(
              eq(stockListItems.name, row.name),
              inArray(
                stockListItems.locationId,
                targets.map((t) => t.locationId),
              ),
              ne(stockListItems.id, existing.item.id),
            ),
          );
        const blocking = clash.filter((c) => !targetIds.includes(c.id));
        if (blocking.length) {
          throw invalid(`${row.name} is already on the stock list of ${blocking[0]!.location}`, 'name');
        }
      }
      await tx
        .update(stockListItems)
        .set({
          name: row.name,
          unitId: unit.id,
          price,
          hasExpiry: row.has_expiry,
          hasGst: row.has_gst,
          status: row.status,
          updatedAt: now,
        })
        .where(inArray(stockListItems.id, targetIds));
      if (row.par !== undefined) {
        await tx
          .update(stockListItems)
          .set({ par: String(row.par) })
          .where(eq(stockListItems.id, existing.item.id));
      }
      const locs = await q.listLocationsById(
        tx,
        targets.map((t) => t.locationId),
      );
      for (const t of targets) {
        message.push({ [row.name]: locs.get(t.locationId)?.name ?? String(t.locationId) });
        const item = existing.item;
        const changed = changedFields(
          {
            name: item.name,
            unit_id: item.unitId,
            price: item.price,
            par: item.par,
            has_expiry: item.hasExpiry,
            has_gst: item.hasGst,
            status: item.status,
          },
          {
            name: row.name,
            unit_id: unit.id,
            price,
            ...(row.par !== undefined && t.id === item.id ? { par: String(row.par) } : {}),
            has_expiry: row.has_expiry,
            has_gst: row.has_gst,
            status: row.status,
          },
        );
        await recordAudit(tx, {
          entityId: t.id,
          locationId: t.locationId,
          summary: `Stock item ${row.name} at ${locs.get(t.locationId)?.name ?? t.locationId}: ${Object.keys(changed.after).join(', ') || 'saved unchanged'}`,
          ...changed,
        });
      }
    }
    return { success: true as const, message };
  });
}
