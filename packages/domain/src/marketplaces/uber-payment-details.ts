/**
 * The column headings of Uber Eats' Payment Details report, each field with every heading it is
 * written under. Two sets are in use, and a file may carry either (or a mix):
 * - the downloaded report's: `Order Date`, `Order Accept Time`, `Sales (incl. GST)` (`Sales (incl.
 *   tax)` outside Australia), `Marketplace Fee`, `Total payout`, `Payout Date`, `Payout reference
 *   ID`, `External Store ID` in some versions (help.uber.com "View and download payment statements
 *   and details", https://help.uber.com/restaurants/article/view-and-download-payment-statements-and-details?nodeId=3f66d7f8-cf11-438b-b0d1-13fe0bf8f3ef,
 *   "ORDER ACCEPT TIME");
 * - the one Uber's help page defines: `Order Date / Refund Date`, `Order Acceptance Time`, `Food
 *   sales (VAT included)`, `Uber Total Service Fee`, `Payment`, `Payment date` (help.uber.com
 *   "Profit Summary Details",
 *   https://help.uber.com/merchants-and-restaurants/article/profit-summary-details?nodeId=cd9e5108-aa19-4358-89b6-2f546a0dbac9).
 * The first heading of each is the one messages name; a file is refused only when it has none of a
 * required field's headings, and the message names them all. Both readers use this one table: the
 * order import (csv-formats.ts) and the payout import (payout-formats.ts).
 */
export const UBER_PAYMENT_DETAILS_HEADINGS = {
  storeId: ['Store ID', 'External Store ID'],
  orderId: ['Order ID'],
  date: ['Order Date', 'Order Date / Refund Date'],
  time: ['Order Accept Time', 'Order Acceptance Time'],
  status: ['Order Status'],
  /** The food sales including GST: the order's total on our side. */
  sales: ['Sales (incl. GST)', 'Sales (incl. tax)', 'Food sales (VAT included)'],
  /** Uber's fee on the order: "Uber Service Fee - Service fee discount" on the help page. */
  fee: ['Marketplace Fee', 'Uber Total Service Fee'],
  /** "Total payment associated with the order (negative if associated with a refund)". */
  payout: ['Total payout', 'Payment'],
  /** "Payment date initiated from Uber (usually the Tuesday following the previous week)". */
  payoutDate: ['Payout Date', 'Payment date'],
  payoutRef: ['Payout reference ID'],
} as const satisfies Record<string, readonly [string, ...string[]]>;
