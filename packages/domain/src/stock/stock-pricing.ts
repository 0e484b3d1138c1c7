import { RECOMMENDATION_WINDOW_DAYS } from '../constants.js';
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

/**
 * The recommended quantity of a stock item for the next order (see docs/stock.md):
 *
 *   weekly usage   = usage over the last 112 days / 16
 *   per delivery   = weekly usage / delivery days per week (at least 1)
 *   recommended    = per delivery, rounded up to a whole unit (or to 0.1 for weighed units)
 *
 * Usage is meals sold on every channel times the stock in each meal's bundle. Stock on hand is not
 * known to the system, so par is shown beside the recommendation for the stock user to judge.
 */
export function recommendedQuantity(
  usageOverWindow: number,
  deliveryDaysPerWeek: number,
  wholeUnits: boolean,
): number {
  if (!(usageOverWindow > 0)) return 0;
  const weeks = RECOMMENDATION_WINDOW_DAYS / 7;
  const perDelivery = usageOverWindow / weeks / Math.max(1, deliveryDaysPerWeek);
  // Cut float noise before rounding up (0.30000000000000004 must not become 0.4).
  const clean = Math.round(perDelivery * 1e6) / 1e6;
  return wholeUnits ? Math.ceil(clean) : Math.ceil(clean * 10) / 10;
}
