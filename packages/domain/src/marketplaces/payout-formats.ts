import type { ColumnHeadings } from './csv-columns.js';
import { UBER_PAYMENT_DETAILS_HEADINGS as UBER } from './uber-payment-details.js';

/**
 * The payout reports of the platforms that pay us today, as one table each: which report, its
 * columns (with the other spellings the platform writes), how dates are written, and what each row
 * is. The reader (payout-import.ts) does the rest, the same way for both; docs/marketplaces.md
 * ("Payout reconciliation") says where each report is downloaded.
 *
 * Deliveroo (UK) and Menulog (history only) have no payout report here: no public documentation of
 * their statement columns was found.
 */

export const PAYOUT_CHANNELS = ['uber_eats', 'doordash'] as const;
export type PayoutChannel = (typeof PAYOUT_CHANNELS)[number];

/** What a payout row is about. */
export type PayoutRowKind = 'sale' | 'refund' | 'canceled' | 'adjustment';

/** The fields a payout report provides. */
export type PayoutField =
  | 'storeId'
  | 'orderId'
  | 'date'
  | 'status'
  | 'sales'
  | 'fee'
  | 'payout'
  | 'payoutDate'
  | 'payoutRef';

export interface PayoutFormat {
  /** The report's name in the platform's portal, for messages. */
  report: string;
  columns: Record<PayoutField, ColumnHeadings>;
  /** How the order date and the payout date are written (time after the date is ignored). */
  date: { example: string; patterns: readonly RegExp[] };
  /**
   * What a row is, from its status cell (compared case-insensitively). `strict`: a status not in
   * the table is a row error; otherwise an unknown one is an adjustment of that order's money.
   */
  kinds: Record<string, PayoutRowKind>;
  strict: boolean;
}

const DAY_MONTH_YEAR = /^(?<day>\d{1,2})\/(?<month>\d{1,2})\/(?<year>\d{4})(?:[ T].*)?$/;
const MONTH_DAY_YEAR = /^(?<month>\d{1,2})\/(?<day>\d{1,2})\/(?<year>\d{4})(?:[ T].*)?$/;
const YEAR_MONTH_DAY = /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})(?:[ T].*)?$/;

const required = (...names: string[]): ColumnHeadings => ({ names, required: true });
const optional = (...names: string[]): ColumnHeadings => ({ names, required: false });

export const PAYOUT_FORMATS: Record<PayoutChannel, PayoutFormat> = {
  /**
   * Uber Eats Manager → Reports → Payment Details: one row per order, a refund a further row of the
   * same Order ID with a negative payment (the file the order import also reads, csv-formats.ts).
   * Column definitions: help.uber.com "Profit Summary Details"
   * (https://help.uber.com/merchants-and-restaurants/article/profit-summary-details?nodeId=cd9e5108-aa19-4358-89b6-2f546a0dbac9):
   * "Payment: Total payment associated with the order (negative if associated with a refund)",
   * "Payment date: Payment date initiated from Uber (usually the Tuesday following the previous
   * week)", "Order Status: Completed, Canceled, Refund or Failed"; downloads:
   * https://help.uber.com/restaurants/article/download-comprehensive-payment-details-reports?nodeId=9b436c1f-485a-46d9-9361-12fec294c368.
   * The downloaded report and the help page head several columns differently ("Total payout" or
   * "Payment", "Marketplace Fee" or "Uber Total Service Fee", ...): either heading of each is read
   * (UBER_PAYMENT_DETAILS_HEADINGS, shared with the order import).
   */
  uber_eats: {
    report: 'Payment Details report',
    columns: {
      storeId: required(...UBER.storeId),
      orderId: required(...UBER.orderId),
      date: required(...UBER.date),
      status: required(...UBER.status),
      sales: required(...UBER.sales),
      fee: required(...UBER.fee),
      payout: required(...UBER.payout),
      payoutDate: optional(...UBER.payoutDate),
      payoutRef: optional(...UBER.payoutRef),
    },
    date: { example: 'DD/MM/YYYY', patterns: [DAY_MONTH_YEAR, YEAR_MONTH_DAY] },
    kinds: {
      completed: 'sale',
      refund: 'refund',
      canceled: 'canceled',
      cancelled: 'canceled',
      failed: 'canceled',
    },
    strict: true,
  },
  /**
   * DoorDash Merchant Portal → Reports → Financials, "Transaction details" (the Reporting API's
   * TRANSACTION_DETAIL report): one row per transaction, an order's delivery and its later
   * adjustments and error charges each a row with the order's doordash_order_id; payout and store
   * payment rows carry no order and are skipped. Columns:
   * https://developer.doordash.com/en-US/docs/reporting/overview/reports/marketplace_merchant_pick
   * (merchant_store_id, timestamp_local_date, transaction_type, doordash_order_id,
   * final_order_status, subtotal, commission, payout_date, payout_id). The net column is read as
   * net_total, or net_payout as the Payout Summary report names it.
   */
  doordash: {
    report: 'Transaction details report',
    columns: {
      storeId: required('merchant_store_id'),
      orderId: required('doordash_order_id'),
      date: required('timestamp_local_date'),
      status: required('transaction_type'),
      sales: required('subtotal'),
      fee: required('commission'),
      payout: required('net_total', 'net_payout'),
      payoutDate: optional('payout_date'),
      payoutRef: optional('payout_id'),
    },
    date: { example: 'YYYY-MM-DD', patterns: [YEAR_MONTH_DAY, MONTH_DAY_YEAR] },
    kinds: { delivery: 'sale', adjustment: 'adjustment', error_charge: 'adjustment' },
    strict: false,
  },
};
