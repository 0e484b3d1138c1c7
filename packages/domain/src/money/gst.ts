import { applyRate, divide, type Mills, multiply, roundMills, sum } from './money.js';

export const GST_RATE = '0.1';

export interface PricedLine {
  /** price x quantity, 2 decimals */
  subTotal: Mills;
  /** 10% of price x quantity, 3 decimals, only where the item carries GST */
  gst: Mills;
  /** subTotal + gst, 3 decimals */
  total: Mills;
}

/** Prices one line as the spec says: sub total 2 decimals, GST 3 decimals, only with has_gst. */
export function priceLine(price: Mills, quantity: number | string, hasGst: boolean): PricedLine {
  const exact = multiply(price, quantity, 3);
  const subTotal = roundMills(exact, 2);
  const gst = hasGst ? applyRate(exact, GST_RATE, 3) : 0;
  return { subTotal, gst, total: subTotal + gst };
}

export interface OrderAmounts {
  subTotal: Mills;
  gst: Mills;
  total: Mills;
}

/** Order amounts at 2 decimals: the sum of line sub totals, the sum of line GST, and extra charges. */
export function totalOrder(lines: readonly PricedLine[], extraCharges: readonly Mills[] = []): OrderAmounts {
  const subTotal = roundMills(sum(lines.map((l) => l.subTotal)), 2);
  const gst = roundMills(sum(lines.map((l) => l.gst)), 2);
  const total = roundMills(subTotal + gst + sum(extraCharges), 2);
  return { subTotal, gst, total };
}

/** GST contained in a GST-inclusive gross amount: gross / 11. */
export function gstOfInclusive(gross: Mills): Mills {
  return divide(gross, 11, 2);
}

/** Net of a GST-inclusive gross amount: gross / 1.1. */
export function netOfInclusive(gross: Mills): Mills {
  return divide(gross, '1.1', 2);
}
