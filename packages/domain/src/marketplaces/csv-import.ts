import type { OrderStatus } from '../constants.js';
import { zonedInstant } from '../dates/business-time.js';
import type { Mills } from '../money/money.js';
import { toMills } from '../money/money.js';
import { CSV_FORMATS, type CsvColumns, type CsvFormat } from './csv-formats.js';
import { readCsv } from './csv-parse.js';
import {
  linesSubTotal,
  MARKETPLACE_PLATFORMS,
  type MarketplaceChannel,
  type MarketplaceCombo,
  type MarketplaceLine,
  type MarketplaceOrder,
  marketplaceLine,
  optionalText,
} from './marketplace-order.js';

/**
 * The one reader of the four platforms' order exports: headings found by name (any order, case
 * ignored), every row checked field by field, rows grouped into orders by order id, and local
 * dates turned into instants in the time zone of the store's location.
 */

export interface CsvRowError {
  /** The row as a spreadsheet numbers it: the heading is row 1. */
  row: number;
  /** The column heading at fault ('file' for the file as a whole). */
  field: string;
  message: string;
}

/** An order of an export, with the row it starts on (for errors found later, like an unknown store). */
export interface CsvOrder extends MarketplaceOrder {
  row: number;
}

export interface CsvImport {
  /** The orders whose every row is valid, in file order. */
  orders: CsvOrder[];
  /** Item lines in those orders. */
  lines: number;
  errors: CsvRowError[];
}

export interface CsvImportOptions {
  /** The time zone the export's dates are written in: that of the store's location. */
  timeZoneOf(storeId: string): string;
}

interface RowValues {
  row: number;
  storeId: string;
  orderId: string;
  /** The date and time cells as written, to compare the rows of one order. */
  when: string;
  placed: { date: string; hour: number; minute: number };
  status: OrderStatus;
  line: MarketplaceLine;
  orderTotal: Mills;
  platformFee: Mills;
}

const MAX_TEXT = 200;
const MAX_NOTE = 500;

const headingKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** "12", "12.5", "$1,234.50" to mills; null when not a non-negative amount with at most 2 decimals. */
export function parseDollars(text: string): Mills | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return toMills(`${match[1]!.replace(/,/g, '')}.${match[2] ?? '0'}`);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A date (and time) cell by the format's patterns, or the column that holds no real moment. */
function parseWhen(
  format: CsvFormat,
  dateText: string,
  timeText: string | null,
): { date: string; hour: number; minute: number } | { bad: 'date' | 'time' } {
  const date = format.date.pattern.exec(dateText.trim())?.groups;
  if (!date) return { bad: 'date' };
  const year = Number(date.year);
  const month = Number(date.month);
  const day = Number(date.day);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { bad: 'date' };
  const time = format.time ? format.time.pattern.exec((timeText ?? '').trim())?.groups : date;
  const hour = Number(time?.hour);
  const minute = Number(time?.minute);
  const timeField = format.time ? 'time' : 'date';
  if (!time || !(hour <= 23) || !(minute <= 59)) return { bad: timeField };
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return { date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`, hour, minute };
}

function parseModifiers(format: CsvFormat, text: string): MarketplaceCombo[] | string {
  const combos: MarketplaceCombo[] = [];
  for (const part of text.split(format.modifiers.separator)) {
    const piece = part.trim();
    if (!piece) continue;
    const groups = format.modifiers.pattern.exec(piece)?.groups;
    const quantity = Number(groups?.qty);
    if (!groups || quantity < 1 || quantity > 99 || groups.name!.length > MAX_TEXT) {
      return `"${piece.slice(0, 60)}" is not a modifier like "${format.modifiers.example}"`;
    }
    combos.push({ name: groups.name!.trim(), quantity, price: parseDollars(groups.price!)! });
  }
  return combos;
}

/** Reads one item row; its errors are added to `errors`, and null returned, when any field is bad. */
function readRow(
  format: CsvFormat,
  cellOf: (field: keyof CsvColumns) => string,
  row: number,
  errors: CsvRowError[],
): RowValues | null {
  const { columns } = format;
  const before = errors.length;
  const fail = (field: keyof CsvColumns, message: string) =>
    errors.push({ row, field: columns[field]!, message });

  const text = (field: keyof CsvColumns, max: number, required: boolean): string => {
    const value = cellOf(field).trim();
    if (required && !value) fail(field, 'is required');
    else if (value.length > max) fail(field, `is too long (at most ${max} characters)`);
    return value;
  };
  const money = (field: keyof CsvColumns, required: boolean): Mills => {
    const value = cellOf(field).trim();
    if (!value) {
      if (required) fail(field, 'is required');
      return 0;
    }
    const amount = parseDollars(value);
    if (amount === null) fail(field, `"${value.slice(0, 30)}" is not an amount like 12.50`);
    return amount ?? 0;
  };

  const storeId = text('storeId', 100, true);
  const orderId = text('orderId', 100, true);
  const dateText = cellOf('date');
  const timeText = columns.time ? cellOf('time') : null;
  const placed = parseWhen(format, dateText, timeText);
  if ('bad' in placed) {
    const bad = placed.bad === 'time' ? { text: timeText ?? '', like: format.time?.example } : null;
    const shown = (bad ? bad.text : dateText).trim().slice(0, 40);
    fail(
      placed.bad,
      bad
        ? `"${shown}" is not a time like ${bad.like}`
        : `"${shown}" is not a date like ${format.date.example}`,
    );
  }
  const statusText = cellOf('status').trim();
  const statusKey = statusText.toLowerCase();
  const status = Object.hasOwn(format.statuses, statusKey) ? format.statuses[statusKey] : undefined;
  if (!status) {
    const known = Object.keys(format.statuses).join(', ');
    fail('status', statusText ? `"${statusText.slice(0, 30)}" is not one of: ${known}` : 'is required');
  }
  const name = text('itemName', MAX_TEXT, true);
  const quantityText = cellOf('quantity').trim();
  const quantity = /^\d{1,3}$/.test(quantityText) ? Number(quantityText) : 0;
  if (quantity < 1) fail('quantity', `"${quantityText.slice(0, 20)}" is not a whole number from 1 to 999`);
  const unitPrice = money('unitPrice', true);
  const combos = parseModifiers(format, cellOf('modifiers'));
  if (typeof combos === 'string') fail('modifiers', combos);
  const note = text('specialInstructions', MAX_NOTE, false);
  const orderTotal = money('orderTotal', true);
  const platformFee = money('platformFee', false);

  if (errors.length > before || 'bad' in placed || !status || typeof combos === 'string') return null;
  return {
    row,
    storeId,
    orderId,
    when: `${dateText.trim()} ${timeText?.trim() ?? ''}`,
    placed,
    status,
    line: marketplaceLine({ name, quantity, unitPrice, combos, specialRequest: optionalText(note) }),
    orderTotal,
    platformFee,
  };
}

/** The order-level cells every row of an order repeats: a row that disagrees is an error. */
const ORDER_FIELDS: { field: keyof CsvColumns; value: (r: RowValues) => string | number }[] = [
  { field: 'storeId', value: (r) => r.storeId },
  { field: 'date', value: (r) => r.when },
  { field: 'status', value: (r) => r.status },
  { field: 'orderTotal', value: (r) => r.orderTotal },
  { field: 'platformFee', value: (r) => r.platformFee },
];

export function readMarketplaceCsv(
  channel: MarketplaceChannel,
  text: string,
  options: CsvImportOptions,
): CsvImport {
  const format = CSV_FORMATS[channel];
  const file = readCsv(text);
  if (!file.ok)
    return { orders: [], lines: 0, errors: [{ row: file.line, field: 'file', message: file.message }] };
  const [heading, ...records] = file.records;
  if (!heading || records.length === 0) {
    return {
      orders: [],
      lines: 0,
      errors: [{ row: 1, field: 'file', message: 'the file has no order rows' }],
    };
  }

  const positions = new Map(heading.cells.map((cell, index) => [headingKey(cell), index] as const));
  const errors: CsvRowError[] = [];
  const index = {} as Record<keyof CsvColumns, number>;
  for (const [field, title] of Object.entries(format.columns) as [keyof CsvColumns, string][]) {
    const at = positions.get(headingKey(title));
    if (at === undefined) {
      errors.push({
        row: heading.line,
        field: title,
        message: `the column "${title}" is missing: is this the ${MARKETPLACE_PLATFORMS[channel].name} order export?`,
      });
    } else index[field] = at;
  }
  if (errors.length) return { orders: [], lines: 0, errors };

  const groups = new Map<string, { rows: RowValues[]; valid: boolean }>();
  for (const record of records) {
    const cellOf = (field: keyof CsvColumns) => record.cells[index[field]] ?? '';
    const values = readRow(format, cellOf, record.line, errors);
    const orderId = cellOf('orderId').trim();
    const group = groups.get(orderId) ?? { rows: [], valid: true };
    groups.set(orderId, group);
    if (!values) {
      group.valid = false;
      continue;
    }
    const first = group.rows[0];
    if (first) {
      for (const { field, value } of ORDER_FIELDS) {
        if (value(values) !== value(first)) {
          const title = format.columns[field]!;
          errors.push({
            row: record.line,
            field: title,
            message: `differs from row ${first.row} of order ${orderId.slice(0, 40)}: every row of an order repeats its ${title}`,
          });
          group.valid = false;
        }
      }
    }
    group.rows.push(values);
  }

  const orders: CsvOrder[] = [];
  let lines = 0;
  for (const [orderId, group] of groups) {
    const first = group.rows[0];
    if (!group.valid || !first) continue;
    const orderLines = group.rows.map((r) => r.line);
    lines += orderLines.length;
    orders.push({
      row: first.row,
      channel,
      externalId: orderId,
      storeId: first.storeId,
      status: first.status,
      placedAt: zonedInstant(
        first.placed.date,
        options.timeZoneOf(first.storeId),
        first.placed.hour,
        first.placed.minute,
      ),
      customerName: null,
      customerPhone: null,
      lines: orderLines,
      subTotal: linesSubTotal(orderLines),
      total: first.orderTotal,
      platformFee: first.platformFee,
    });
  }
  errors.sort((a, b) => a.row - b.row);
  return { orders, lines, errors };
}
