import type { OrderStatus } from '../constants.js';
import type { MarketplaceChannel } from './marketplace-order.js';
import { UBER_PAYMENT_DETAILS_HEADINGS as UBER } from './uber-payment-details.js';

/**
 * Each platform's report file, as one table: which report it is, its column headings (with the
 * other spellings the platform uses), how it writes dates, its status words, and whether a row is
 * one order or one item line. The shared reader (csv-import.ts) does the rest, the same way for
 * all four; docs/marketplaces-exports.md says where each file is downloaded and what is read.
 *
 * Two layouts:
 * - `orders`: one row per order, no items (Uber Eats' Payment Details report). Rows sharing an order
 *   id (a refund row after the sale) are one order: amounts added up, the most final status kept.
 *   The order gets one summary line of its whole amount, so brand sales add up to order sales.
 * - `item-lines`: one row per item line; the order's columns repeat on each of its rows.
 */

/** The fields a report provides; each maps to one column heading. */
export interface CsvColumns {
  storeId: string;
  orderId: string;
  /** The date, or date and time in one column when `time` is absent. */
  date: string;
  time?: string;
  /** Absent for a report of only one kind of order (`defaultStatus`). */
  status?: string;
  /** Item columns: `item-lines` formats only. */
  itemName?: string;
  quantity?: string;
  /** Price of one item, before its modifiers. */
  unitPrice?: string;
  modifiers?: string;
  specialInstructions?: string;
  orderTotal: string;
  /** The platform's fee or commission on the order; absent when the report has none (fee 0). */
  platformFee?: string;
}

export type CsvField = keyof CsvColumns;

interface CsvFormatBase {
  /** The report's name in the platform's portal, for messages ("is this the Uber Eats Payment Details report?"). */
  report: string;
  columns: CsvColumns;
  /** Other headings the platform writes for a column (by region or report version). */
  aliases?: Partial<Record<CsvField, readonly string[]>>;
  /** How the date column is written (with the time when the format has no time column). */
  date: { example: string; patterns: readonly RegExp[] };
  time?: {
    example: string;
    pattern: RegExp /** A blank cell is midnight (never-accepted orders). */;
    optional: boolean;
  };
  /** The report's status words (compared case-insensitively) and our status for each. */
  statuses: Record<string, OrderStatus>;
  /** The status of every order of a report without a status column. */
  defaultStatus?: OrderStatus;
}

export interface OrdersCsvFormat extends CsvFormatBase {
  layout: 'orders';
  /** The name of the one summary line an order gets (the report has no items). */
  summaryLine: string;
}

export interface ItemLinesCsvFormat extends CsvFormatBase {
  layout: 'item-lines';
  /** Several modifiers in one cell: the separator and the shape of one (name, qty, price groups); absent for a report without modifiers. */
  modifiers?: { separator: string; example: string; pattern: RegExp };
}

export type CsvFormat = OrdersCsvFormat | ItemLinesCsvFormat;

const DAY_MONTH_YEAR = /^(?<day>\d{1,2})\/(?<month>\d{1,2})\/(?<year>\d{4})$/;
const YEAR_MONTH_DAY = /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})$/;
const HOUR_MINUTE = /^(?<hour>\d{1,2}):(?<minute>\d{2})(?::\d{2})?$/;
/** 24-hour "13:05" or 12-hour "1:05 PM" (seconds allowed, ignored). */
const HOUR_MINUTE_12_OR_24 =
  /^(?<hour>\d{1,2}):(?<minute>\d{2})(?::\d{2})?(?:\s*(?<half>[AaPp])\.?[Mm]\.?)?$/;
const PRICE = String.raw`\$?(?<price>\d+(?:\.\d{1,2})?)`;

export const CSV_FORMATS: Record<MarketplaceChannel, CsvFormat> = {
  /**
   * Uber Eats Manager → Reports → Request reports → Payment Details: one row per order (a refund
   * is a further row of the same Order ID), CSV whose first row may describe the columns.
   * Sources: help.uber.com "Download comprehensive Payment Details Reports"
   * (https://help.uber.com/bg-BG/restaurants/article/download-comprehensive-payment-details-reports?nodeId=9b436c1f-485a-46d9-9361-12fec294c368);
   * column definitions and the Order Status values Completed, Canceled, Refund, Failed: help.uber.com
   * "Profit Summary Details" (https://help.uber.com/si-LK/merchants-and-restaurants/article/profit-summary-details?nodeId=cd9e5108-aa19-4358-89b6-2f546a0dbac9)
   * and "View and download payment statements and details"
   * (https://help.uber.com/restaurants/article/view-and-download-payment-statements-and-details?nodeId=3f66d7f8-cf11-438b-b0d1-13fe0bf8f3ef);
   * a full current heading row (Store Name, External Store ID, Order ID, Order Status, Order Date,
   * Order Accept Time, Sales (incl. tax), Marketplace Fee …) as parsed by open-source readers of
   * the report; Australian reports say GST where others say tax ("Sales (incl. GST)"). The help
   * page heads the same columns "Order Acceptance Time", "Food sales (VAT included)" and "Uber
   * Total Service Fee": either heading of each is read (UBER_PAYMENT_DETAILS_HEADINGS).
   */
  uber_eats: {
    report: 'Payment Details report',
    layout: 'orders',
    summaryLine: 'Uber Eats order (no item detail)',
    columns: {
      storeId: UBER.storeId[0],
      orderId: UBER.orderId[0],
      date: UBER.date[0],
      time: UBER.time[0],
      status: UBER.status[0],
      orderTotal: UBER.sales[0],
      platformFee: UBER.fee[0],
    },
    aliases: {
      storeId: UBER.storeId.slice(1),
      date: UBER.date.slice(1),
      time: UBER.time.slice(1),
      orderTotal: UBER.sales.slice(1),
      platformFee: UBER.fee.slice(1),
    },
    date: { example: 'DD/MM/YYYY', patterns: [DAY_MONTH_YEAR, YEAR_MONTH_DAY] },
    time: { example: 'HH:mm', pattern: HOUR_MINUTE_12_OR_24, optional: true },
    statuses: {
      completed: 'Finished',
      canceled: 'Canceled',
      cancelled: 'Canceled',
      refund: 'Canceled',
      failed: 'Canceled',
    },
  },
  /**
   * Deliveroo left Australia in November 2022. No public documentation of the Partner Hub order
   * export's columns was found (Hub → Reports only lists the metrics: help.deliveroo.com
   * "How to view and use reports in Hub", https://help.deliveroo.com/en/articles/6463245), so this
   * is the layout the import has always read, unchanged.
   */
  deliveroo: {
    report: 'order export',
    layout: 'item-lines',
    columns: {
      storeId: 'Restaurant ID',
      orderId: 'Order ID',
      date: 'Order Placed',
      status: 'Order Status',
      itemName: 'Item',
      quantity: 'Item Quantity',
      unitPrice: 'Item Unit Price',
      modifiers: 'Modifiers',
      specialInstructions: 'Item Notes',
      orderTotal: 'Order Value',
      platformFee: 'Commission',
    },
    date: {
      example: 'YYYY-MM-DD HH:mm',
      patterns: [
        /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})[ T](?<hour>\d{1,2}):(?<minute>\d{2})(?::\d{2})?$/,
      ],
    },
    statuses: {
      delivered: 'Finished',
      completed: 'Finished',
      cancelled: 'Canceled',
      canceled: 'Canceled',
      rejected: 'Canceled',
    },
    modifiers: {
      separator: ';',
      example: '1x Extra cheese (1.50); 2x Bacon (2.00)',
      pattern: new RegExp(String.raw`^(?<qty>\d+)\s*x\s*(?<name>.+?)\s*\(${PRICE}\)$`),
    },
  },
  /**
   * DoorDash's Order Details report (ORDER_DETAIL, report version 2): one row per item line, the
   * order's cells repeated on each, from the Merchant Portal's reports or the Reporting API.
   * Columns: https://developer.doordash.com/en-US/docs/reporting/overview/reports/marketplace_merchant_pick
   * ("Order Details": merchant_store_id, dd_order_number, item_name, unit_price,
   * order_item_quantity, subtotal "Cart subtotal", order_place_date and order_place_time since
   * version 2). It lists placed orders only (cancellations are a report of their own), has no
   * modifiers and no commission: its orders are Finished, their fee comes from the payout report.
   */
  doordash: {
    report: 'Order Details report',
    layout: 'item-lines',
    columns: {
      storeId: 'merchant_store_id',
      orderId: 'dd_order_number',
      date: 'order_place_date',
      time: 'order_place_time',
      itemName: 'item_name',
      quantity: 'order_item_quantity',
      unitPrice: 'unit_price',
      orderTotal: 'subtotal',
    },
    date: { example: 'YYYY-MM-DD', patterns: [YEAR_MONTH_DAY] },
    time: { example: 'HH:mm:ss', pattern: HOUR_MINUTE, optional: false },
    statuses: {},
    defaultStatus: 'Finished',
  },
  /**
   * Menulog stopped trading in Australia on 26 November 2025. No public documentation of the
   * Partner Centre order export's columns was found, so this is the layout the import has always
   * read, unchanged.
   */
  menulog: {
    report: 'order export',
    layout: 'item-lines',
    columns: {
      storeId: 'Restaurant ID',
      orderId: 'Order ID',
      date: 'Order Date',
      status: 'Order Status',
      itemName: 'Item',
      quantity: 'Quantity',
      unitPrice: 'Unit Price',
      modifiers: 'Extras',
      specialInstructions: 'Notes',
      orderTotal: 'Order Total',
      platformFee: 'Commission',
    },
    date: {
      example: 'DD/MM/YYYY HH:mm',
      patterns: [/^(?<day>\d{1,2})\/(?<month>\d{1,2})\/(?<year>\d{4})\s+(?<hour>\d{1,2}):(?<minute>\d{2})$/],
    },
    statuses: {
      delivered: 'Finished',
      completed: 'Finished',
      collected: 'Finished',
      cancelled: 'Canceled',
      rejected: 'Canceled',
    },
    modifiers: {
      separator: ';',
      example: '1 x Garlic bread @ 4.00; 2 x Aioli @ 0.50',
      pattern: new RegExp(String.raw`^(?<qty>\d+)\s*x\s*(?<name>.+?)\s*@\s*${PRICE}$`),
    },
  },
};
