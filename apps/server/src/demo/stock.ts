import {
  addDays,
  applyRate,
  type IsoDate,
  isBelowMinimum,
  localDate,
  type Mills,
  type PricedLine,
  priceLine,
  toFixedString,
  toMills,
  totalOrder,
  WEEKDAYS,
  type Weekday,
  weekdayOfDate,
  zonedInstant,
} from '@kitchaco/domain';
import type { DbOrTx } from '../db/client.js';
import {
  stockBundles,
  stockExpiryReminders,
  stockListItems,
  stockOrderLines,
  stockOrders,
  stockUnits,
} from '../db/schema/index.js';
import { insertRows } from './batch.js';
import {
  ALWAYS_ORDERED,
  DISAPPROVAL_REASONS,
  STOCK_ITEMS,
  STOCK_UNITS,
  type StockItemDef,
} from './catalog.js';
import type { Random } from './random.js';

/**
 * Stock: units, each location's stock list (same names, slightly different prices), bundles that
 * tie meals to stock, weekly stock orders with approvals and adjustments, and expiry reminders.
 */

export interface StockLocation {
  id: number;
  timeZone: string;
  deliveryDays: Weekday[];
  minStockOrder: string;
  minStockDeliveryCharge: string;
  stockUserId: number;
  /** The location's meals with their catalog bundles ([stock item key, qty]). */
  meals: { id: number; bundle: [string, string][] }[];
}

export interface StockOptions {
  rng: Random;
  now: Date;
  weeks: number;
  stockAdminId: number;
  locations: StockLocation[];
  /** The location whose stock header shows expiry reminders. */
  reminderLocationId: number;
}

export interface StockResult {
  units: number;
  items: number;
  bundles: number;
  orders: number;
  lines: number;
  reminders: number;
}

interface ItemRow {
  id: number;
  def: StockItemDef;
  price: string;
  wholeUnits: boolean;
  qtyType: string;
}

const PRICE_FACTORS = ['0.97', '0.98', '0.99', '1.00', '1.00', '1.01', '1.02', '1.03'];
const HOUR_MS = 3_600_000;

type LineRow = typeof stockOrderLines.$inferInsert;

export async function seedStock(db: DbOrTx, options: StockOptions): Promise<StockResult> {
  const { rng, now } = options;
  const nowMs = now.getTime();

  const unitRows = STOCK_UNITS.map((u, i) => ({ id: i + 1, qtyType: u.qtyType, wholeUnits: u.wholeUnits }));
  await insertRows(db, stockUnits, unitRows);
  const unitByType = new Map(unitRows.map((u) => [u.qtyType, u]));

  // Stock list: one row per item per location.
  let itemId = 0;
  const itemRows: (typeof stockListItems.$inferInsert)[] = [];
  const itemsByLocation = new Map<number, Map<string, ItemRow>>();
  for (const loc of options.locations) {
    const byKey = new Map<string, ItemRow>();
    for (const def of STOCK_ITEMS) {
      const unit = unitByType.get(def.unit);
      if (!unit) throw new Error(`Unknown stock unit ${def.unit}`);
      const price = toFixedString(applyRate(toMills(def.price), rng.pick(PRICE_FACTORS), 2), 2);
      const row: ItemRow = { id: ++itemId, def, price, wholeUnits: unit.wholeUnits, qtyType: unit.qtyType };
      byKey.set(def.key, row);
      itemRows.push({
        id: row.id,
        locationId: loc.id,
        name: def.name,
        unitId: unit.id,
        price,
        par: def.par,
        hasGst: def.gst,
        hasExpiry: def.expiry,
        status: def.disabled ? 'disabled' : 'enabled',
        updatedAt: new Date(nowMs - 30 * 24 * HOUR_MS),
      });
    }
    itemsByLocation.set(loc.id, byKey);
  }
  await insertRows(db, stockListItems, itemRows);

  // Bundles: the stock one unit of each meal uses, from the location's own stock list.
  let bundleId = 0;
  const bundleRows: (typeof stockBundles.$inferInsert)[] = [];
  const usedKeys = new Map<number, Set<string>>();
  for (const loc of options.locations) {
    const byKey = itemsByLocation.get(loc.id)!;
    const used = new Set<string>(ALWAYS_ORDERED);
    for (const meal of loc.meals) {
      for (const [key, qty] of meal.bundle) {
        const item = byKey.get(key);
        if (!item) throw new Error(`Bundle refers to unknown stock item ${key}`);
        used.add(key);
        bundleRows.push({ id: ++bundleId, mealId: meal.id, stockListItemId: item.id, qty });
      }
    }
    usedKeys.set(loc.id, used);
  }
  await insertRows(db, stockBundles, bundleRows);

  // Weekly stock orders, placed the day before the location's first delivery day.
  let orderId = 0;
  let lineId = 0;
  let orderRows: (typeof stockOrders.$inferInsert)[] = [];
  let lineRows: LineRow[] = [];
  let totalOrders = 0;
  let totalLines = 0;
  const latestApproved = new Map<number, { orderId: number; items: ItemRow[] }>();

  for (const loc of options.locations) {
    const byKey = itemsByLocation.get(loc.id)!;
    const candidates = [...usedKeys.get(loc.id)!]
      .map((k) => byKey.get(k)!)
      .filter((item) => !item.def.disabled)
      .sort((a, b) => a.id - b.id);
    const minOrder = toMills(loc.minStockOrder);
    const fee = toMills(loc.minStockDeliveryCharge);
    const placedTimes = weeklyTimes(rng, loc, now, options.weeks);
    const secondPending = rng.chance(0.5);
    // Every location has had at least one order turned down; a few more at random.
    const disapprovedWeek = placedTimes.length > 3 ? rng.int(3, placedTimes.length - 1) : -1;

    for (let k = placedTimes.length - 1; k >= 0; k--) {
      // k = 0 is the most recent order.
      const placedMs = placedTimes[k]!;
      const id = ++orderId;
      const chosen = rng
        .sample(candidates, rng.int(5, Math.min(15, candidates.length)))
        .sort((a, b) => a.id - b.id);
      const ordered = chosen.map((item) => ({ item, qty: orderQuantity(rng, item) }));
      const orderedPriced = ordered.map((l) => priceLine(toMills(l.item.price), l.qty, l.item.def.gst));
      // The minimum applies to the total with GST, as the server checks it.
      const orderedTotal = totalOrder(orderedPriced).total;
      const deliveryCharge: Mills = isBelowMinimum(orderedTotal, minOrder) ? fee : 0;

      let status: 'pending' | 'approved' | 'disapproved' = 'approved';
      if (k === 0 || (k === 1 && secondPending)) status = 'pending';
      else if (k === disapprovedWeek || rng.chance(0.02)) status = 'disapproved';

      const approved = status === 'approved';
      const withExpiry = approved && rng.chance(0.3);
      const adjustedIdx = new Set<number>();
      if (approved && rng.chance(0.2)) {
        for (const i of rng.sample(
          ordered.map((_, i) => i),
          rng.int(1, 2),
        ))
          adjustedIdx.add(i);
      }
      let adminAdjustment: Mills = 0;
      if (approved && deliveryCharge > 0 && rng.chance(0.25)) adminAdjustment = -deliveryCharge;
      else if (approved && deliveryCharge === 0 && rng.chance(0.02)) adminAdjustment = fee;

      const effective: PricedLine[] = [];
      ordered.forEach((line, i) => {
        const expiry = withExpiry && line.item.def.expiry ? 7 : null;
        lineRows.push(lineRow(++lineId, id, 'ordered', line.item, line.qty, orderedPriced[i]!, expiry));
        if (adjustedIdx.has(i)) {
          const qty = adjustQuantity(rng, line.item, line.qty);
          const priced = priceLine(toMills(line.item.price), qty, line.item.def.gst);
          lineRows.push(lineRow(++lineId, id, 'adjusted', line.item, qty, priced, expiry));
          effective.push(priced);
        } else {
          effective.push(orderedPriced[i]!);
        }
      });
      const amounts = totalOrder(effective, [deliveryCharge, adminAdjustment]);

      const decidedMs = placedMs + rng.int(18, 28) * HOUR_MS + rng.int(0, 59) * 60_000;
      const reason = rng.pick(DISAPPROVAL_REASONS);
      orderRows.push({
        id,
        locationId: loc.id,
        placedBy: loc.stockUserId,
        placedAt: new Date(placedMs),
        status,
        subTotal: toFixedString(amounts.subTotal, 2),
        gst: toFixedString(amounts.gst, 2),
        deliveryCharge: toFixedString(deliveryCharge, 2),
        adminAdjustment: toFixedString(adminAdjustment, 2),
        total: toFixedString(amounts.total, 2),
        approvedAt: approved ? new Date(decidedMs) : null,
        approvedBy: approved ? options.stockAdminId : null,
        disapprovedAt: status === 'disapproved' ? new Date(decidedMs) : null,
        disapprovedBy: status === 'disapproved' ? options.stockAdminId : null,
        disapprovedReason: status === 'disapproved' ? reason : null,
        updatedAt: new Date(status === 'pending' ? placedMs : decidedMs),
      });
      if (approved) latestApproved.set(loc.id, { orderId: id, items: chosen });
    }

    if (orderRows.length >= 500) {
      await insertRows(db, stockOrders, orderRows);
      await insertRows(db, stockOrderLines, lineRows);
      totalOrders += orderRows.length;
      totalLines += lineRows.length;
      orderRows = [];
      lineRows = [];
    }
  }
  await insertRows(db, stockOrders, orderRows);
  await insertRows(db, stockOrderLines, lineRows);
  totalOrders += orderRows.length;
  totalLines += lineRows.length;

  // Expiry reminders of the reminder location: perishables of its latest approved order.
  const reminderLoc = options.reminderLocationId;
  const tz = options.locations.find((l) => l.id === reminderLoc)?.timeZone;
  const reminderRows: (typeof stockExpiryReminders.$inferInsert)[] = [];
  if (tz) {
    const today = localDate(now, tz);
    const latest = latestApproved.get(reminderLoc);
    const perishables = (latest?.items ?? []).filter((i) => i.def.expiry);
    const fallback = [...itemsByLocation.get(reminderLoc)!.values()].filter(
      (i) => i.def.expiry && !i.def.disabled,
    );
    const items = (perishables.length >= 3 ? perishables : fallback).slice(0, 4);
    const offsets = [2, 5, 8, 12];
    items.forEach((item, i) => {
      reminderRows.push({
        id: i + 1,
        locationId: reminderLoc,
        stockListItemId: item.id,
        stockOrderId: perishables.length >= 3 ? (latest?.orderId ?? null) : null,
        name: item.def.name,
        expiringOn: addDays(today, offsets[i]!),
      });
    });
  }
  await insertRows(db, stockExpiryReminders, reminderRows);

  return {
    units: unitRows.length,
    items: itemRows.length,
    bundles: bundleRows.length,
    orders: totalOrders,
    lines: totalLines,
    reminders: reminderRows.length,
  };
}

function lineRow(
  id: number,
  stockOrderId: number,
  kind: 'ordered' | 'adjusted',
  item: ItemRow,
  qty: string,
  priced: PricedLine,
  expiryAdjustment: number | null,
): LineRow {
  return {
    id,
    stockOrderId,
    kind,
    stockListItemId: item.id,
    name: item.def.name,
    qtyType: item.qtyType,
    price: item.price,
    par: item.def.par,
    qty,
    subTotal: toFixedString(priced.subTotal, 2),
    gst: toFixedString(priced.gst, 3),
    total: toFixedString(priced.total, 3),
    expiryAdjustment,
  };
}

/** Quantity around par: whole units for boxes and packs, half steps for kg and litres. */
function orderQuantity(rng: Random, item: ItemRow): string {
  const step = item.wholeUnits ? 1000 : 500;
  const par = Math.max(step, toMills(item.def.par));
  const raw = Math.round((par * rng.int(50, 150)) / 100 / step) * step;
  return toFixedString(Math.max(step, raw), 3);
}

/** What the stock admin approved instead: one step more or less (never zero). */
function adjustQuantity(rng: Random, item: ItemRow, qty: string): string {
  const step = item.wholeUnits ? 1000 : 500;
  const current = toMills(qty);
  const next = current > step && rng.chance(0.6) ? current - step : current + step;
  return toFixedString(next, 3);
}

/** Placement instants of the weekly orders, most recent first (index 0), none after now. */
function weeklyTimes(rng: Random, loc: StockLocation, now: Date, weeks: number): number[] {
  const firstDelivery = loc.deliveryDays[0] ?? 'Monday';
  const orderDay = WEEKDAYS[(WEEKDAYS.indexOf(firstDelivery) + 6) % 7]!;
  let date: IsoDate = localDate(now, loc.timeZone);
  while (weekdayOfDate(date) !== orderDay) date = addDays(date, -1);
  const hours = Array.from({ length: weeks + 1 }, () => [rng.int(9, 15), rng.int(0, 59)] as const);
  const times: number[] = [];
  for (let k = 0; k <= weeks; k++) {
    const [hour, minute] = hours[k]!;
    const at = zonedInstant(addDays(date, -7 * k), loc.timeZone, hour, minute).getTime();
    if (at <= now.getTime()) times.push(at);
    if (times.length === weeks) break;
  }
  return times;
}
