import { RECOMMENDATION_WINDOW_DAYS, WEEKDAYS, type Weekday } from '../constants.js';
import { addDays, type IsoDate, weekdayOfDate } from '../dates/business-time.js';
import { type OrderAmounts, type PricedLine, priceLine, totalOrder } from '../money/gst.js';
import { type Mills, toMills } from '../money/money.js';

/** What pricing needs to know about one stock line: the server's price, the quantity, the GST flag. */
export interface StockLineToPrice {
  price: Mills;
  qty: number;
  hasGst: boolean;
}

export interface PricedStockOrder extends OrderAmounts {
  lines: PricedLine[];
}

/**
 * Prices a stock order the one way every screen, the server and every email do: each line with
 * {@link priceLine} (sub total 2 dp, GST 3 dp where the item has GST), then the order at 2 dp with the
 * below-minimum fee and the admin's adjustment of it as extra charges.
 */
export function priceStockOrder(
  lines: readonly StockLineToPrice[],
  charges: { deliveryCharge?: Mills; adminAdjustment?: Mills } = {},
): PricedStockOrder {
  const priced = lines.map((l) => priceLine(l.price, l.qty, l.hasGst));
  const amounts = totalOrder(priced, [charges.deliveryCharge ?? 0, charges.adminAdjustment ?? 0]);
  return { ...amounts, lines: priced };
}

/** Below the minimum when the order's total (GST included, before any fee) is under it. */
export function isBelowMinimum(totalBeforeFee: Mills, minimum: Mills): boolean {
  return minimum > 0 && totalBeforeFee < minimum;
}

/** True when a client's figure (a wire number) agrees with the server's to the cent. */
export function sameAmount(clientValue: number | string | undefined, serverValue: Mills): boolean {
  if (clientValue === undefined) return true;
  try {
    return Math.abs(toMills(clientValue) - serverValue) < 5;
  } catch {
    return false;
  }
}

/** Weekdays as the recommendation's figures name them, Monday first (index = {@link WEEKDAYS}). */
export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type WeekdayShort = (typeof WEEKDAY_SHORT)[number];

/** The weeks of usage a recommendation averages: 112 days = 16 of each weekday. */
export const RECOMMENDATION_WEEKS = RECOMMENDATION_WINDOW_DAYS / 7;

/** Cuts float noise (0.30000000000000004) so figures compare and round as written by hand. */
const clean = (n: number) => Math.round(n * 1e6) / 1e6;

/** Rounds a quantity up to what can be ordered: a whole unit, or 0.1 for weighed units. */
export function roundUpToUnit(quantity: number, wholeUnits: boolean): number {
  if (!(quantity > 0)) return 0;
  const q = clean(quantity);
  return wholeUnits ? Math.ceil(q) : Math.ceil(q * 10) / 10;
}

/**
 * The days one order has to last: it is delivered on the first delivery day after today (D1) and
 * must last until the delivery after that (D2, exclusive). With one delivery day a week, D2 is the
 * same weekday a week later and the order covers all seven days. Null without any delivery day.
 */
export interface DeliveryCover {
  deliveryDay: Weekday;
  nextDeliveryDay: Weekday;
  /** The weekdays of [D1, D2), in order from D1. */
  covers: Weekday[];
}

export function deliveryCover(today: IsoDate, deliveryDays: readonly Weekday[]): DeliveryCover | null {
  const days = new Set(deliveryDays.filter((d) => (WEEKDAYS as readonly string[]).includes(d)));
  if (days.size === 0) return null;
  let offset = 1;
  while (!days.has(weekdayOfDate(addDays(today, offset)))) offset++;
  const deliveryDay = weekdayOfDate(addDays(today, offset));
  const covers: Weekday[] = [deliveryDay];
  for (let i = 1; i < 7; i++) {
    const day = weekdayOfDate(addDays(today, offset + i));
    if (days.has(day)) break;
    covers.push(day);
  }
  const nextDeliveryDay = weekdayOfDate(addDays(today, offset + covers.length));
  return { deliveryDay, nextDeliveryDay, covers };
}

/** The figures a recommendation came from, as the stock list sends them (docs/stock.md). */
export interface StockRecommendationFigures {
  covers: WeekdayShort[];
  delivery_day: Weekday;
  next_delivery_day: Weekday;
  /** Average usage per weekday: usage on that weekday over the window / weeks. */
  per_weekday: Record<WeekdayShort, number>;
  /** The sum of the averages of the days covered, before rounding up to the unit. */
  total: number;
  weeks: number;
}

/**
 * The recommended quantity of a stock item for the next order (see docs/stock.md):
 *
 *   average of a weekday = usage on that weekday over the last 112 days / 16
 *   per delivery         = Σ averages of the weekdays from the next delivery day up to (not
 *                          including) the delivery day after it
 *   recommended          = per delivery, rounded up to a whole unit (or to 0.1 for weighed units)
 *
 * `usageByWeekday` is indexed Monday = 0 .. Sunday = 6, days in the location's time zone. Without
 * delivery days (`cover` null) an order covers the whole week, as before, and no figures are given.
 * Usage is meals sold on every channel times the stock in each meal's bundle. Stock on hand is not
 * known to the system, so par is shown beside the recommendation for the stock user to judge.
 */
export function recommendStock(
  usageByWeekday: readonly number[],
  cover: DeliveryCover | null,
  wholeUnits: boolean,
): { recommended: number; recommendation?: StockRecommendationFigures } {
  const averages = WEEKDAYS.map((_, i) => {
    const used = usageByWeekday[i] ?? 0;
    return used > 0 ? clean(used / RECOMMENDATION_WEEKS) : 0;
  });
  const covered = cover ? cover.covers.map((d) => WEEKDAYS.indexOf(d)) : WEEKDAYS.map((_, i) => i);
  const total = clean(covered.reduce((sum, i) => sum + averages[i]!, 0));
  const recommended = roundUpToUnit(total, wholeUnits);
  if (!cover) return { recommended };
  return {
    recommended,
    recommendation: {
      covers: covered.map((i) => WEEKDAY_SHORT[i]!),
      delivery_day: cover.deliveryDay,
      next_delivery_day: cover.nextDeliveryDay,
      per_weekday: Object.fromEntries(WEEKDAY_SHORT.map((d, i) => [d, averages[i]!])) as Record<
        WeekdayShort,
        number
      >,
      total,
      weeks: RECOMMENDATION_WEEKS,
    },
  };
}
