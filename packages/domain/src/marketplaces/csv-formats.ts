import type { OrderStatus } from '../constants.js';
import type { MarketplaceChannel } from './marketplace-order.js';

/**
 * Each platform's order export, as one table: its column headings, how it writes dates and
 * modifiers, and its status words. One row of an export is one item line; the rows sharing an
 * order id form one order, and the order's columns (store, date, status, total, fee) repeat on each
 * of its rows. Money is in dollars ("12.50", "$12.50"). The shared reader (csv-import.ts) does the
 * rest, the same way for all four; docs/marketplaces.md shows a sample of each.
 */

/** The fields an export provides; each maps to one column heading. */
export interface CsvColumns {
  storeId: string;
  orderId: string;
  /** The date, or date and time in one column when `time` is absent. */
  date: string;
  time?: string;
  status: string;
  itemName: string;
  quantity: string;
  /** Price of one item, before its modifiers. */
  unitPrice: string;
  modifiers: string;
  specialInstructions: string;
  orderTotal: string;
  platformFee: string;
}

export interface CsvFormat {
  columns: CsvColumns;
  /** How the date column is written (with the time when the format has no time column). */
  date: { example: string; pattern: RegExp };
  time?: { example: string; pattern: RegExp };
  /** The export's status words (compared case-insensitively) and our status for each. */
  statuses: Record<string, OrderStatus>;
  /** Several modifiers in one cell: the separator and the shape of one (name, qty, price groups). */
  modifiers: { separator: string; example: string; pattern: RegExp };
}

const DAY_MONTH_YEAR = /^(?<day>\d{1,2})\/(?<month>\d{1,2})\/(?<year>\d{4})$/;
const YEAR_MONTH_DAY = /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})$/;
const HOUR_MINUTE = /^(?<hour>\d{1,2}):(?<minute>\d{2})(?::\d{2})?$/;
const PRICE = String.raw`\$?(?<price>\d+(?:\.\d{1,2})?)`;

export const CSV_FORMATS: Record<MarketplaceChannel, CsvFormat> = {
  uber_eats: {
    columns: {
      storeId: 'Store ID',
      orderId: 'Order ID',
      date: 'Date Ordered',
      time: 'Time Ordered',
      status: 'Order Status',
      itemName: 'Item Name',
      quantity: 'Quantity',
      unitPrice: 'Item Price',
      modifiers: 'Customisations',
      specialInstructions: 'Special Instructions',
      orderTotal: 'Order Total',
      platformFee: 'Marketplace Fee',
    },
    date: { example: 'DD/MM/YYYY', pattern: DAY_MONTH_YEAR },
    time: { example: 'HH:mm', pattern: HOUR_MINUTE },
    statuses: {
      completed: 'Finished',
      cancelled: 'Canceled',
      canceled: 'Canceled',
      refunded: 'Canceled',
      unfulfilled: 'Canceled',
    },
    modifiers: {
      separator: ',',
      example: 'Extra cheese~1=1.50, Bacon~2=2.00',
      pattern: new RegExp(String.raw`^(?<name>.+?)\s*~\s*(?<qty>\d+)\s*=\s*${PRICE}$`),
    },
  },
  deliveroo: {
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
      pattern:
        /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})[ T](?<hour>\d{1,2}):(?<minute>\d{2})(?::\d{2})?$/,
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
  doordash: {
    columns: {
      storeId: 'Merchant Store ID',
      orderId: 'DoorDash Order ID',
      date: 'Order Date',
      time: 'Order Time',
      status: 'Final Order Status',
      itemName: 'Item Name',
      quantity: 'Item Quantity',
      unitPrice: 'Item Price',
      modifiers: 'Options',
      specialInstructions: 'Special Instructions',
      orderTotal: 'Order Subtotal',
      platformFee: 'Commission',
    },
    date: { example: 'YYYY-MM-DD', pattern: YEAR_MONTH_DAY },
    time: { example: 'HH:mm', pattern: HOUR_MINUTE },
    statuses: {
      delivered: 'Finished',
      'picked up': 'Finished',
      cancelled: 'Canceled',
      canceled: 'Canceled',
    },
    modifiers: {
      separator: '|',
      example: 'Extra cheese (1 @ 1.50) | Bacon (2 @ 2.00)',
      pattern: new RegExp(String.raw`^(?<name>.+?)\s*\((?<qty>\d+)\s*@\s*${PRICE}\)$`),
    },
  },
  menulog: {
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
      pattern: /^(?<day>\d{1,2})\/(?<month>\d{1,2})\/(?<year>\d{4})\s+(?<hour>\d{1,2}):(?<minute>\d{2})$/,
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
