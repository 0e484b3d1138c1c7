import {
  addDays,
  applyRate,
  CARD_TRANSACTION_RATE,
  divide,
  type IsoDate,
  localDate,
  MARKETPLACE_CHANNELS,
  type Mills,
  multiply,
  type OrderStatus,
  SALES_CHANNELS,
  type SalesChannel,
  sum,
  toFixedString,
  toMills,
  weekdayOfDate,
  zonedInstant,
} from '@kitchaco/domain';
import type { DbOrTx } from '../db/client.js';
import {
  orderAdjustments,
  type orderLines,
  orderStatusEvents,
  type orders,
  payments,
  refunds,
} from '../db/schema/index.js';
import { writeLedgerOrders } from '../modules/orders/ledger.queries.js';
import { insertRows } from './batch.js';
import { FIRST_NAMES, LAST_NAMES, REFUND_REASONS, SPECIAL_REQUESTS } from './catalog.js';
import type { Random } from './random.js';

/**
 * The customer order history: every day of the history, every location, orders of all eight
 * channels with lunch and dinner peaks. Rows are written in chunks as they are generated so
 * memory stays flat however long the history is.
 */

export interface OrderMeal {
  id: number;
  name: string;
  /** A slightly different spelling, as a marketplace menu might have it (matches none of our meals). */
  altName: string;
  price: Mills;
  priceText: string;
  combos: { name: string; price: Mills; priceText: string }[];
  subitems: string[];
}

export interface OrderVendor {
  id: number;
  meals: OrderMeal[];
  mealWeights: number[];
}

export interface OrderCustomer {
  id: number;
  name: string | null;
  phone: string;
  email: string | null;
  address: string | null;
}

export interface OrderLocation {
  id: number;
  timeZone: string;
  deliveryCharge: Mills;
  /** Commission rate per channel (the franchisee's), for marketplace platform fees. */
  rates: Record<SalesChannel, string>;
  /** Relative volume of this location. */
  factor: number;
  /** Local closing hour per weekday index (0 = Monday), e.g. 22 or 23. */
  closeHour: number[];
  vendors: OrderVendor[];
  vendorWeights: number[];
  customers: OrderCustomer[];
  /** The operator whose account changes statuses (for status events). */
  operatorStaffId: number | null;
}

export interface PlannedOrder {
  locationId: number;
  placedAt: Date;
  channel: 'online_pickup' | 'online_delivery';
  customer: OrderCustomer;
  canceled: boolean;
}

export interface OrderHistoryOptions {
  rng: Random;
  now: Date;
  firstDay: IsoDate;
  lastDay: IsoDate;
  /** Expected orders per location per day before weekday and location factors. */
  baseOrdersPerDay: number;
  locations: OrderLocation[];
  planned: PlannedOrder[];
}

export interface OrderHistoryResult {
  orders: number;
  lines: number;
  events: number;
  adjustments: number;
  /** Card refunds of our own orders (each with its payment and its ledger row). */
  refunds: number;
}

const CHANNELS: readonly SalesChannel[] = SALES_CHANNELS;
const CHANNEL_WEIGHTS = [7, 16, 16, 9, 24, 10, 12, 6];
/**
 * Menulog stopped trading in Australia on 26 November 2025 (docs/marketplaces.md): the demo has
 * Menulog orders up to the day before, its history only, and none from that day on.
 */
export const MENULOG_LAST_DAY = '2025-11-25';
const MARKETPLACE = new Set<SalesChannel>(MARKETPLACE_CHANNELS);
const CARD_PAID = new Set<SalesChannel>(['in_store_card', 'online_pickup', 'online_delivery']);
const EXTERNAL_PREFIX: Partial<Record<SalesChannel, string>> = {
  uber_eats: 'UE-',
  deliveroo: 'DR-',
  doordash: 'DD-',
  menulog: 'ML-',
};

/** Monday .. Sunday. */
const WEEKDAY_FACTOR = [0.8, 0.8, 0.9, 1.0, 1.3, 1.35, 1.1];
const WEEKDAY_INDEX: Record<string, number> = {
  Monday: 0,
  Tuesday: 1,
  Wednesday: 2,
  Thursday: 3,
  Friday: 4,
  Saturday: 5,
  Sunday: 6,
};

/** Half-hour slots from 11:00: lunch peak 12:00-13:30, dinner peak 17:30-20:00. */
const SLOT_WEIGHTS = [2, 5, 9, 10, 8, 5, 3, 2, 2, 2, 2, 3, 4, 7, 10, 11, 10, 8, 6, 4, 3, 2, 1.5, 1];
const FIRST_SLOT_HOUR = 11;

const LINE_COUNT_WEIGHTS = [45, 30, 17, 8];
const QUANTITY_WEIGHTS = [78, 18, 4];
const UNMATCHED_RATE = 0.02;
const CANCEL_RATE = 0.03;
const DISCOUNT_RATE = 0.07;
const REFUND_RATE = 0.015;
/** Card-paid orders of our own channels refunded in part, per thousand (picked without the rng). */
const CARD_REFUNDS_PER_THOUSAND = 12;
/** Orders placed this close to now get status events (the live board shows them). */
const EVENT_WINDOW_MS = 24 * 3_600_000;
const FLUSH_AT = 1_000;

type OrderRow = typeof orders.$inferInsert;
type LineRow = typeof orderLines.$inferInsert;
type EventRow = typeof orderStatusEvents.$inferInsert;
type AdjustmentRow = typeof orderAdjustments.$inferInsert;
type PaymentRow = typeof payments.$inferInsert;
type RefundRow = typeof refunds.$inferInsert;

interface Step {
  status: OrderStatus;
  at: number;
}

class Writer {
  orders: OrderRow[] = [];
  lines: LineRow[] = [];
  events: EventRow[] = [];
  adjustments: AdjustmentRow[] = [];
  payments: PaymentRow[] = [];
  refunds: RefundRow[] = [];
  totals: OrderHistoryResult = { orders: 0, lines: 0, events: 0, adjustments: 0, refunds: 0 };

  constructor(private readonly db: DbOrTx) {}

  async maybeFlush(): Promise<void> {
    if (this.orders.length >= FLUSH_AT) await this.flush();
  }

  async flush(): Promise<void> {
    // Orders first: lines, events and adjustments reference them.
    const linesOf = new Map<number, LineRow[]>();
    for (const line of this.lines) {
      const list = linesOf.get(line.orderId);
      if (list) list.push(line);
      else linesOf.set(line.orderId, [line]);
    }
    await writeLedgerOrders(
      this.db,
      this.orders.map((order) => ({ order, lines: linesOf.get(order.id!) ?? [] })),
    );
    await insertRows(this.db, orderStatusEvents, this.events);
    await insertRows(this.db, payments, this.payments);
    await insertRows(this.db, refunds, this.refunds);
    await insertRows(this.db, orderAdjustments, this.adjustments);
    this.totals.orders += this.orders.length;
    this.totals.lines += this.lines.length;
    this.totals.events += this.events.length;
    this.totals.adjustments += this.adjustments.length;
    this.totals.refunds += this.refunds.length;
    this.orders = [];
    this.lines = [];
    this.events = [];
    this.adjustments = [];
    this.payments = [];
    this.refunds = [];
  }
}

export async function generateOrderHistory(
  db: DbOrTx,
  options: OrderHistoryOptions,
): Promise<OrderHistoryResult> {
  const { rng, now, firstDay, lastDay, locations } = options;
  const nowMs = now.getTime();
  const writer = new Writer(db);
  const ids = { order: 0, line: 0, event: 0, adjustment: 0, payment: 0, refund: 0 };
  const hourCache = new Map<string, number>();
  const hourStart = (date: IsoDate, timeZone: string, hour: number): number => {
    const key = `${timeZone}|${date}|${hour}`;
    let ms = hourCache.get(key);
    if (ms === undefined) {
      ms = zonedInstant(date, timeZone, hour, 0).getTime();
      hourCache.set(key, ms);
    }
    return ms;
  };

  const plannedByDay = new Map<string, PlannedOrder[]>();
  for (const p of options.planned) {
    const loc = locations.find((l) => l.id === p.locationId);
    if (!loc) continue;
    const key = `${p.locationId}|${localDate(p.placedAt, loc.timeZone)}`;
    const list = plannedByDay.get(key) ?? [];
    list.push(p);
    plannedByDay.set(key, list);
  }

  let dayCount = 0;
  for (let d = firstDay; d <= lastDay; d = addDays(d, 1)) dayCount++;

  let dayIndex = 0;
  for (let date = firstDay; date <= lastDay; date = addDays(date, 1), dayIndex++) {
    const weekday = WEEKDAY_INDEX[weekdayOfDate(date)]!;
    const trend = 0.9 + (0.2 * dayIndex) / Math.max(1, dayCount - 1);
    hourCache.clear();
    for (const loc of locations) {
      const noise = 0.85 + 0.3 * rng.next();
      const expected = options.baseOrdersPerDay * WEEKDAY_FACTOR[weekday]! * loc.factor * trend * noise;
      const count = rng.roundCount(expected);
      const slots = Math.min(SLOT_WEIGHTS.length, (loc.closeHour[weekday]! - FIRST_SLOT_HOUR) * 2);
      const weights = SLOT_WEIGHTS.slice(0, slots);
      const drafts: { at: number; planned?: PlannedOrder }[] = [];
      for (let i = 0; i < count; i++) {
        const slot = rng.weightedIndex(weights);
        const hour = FIRST_SLOT_HOUR + Math.floor(slot / 2);
        const minute = (slot % 2) * 30 + rng.int(0, 29);
        const at = hourStart(date, loc.timeZone, hour) + minute * 60_000 + rng.int(0, 59) * 1000;
        drafts.push({ at });
      }
      for (const p of plannedByDay.get(`${loc.id}|${date}`) ?? [])
        drafts.push({ at: p.placedAt.getTime(), planned: p });
      drafts.sort((a, b) => a.at - b.at);
      for (const draft of drafts) {
        if (draft.at > nowMs) continue;
        buildOrder(writer, ids, rng, loc, draft.at, nowMs, draft.planned);
      }
      await writer.maybeFlush();
    }
  }
  await writer.flush();
  return writer.totals;
}

function buildOrder(
  writer: Writer,
  ids: { order: number; line: number; event: number; adjustment: number; payment: number; refund: number },
  rng: Random,
  loc: OrderLocation,
  placedMs: number,
  nowMs: number,
  planned: PlannedOrder | undefined,
): void {
  const orderId = ++ids.order;
  const picked: SalesChannel = planned ? planned.channel : rng.weighted(CHANNELS, CHANNEL_WEIGHTS);
  // After Menulog's exit its customers order through DoorDash (the same draw of the generator).
  const channel: SalesChannel =
    picked === 'menulog' && localDate(new Date(placedMs), loc.timeZone) > MENULOG_LAST_DAY
      ? 'doordash'
      : picked;
  const marketplace = MARKETPLACE.has(channel);
  const online = channel === 'online_pickup' || channel === 'online_delivery';

  // Lines: a marketplace order comes from one brand's listing; our own cart may mix brands.
  const lineCount = 1 + rng.weightedIndex(LINE_COUNT_WEIGHTS);
  let vendor = rng.weighted(loc.vendors, loc.vendorWeights);
  const lineTotals: Mills[] = [];
  /** One item of each line (price + combos) and its brand: what a "missing item" refund gives back. */
  const lineUnits: Mills[] = [];
  const lineVendors: number[] = [];
  for (let i = 0; i < lineCount; i++) {
    if (i > 0 && !marketplace && rng.chance(0.25)) vendor = rng.weighted(loc.vendors, loc.vendorWeights);
    const meal = rng.weighted(vendor.meals, vendor.mealWeights);
    const quantity = 1 + rng.weightedIndex(QUANTITY_WEIGHTS);
    const combos = meal.combos.filter(() => rng.chance(0.18));
    const subitem = meal.subitems.length > 0 ? rng.pick(meal.subitems) : null;
    const unit = meal.price + sum(combos.map((c) => c.price));
    const lineTotal = multiply(unit, quantity, 2);
    lineTotals.push(lineTotal);
    lineUnits.push(unit);
    lineVendors.push(vendor.id);
    const unmatched = marketplace && rng.chance(UNMATCHED_RATE);
    writer.lines.push({
      id: ++ids.line,
      orderId,
      vendorId: vendor.id,
      mealId: unmatched ? null : meal.id,
      mealName: unmatched ? meal.altName : meal.name,
      quantity,
      unitPrice: meal.priceText,
      subitem,
      combos: combos.map((c) => ({ name: c.name, price: c.priceText, quantity: 1 })),
      specialRequest: rng.chance(0.06) ? rng.pick(SPECIAL_REQUESTS) : null,
      lineTotal: toFixedString(lineTotal, 2),
    });
  }

  const subTotal = sum(lineTotals);
  const deliveryCharge = channel === 'online_delivery' ? loc.deliveryCharge : 0;
  let discount = 0;
  let promoCode: string | null = null;
  if (online && rng.chance(DISCOUNT_RATE)) {
    if (subTotal >= toMills('25.00') && rng.chance(0.5)) {
      promoCode = 'FIVEOFF';
      discount = toMills('5.00');
    } else {
      promoCode = 'WELCOME10';
      discount = applyRate(subTotal, '0.10', 2);
    }
  }
  const total = subTotal + deliveryCharge - discount;
  const gst = divide(total, 11, 2);
  const transactionCharge = CARD_PAID.has(channel) ? applyRate(total, CARD_TRANSACTION_RATE, 2) : 0;
  const platformFee = marketplace ? applyRate(total, loc.rates[channel], 2) : 0;

  // Customer details by channel.
  let customer: OrderCustomer | null = null;
  let customerName: string | null = null;
  if (planned) customer = planned.customer;
  else if (online) {
    // A delivery goes to a customer who has given an address.
    const pool = channel === 'online_delivery' ? withAddress(loc) : loc.customers;
    if (pool.length > 0) {
      const regulars = Math.max(1, Math.floor(pool.length / 5));
      customer = rng.chance(0.55) ? pool[rng.int(0, regulars - 1)]! : rng.pick(pool);
    }
  }
  if (customer) customerName = customer.name;
  else if (marketplace) customerName = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES).charAt(0)}.`;
  else if (rng.chance(0.8)) customerName = rng.pick(FIRST_NAMES);

  // Status: the timeline an order goes through, cut at now.
  const canceled = planned ? planned.canceled : rng.chance(CANCEL_RATE);
  const steps = timeline(rng, placedMs, channel, canceled).filter((s) => s.at <= nowMs);
  const last = steps[steps.length - 1]!;
  const changedBy = (s: Step) => (s.status === 'Received' ? null : loc.operatorStaffId);

  writer.orders.push({
    id: orderId,
    locationId: loc.id,
    channel,
    externalId: marketplace ? `${EXTERNAL_PREFIX[channel]}${100_000 + orderId * 7}` : null,
    // About a quarter of Uber Eats orders came from an imported CSV export, the rest by webhook.
    ingestedVia: marketplace ? (channel === 'uber_eats' && orderId % 4 === 0 ? 'csv' : 'webhook') : null,
    customerId: customer?.id ?? null,
    customerName,
    customerPhone: customer?.phone ?? null,
    customerEmail: customer?.email ?? null,
    status: last.status,
    placedAt: new Date(placedMs),
    scheduledFor: online && rng.chance(0.03) ? new Date(placedMs + rng.int(4, 12) * 15 * 60_000) : null,
    deliveryLocation: channel === 'online_delivery' ? (customer?.address ?? null) : null,
    subTotal: toFixedString(subTotal, 2),
    deliveryCharge: toFixedString(deliveryCharge, 2),
    discount: toFixedString(discount, 2),
    promoCode,
    transactionCharge: toFixedString(transactionCharge, 2),
    gst: toFixedString(gst, 2),
    total: toFixedString(total, 2),
    platformFee: toFixedString(platformFee, 2),
    paymentReceiptNumber: CARD_PAID.has(channel)
      ? `RCPT-${String(40_000_000 + orderId * 13).padStart(9, '0')}`
      : null,
    statusChangedAt: steps.length > 1 ? new Date(last.at) : null,
    statusChangedBy: steps.length > 1 ? changedBy(last) : null,
    createdAt: new Date(placedMs),
  });

  if (planned || nowMs - placedMs <= EVENT_WINDOW_MS) {
    let previous: OrderStatus | null = null;
    for (const step of steps) {
      writer.events.push({
        id: ++ids.event,
        orderId,
        fromStatus: previous,
        toStatus: step.status,
        changedBy: changedBy(step),
        at: new Date(step.at),
      });
      previous = step.status;
    }
  }

  if (channel === 'deliveroo' && last.status === 'Finished' && rng.chance(REFUND_RATE)) {
    const occurredAt = placedMs + rng.int(20, 72) * 3_600_000;
    if (occurredAt <= nowMs) {
      const partial = rng.chance(0.5);
      const amount = partial ? rng.pick(lineTotals) : divide(total, 2, 2);
      writer.adjustments.push({
        id: ++ids.adjustment,
        locationId: loc.id,
        channel,
        orderId,
        amount: toFixedString(-amount, 2),
        reason: rng.pick(REFUND_REASONS),
        occurredAt: new Date(occurredAt),
        externalId: `DR-ADJ-${100_000 + orderId * 7}`,
        vendorId: null,
        refundId: null,
      });
    }
  }

  if (CARD_PAID.has(channel) && last.status === 'Finished') {
    cardRefund(writer, ids, loc, {
      orderId,
      channel,
      placedMs,
      nowMs,
      total,
      deliveryCharge,
      lineUnits,
      lineVendors,
    });
  }
}

/**
 * A few card-paid orders of our own channels get a partial card refund a few hours later, as the
 * refund flow records one (docs/finance.md, "Refunds in the figures"): the order's card payment, the
 * completed refund, and its negative ledger row against the refunded item's brand, or against no
 * brand for a delivery charge or a goodwill refund. Which orders and how much follow from the order
 * id alone, not from the random stream, so the rest of the demo stays as it was.
 */
function cardRefund(
  writer: Writer,
  ids: { payment: number; refund: number; adjustment: number },
  loc: OrderLocation,
  o: {
    orderId: number;
    channel: SalesChannel;
    placedMs: number;
    nowMs: number;
    total: Mills;
    deliveryCharge: Mills;
    lineUnits: Mills[];
    lineVendors: number[];
  },
): void {
  const h = Math.imul(o.orderId, 2_654_435_761) >>> 0;
  if (h % 1000 >= CARD_REFUNDS_PER_THOUSAND) return;
  const occurredMs = o.placedMs + (1 + (h % 36)) * 3_600_000 + (h % 3_600) * 1000;
  if (occurredMs > o.nowMs) return;
  const kind = (h >>> 10) % 4;
  let amount: Mills;
  let vendorId: number | null = null;
  let reason: string;
  if (kind < 2) {
    // One item of a line (a whole order's only item would be a cancellation: skipped below).
    const i = (h >>> 12) % Math.max(1, o.lineUnits.length);
    amount = o.lineUnits[i] ?? 0;
    vendorId = o.lineVendors[i] ?? null;
    reason = kind === 0 ? 'Missing item' : 'Wrong item';
  } else if (kind === 2 && o.deliveryCharge > 0) {
    amount = o.deliveryCharge;
    reason = 'Late delivery: delivery charge';
  } else {
    amount = applyRate(o.total, '0.10', 2);
    reason = 'Goodwill';
  }
  if (amount <= 0 || amount >= o.total) return;
  const cents = (m: Mills) => Math.round(m / 10);
  const paymentId = ++ids.payment;
  const refundId = ++ids.refund;
  writer.payments.push({
    id: paymentId,
    orderId: o.orderId,
    provider: 'test',
    providerPaymentId: `demo-payment-${o.orderId}`,
    idempotencyKey: `demo-payment-${o.orderId}`,
    status: 'COMPLETED',
    sourceType: 'CARD',
    receiptNumber: `RCPT-${String(40_000_000 + o.orderId * 13).padStart(9, '0')}`,
    totalCents: cents(o.total),
    refundedCents: cents(amount),
    createdAt: new Date(o.placedMs),
  });
  writer.refunds.push({
    id: refundId,
    paymentId,
    orderId: o.orderId,
    provider: 'test',
    providerRefundId: `demo-refund-${o.orderId}`,
    idempotencyKey: `demo-refund-${o.orderId}`,
    amountCents: cents(amount),
    reason,
    vendorId,
    status: 'COMPLETED',
    createdAt: new Date(occurredMs),
  });
  writer.adjustments.push({
    id: ++ids.adjustment,
    locationId: loc.id,
    channel: o.channel,
    orderId: o.orderId,
    amount: toFixedString(-amount, 2),
    reason: `Refund: ${reason}`,
    occurredAt: new Date(occurredMs),
    externalId: null,
    vendorId,
    refundId,
  });
}

const addressed = new WeakMap<OrderLocation, OrderCustomer[]>();
function withAddress(loc: OrderLocation): OrderCustomer[] {
  let list = addressed.get(loc);
  if (!list) {
    list = loc.customers.filter((c) => c.address);
    addressed.set(loc, list);
  }
  return list;
}

function timeline(rng: Random, placedMs: number, channel: SalesChannel, canceled: boolean): Step[] {
  const minute = 60_000;
  const steps: Step[] = [{ status: 'Received', at: placedMs }];
  if (canceled) {
    steps.push({ status: 'Canceled', at: placedMs + rng.int(2, 15) * minute });
    return steps;
  }
  const cooking = placedMs + rng.int(2, 6) * minute + rng.int(0, 59) * 1000;
  const ready = cooking + rng.int(10, 18) * minute + rng.int(0, 59) * 1000;
  const finished = ready + rng.int(8, 25) * minute + rng.int(0, 59) * 1000;
  steps.push({ status: 'Cooking', at: cooking });
  steps.push({ status: channel === 'online_delivery' ? 'On its way' : 'Ready for pickup', at: ready });
  steps.push({ status: 'Finished', at: finished });
  return steps;
}

/** A marketplace spelling of a meal name that matches none of ours ("Double Smash" -> "Dbl Smash"). */
export function marketplaceSpelling(name: string): string {
  const rules: [RegExp, string][] = [
    [/Double/, 'Dbl'],
    [/ & /, ' and '],
    [/Chicken/, 'Chkn'],
    [/ \((\d+)\)$/, ' x$1'],
    [/Burger/, 'Brgr'],
  ];
  for (const [pattern, replacement] of rules) {
    if (pattern.test(name)) return name.replace(pattern, replacement);
  }
  return `${name} (Reg)`;
}
