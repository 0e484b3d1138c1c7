import { CARD_TRANSACTION_RATE } from '../constants.js';
import { gstOfInclusive } from '../money/gst.js';
import { applyRate, type Mills, multiply, sum } from '../money/money.js';

/** (unit price + every chosen combo) x quantity: each combo is multiplied by the quantity. */
export function cartLineTotal(unitPrice: Mills, comboPrices: readonly Mills[], quantity: number): Mills {
  return multiply(unitPrice + sum(comboPrices), quantity, 2);
}

export interface Promo {
  percentOff: number | null;
  amountOff: Mills | null;
  minSubTotal: Mills;
}

/** The discount of a promo on a sub total; never more than the sub total, zero below its minimum. */
export function promoDiscount(subTotal: Mills, promo: Promo | null): Mills {
  if (!promo || subTotal < promo.minSubTotal) return 0;
  const off =
    promo.percentOff !== null ? applyRate(subTotal, promo.percentOff / 100, 2) : (promo.amountOff ?? 0);
  return Math.min(off, subTotal);
}

export interface CartAmounts {
  subTotal: Mills;
  deliveryCharge: Mills;
  discount: Mills;
  total: Mills;
  /** GST included in the total: meals are taxable supplies, so total / 11. */
  gst: Mills;
  /** Estimated card charge the business bears: 1.23% of the total. */
  transactionCharge: Mills;
}

/** Prices a customer cart: every figure the customer sees and the server stores. */
export function priceCart(
  lineTotals: readonly Mills[],
  deliveryCharge: Mills,
  promo: Promo | null,
): CartAmounts {
  const subTotal = sum(lineTotals);
  const discount = promoDiscount(subTotal, promo);
  const total = subTotal + deliveryCharge - discount;
  return {
    subTotal,
    deliveryCharge,
    discount,
    total,
    gst: gstOfInclusive(total),
    transactionCharge: applyRate(total, CARD_TRANSACTION_RATE, 2),
  };
}
