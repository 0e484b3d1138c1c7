import { ORDER_STATUSES, type OrderStatus } from '../constants.js';
import { zonedInstant } from '../dates/business-time.js';
import type { Mills } from '../money/money.js';
import { sum, toFixedString, toMills } from '../money/money.js';
import { type ColumnHeadings, headingsInWords, locateColumns } from './csv-columns.js';
import { CSV_FORMATS, type CsvField, type CsvFormat, type OrdersCsvFormat } from './csv-formats.js';
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
 * The one reader of the four platforms' report files: the heading row found among the first rows
 * (a report may open with a row describing its columns), headings found by name (any order, case
 * ignored, the platform's other spellings accepted), every row checked field by field, rows grouped
 * into orders by order id, and local dates turned into instants in the time zone of the store's
 * location. Money is read as text into mills, never through floats.
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
  /**
   * The platform's fee as its report states it (Uber Eats' Marketplace Fee, the others' Commission),
   * summed over the order's rows, for reconciling payouts; absent when every fee cell was blank.
   */
  reportedFee?: { column: string; amount: Mills };
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

interface Placed {
  date: string;
  hour: number;
  minute: number;
}

interface RowValues {
  row: number;
  storeId: string;
  orderId: string;
  /** The date and time cells as written, to compare the rows of one order. */
  when: string;
  placed: Placed;
  status: OrderStatus;
  /** The item line (`item-lines` formats); null for a row per order. */
  line: MarketplaceLine | null;
  orderTotal: Mills;
  platformFee: Mills;
  /** The fee cell was not blank. */
  feeGiven: boolean;
}

const MAX_TEXT = 200;
const MAX_NOTE = 500;

const AMOUNT = /^(-)?\s*\$?\s*(-)?\s*(\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.(\d{1,2}))?$/;

/** "12", "12.5", "$1,234.50" to mills; null when not a non-negative amount with at most 2 decimals. */
export function parseDollars(text: string): Mills | null {
  const amount = parseSignedDollars(text);
  return amount === null || amount < 0 ? null : amount;
}

/** Like parseDollars, and a minus before or after the dollar sign ("-12.50", "-$12.50", "$-12.50"). */
export function parseSignedDollars(text: string): Mills | null {
  const match = AMOUNT.exec(text.trim());
  if (!match || (match[1] && match[2])) return null;
  const negative = Boolean(match[1] ?? match[2]);
  const mills = toMills(`${match[3]!.replace(/,/g, '')}.${match[4] ?? '0'}`);
  return negative && mills !== 0 ? -mills : mills;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A date (and time) cell by the format's patterns, or the column that holds no real moment. */
function parseWhen(
  format: CsvFormat,
  dateText: string,
  timeText: string | null,
): Placed | { bad: 'date' | 'time' } {
  const trimmed = dateText.trim();
  const date = format.date.patterns.map((p) => p.exec(trimmed)?.groups).find(Boolean);
  if (!date) return { bad: 'date' };
  const year = Number(date.year);
  const month = Number(date.month);
  const day = Number(date.day);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { bad: 'date' };
  const timeField = format.time ? 'time' : 'date';
  const timeCell = (timeText ?? '').trim();
  let time: Record<string, string | undefined> | undefined = date;
  if (format.time) {
    time =
      timeCell === '' && format.time.optional
        ? { hour: '0', minute: '0' }
        : format.time.pattern.exec(timeCell)?.groups;
  }
  if (!time) return { bad: timeField };
  let hour = Number(time.hour);
  const minute = Number(time.minute);
  const half = time.half?.toLowerCase();
  if (half) {
    if (hour < 1 || hour > 12) return { bad: timeField };
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  }
  if (!(hour <= 23) || !(minute <= 59)) return { bad: timeField };
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return { date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`, hour, minute };
}

function parseModifiers(
  modifiers: { separator: string; example: string; pattern: RegExp },
  text: string,
): MarketplaceCombo[] | string {
  const combos: MarketplaceCombo[] = [];
  for (const part of text.split(modifiers.separator)) {
    const piece = part.trim();
    if (!piece) continue;
    const groups = modifiers.pattern.exec(piece)?.groups;
    const quantity = Number(groups?.qty);
    if (!groups || quantity < 1 || quantity > 99 || groups.name!.length > MAX_TEXT) {
      return `"${piece.slice(0, 60)}" is not a modifier like "${modifiers.example}"`;
    }
    combos.push({ name: groups.name!.trim(), quantity, price: parseDollars(groups.price!)! });
  }
  return combos;
}

/** Reads one row; its errors are added to `errors`, and null returned, when any field is bad. */
function readRow(
  format: CsvFormat,
  cellOf: (field: CsvField) => string,
  row: number,
  errors: CsvRowError[],
): RowValues | null {
  const { columns } = format;
  const before = errors.length;
  const fail = (field: CsvField, message: string) => errors.push({ row, field: columns[field]!, message });
  // A report of one row per order carries refunds as negative amounts; an item line never does.
  const signed = format.layout === 'orders';

  const text = (field: CsvField, max: number, required: boolean): string => {
    const value = cellOf(field).trim();
    if (required && !value) fail(field, 'is required');
    else if (value.length > max) fail(field, `is too long (at most ${max} characters)`);
    return value;
  };
  const money = (field: CsvField, required: boolean): Mills => {
    const value = cellOf(field).trim();
    if (!value) {
      if (required) fail(field, 'is required');
      return 0;
    }
    const amount = signed ? parseSignedDollars(value) : parseDollars(value);
    if (amount === null) {
      fail(field, `"${value.slice(0, 30)}" is not an amount like ${signed ? '12.50 or -12.50' : '12.50'}`);
    }
    return amount ?? 0;
  };

  const storeId = text('storeId', 100, true);
  const orderId = text('orderId', 100, true);
  const dateText = cellOf('date');
  const timeText = columns.time ? cellOf('time') : null;
  const placed = parseWhen(format, dateText, timeText);
  if ('bad' in placed) {
    const shown = (placed.bad === 'time' ? (timeText ?? '') : dateText).trim().slice(0, 40);
    fail(
      placed.bad,
      placed.bad === 'time'
        ? `"${shown}" is not a time like ${format.time?.example}`
        : `"${shown}" is not a date like ${format.date.example}`,
    );
  }
  const statusText = cellOf('status').trim();
  const statusKey = statusText.replace(/\s+/g, ' ').toLowerCase();
  const status =
    format.columns.status === undefined
      ? format.defaultStatus
      : Object.hasOwn(format.statuses, statusKey)
        ? format.statuses[statusKey]
        : undefined;
  if (!status) {
    const known = Object.keys(format.statuses).join(', ');
    fail('status', statusText ? `"${statusText.slice(0, 30)}" is not one of: ${known}` : 'is required');
  }

  let line: MarketplaceLine | null = null;
  let lineOk = true;
  if (format.layout === 'item-lines') {
    const name = text('itemName', MAX_TEXT, true);
    const quantityText = cellOf('quantity').trim();
    const quantity = /^\d{1,3}$/.test(quantityText) ? Number(quantityText) : 0;
    if (quantity < 1) fail('quantity', `"${quantityText.slice(0, 20)}" is not a whole number from 1 to 999`);
    const unitPrice = money('unitPrice', true);
    const combos = format.modifiers ? parseModifiers(format.modifiers, cellOf('modifiers')) : [];
    if (typeof combos === 'string') fail('modifiers', combos);
    const note = text('specialInstructions', MAX_NOTE, false);
    lineOk = typeof combos !== 'string';
    if (lineOk) {
      line = marketplaceLine({
        name,
        quantity,
        unitPrice,
        combos: combos as MarketplaceCombo[],
        specialRequest: optionalText(note),
      });
    }
  }
  const orderTotal = money('orderTotal', true);
  const feeGiven = cellOf('platformFee').trim() !== '';
  const platformFee = money('platformFee', false);

  if (errors.length > before || 'bad' in placed || !status || !lineOk) return null;
  return {
    row,
    storeId,
    orderId,
    when: `${dateText.trim()} ${timeText?.trim() ?? ''}`,
    placed,
    status,
    line,
    orderTotal,
    platformFee,
    feeGiven,
  };
}

/** The order-level cells every row of an item-lines order repeats: a row that disagrees is an error. */
const ORDER_FIELDS: { field: CsvField; value: (r: RowValues) => string | number }[] = [
  { field: 'storeId', value: (r) => r.storeId },
  { field: 'date', value: (r) => r.when },
  { field: 'status', value: (r) => r.status },
  { field: 'orderTotal', value: (r) => r.orderTotal },
  { field: 'platformFee', value: (r) => r.platformFee },
];

/** The headings of each of the format's fields: its name and the platform's other spellings. */
function headingsOf(format: CsvFormat): Record<CsvField, ColumnHeadings> {
  const columns = {} as Record<CsvField, ColumnHeadings>;
  for (const [field, title] of Object.entries(format.columns) as [CsvField, string][]) {
    columns[field] = { names: [title, ...(format.aliases?.[field] ?? [])], required: true };
  }
  return columns;
}

export function readMarketplaceCsv(
  channel: MarketplaceChannel,
  text: string,
  options: CsvImportOptions,
): CsvImport {
  const format = CSV_FORMATS[channel];
  const file = readCsv(text);
  if (!file.ok)
    return { orders: [], lines: 0, errors: [{ row: file.line, field: 'file', message: file.message }] };
  const headings = headingsOf(format);
  const located = locateColumns(file.records, headings, ['storeId', 'orderId']);
  if (!located.ok) {
    return {
      orders: [],
      lines: 0,
      errors: located.missing.map((field) => ({
        row: located.headingLine,
        field: format.columns[field]!,
        message: `the column ${headingsInWords(headings[field].names)} is missing: is this the ${MARKETPLACE_PLATFORMS[channel].name} ${format.report}?`,
      })),
    };
  }
  const { records } = located;
  const index = located.index as Record<CsvField, number>;
  if (records.length === 0) {
    return {
      orders: [],
      lines: 0,
      errors: [{ row: located.headingLine, field: 'file', message: 'the file has no order rows' }],
    };
  }
  const errors: CsvRowError[] = [];

  const groups = new Map<string, { rows: RowValues[]; valid: boolean }>();
  for (const record of records) {
    const cellOf = (field: CsvField) => record.cells[index[field]] ?? '';
    const values = readRow(format, cellOf, record.line, errors);
    const orderId = cellOf('orderId').trim();
    const group = groups.get(orderId) ?? { rows: [], valid: true };
    groups.set(orderId, group);
    if (!values) {
      group.valid = false;
      continue;
    }
    const first = group.rows[0];
    if (first && format.layout === 'item-lines') {
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
    } else if (first && values.storeId !== first.storeId) {
      errors.push({
        row: record.line,
        field: format.columns.storeId,
        message: `differs from row ${first.row} of order ${orderId.slice(0, 40)}: an order belongs to one store`,
      });
      group.valid = false;
    }
    group.rows.push(values);
  }

  const orders: CsvOrder[] = [];
  let lines = 0;
  for (const [orderId, group] of groups) {
    const first = group.rows[0];
    if (!group.valid || !first) continue;
    const order =
      format.layout === 'item-lines' ? itemLinesOrder(group.rows) : summaryOrder(format, group.rows);
    if (order.status !== 'Canceled' && order.total < 0) {
      errors.push({
        row: first.row,
        field: format.columns.orderTotal,
        message: `order ${orderId.slice(0, 40)} totals ${toFixedString(order.total)}: only a canceled order can total less than 0`,
      });
      continue;
    }
    lines += order.lines.length;
    const feeGiven = group.rows.some((r) => r.feeGiven);
    orders.push({
      row: first.row,
      channel,
      externalId: orderId,
      storeId: first.storeId,
      status: order.status,
      placedAt: zonedInstant(
        first.placed.date,
        options.timeZoneOf(first.storeId),
        first.placed.hour,
        first.placed.minute,
      ),
      customerName: null,
      customerPhone: null,
      lines: order.lines,
      subTotal: linesSubTotal(order.lines),
      total: order.total,
      platformFee: order.platformFee,
      ...(feeGiven && format.columns.platformFee
        ? { reportedFee: { column: format.columns.platformFee, amount: order.platformFee } }
        : {}),
    });
  }
  errors.sort((a, b) => a.row - b.row);
  return { orders, lines, errors };
}

interface OrderParts {
  status: OrderStatus;
  lines: MarketplaceLine[];
  total: Mills;
  platformFee: Mills;
}

/** Item rows of one order: their lines, and the order's cells (the same on every row). */
function itemLinesOrder(rows: RowValues[]): OrderParts {
  const first = rows[0]!;
  return {
    status: first.status,
    lines: rows.map((r) => r.line!),
    total: first.orderTotal,
    platformFee: first.platformFee,
  };
}

/**
 * The rows of one order in a report of one row per order (the sale, then any refund): amounts
 * added up, the most final status (a cancel or refund row cancels the order), and one summary
 * line of the whole amount, so that brand sales (summed from lines) equal order sales.
 */
function summaryOrder(format: OrdersCsvFormat, rows: RowValues[]): OrderParts {
  const total = sum(rows.map((r) => r.orderTotal));
  const status = rows
    .map((r) => r.status)
    .reduce((a, b) => (ORDER_STATUSES.indexOf(b) > ORDER_STATUSES.indexOf(a) ? b : a));
  return {
    status,
    lines: [
      marketplaceLine({
        name: format.summaryLine,
        quantity: 1,
        unitPrice: total,
        combos: [],
        specialRequest: null,
      }),
    ],
    total,
    platformFee: sum(rows.map((r) => r.platformFee)),
  };
}
