import type { IsoDate } from '../dates/business-time.js';
import type { Mills } from '../money/money.js';
import { headingsInWords, locateColumns } from './csv-columns.js';
import { parseSignedDollars } from './csv-import.js';
import { readCsv } from './csv-parse.js';
import { MARKETPLACE_PLATFORMS } from './marketplace-order.js';
import {
  PAYOUT_FORMATS,
  type PayoutChannel,
  type PayoutField,
  type PayoutRowKind,
} from './payout-formats.js';

/**
 * The one reader of the platforms' payout reports: the heading row found, every row checked field
 * by field (money read as text into mills, never through floats), rows about no order (a payout's
 * total, a store payment) counted and left out. Each row gets a key that a re-import of the same
 * report reproduces, so importing a report twice, or two overlapping reports, stores each row once.
 */

export interface PayoutRow {
  /** The row as a spreadsheet numbers it. */
  row: number;
  storeId: string;
  orderId: string;
  /** The order's local date (Uber Eats: the refund's date on a refund row). */
  orderDate: IsoDate;
  kind: PayoutRowKind;
  /** The status or transaction type as the report writes it. */
  status: string;
  /** The order's sales (incl. GST), the platform's fee and the money paid, signed as written. */
  sales: Mills;
  fee: Mills;
  payout: Mills;
  payoutDate: IsoDate | null;
  payoutRef: string | null;
  /** The row's content and its occurrence in the file: the same for the same row of a re-import. */
  key: string;
}

export interface PayoutRowError {
  row: number;
  field: string;
  message: string;
}

export interface PayoutRead {
  rows: PayoutRow[];
  /** Rows about no order (payout totals, store payments), not stored. */
  skipped: number;
  errors: PayoutRowError[];
}

const MAX_ID = 100;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parseDate(patterns: readonly RegExp[], text: string): IsoDate | null {
  const trimmed = text.trim();
  const groups = patterns.map((p) => p.exec(trimmed)?.groups).find(Boolean);
  if (!groups) return null;
  const year = Number(groups.year);
  const month = Number(groups.month);
  const day = Number(groups.day);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${groups.year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` as IsoDate;
}

export function readPayoutReport(channel: PayoutChannel, text: string): PayoutRead {
  const format = PAYOUT_FORMATS[channel];
  const title = (field: PayoutField) => format.columns[field].names[0]!;
  const file = readCsv(text);
  if (!file.ok)
    return { rows: [], skipped: 0, errors: [{ row: file.line, field: 'file', message: file.message }] };
  const located = locateColumns<PayoutField>(file.records, format.columns, ['storeId', 'orderId']);
  if (!located.ok) {
    return {
      rows: [],
      skipped: 0,
      errors: located.missing.map((field) => ({
        row: located.headingLine,
        field: title(field),
        message: `the column ${headingsInWords(format.columns[field].names)} is missing: is this the ${MARKETPLACE_PLATFORMS[channel].name} ${format.report}?`,
      })),
    };
  }
  if (located.records.length === 0) {
    return {
      rows: [],
      skipped: 0,
      errors: [{ row: located.headingLine, field: 'file', message: 'the file has no rows' }],
    };
  }

  const rows: PayoutRow[] = [];
  const errors: PayoutRowError[] = [];
  const seen = new Map<string, number>();
  let skipped = 0;
  for (const record of located.records) {
    const cell = (field: PayoutField) => {
      const at = located.index[field];
      return at === undefined ? '' : (record.cells[at] ?? '').trim();
    };
    const fail = (field: PayoutField, message: string) =>
      errors.push({ row: record.line, field: title(field), message });
    const orderId = cell('orderId');
    // A payout's own row, a store payment: about no order.
    if (!orderId) {
      skipped += 1;
      continue;
    }
    const before = errors.length;
    if (orderId.length > MAX_ID) fail('orderId', `is too long (at most ${MAX_ID} characters)`);
    const storeId = cell('storeId');
    if (!storeId) fail('storeId', 'is required');
    else if (storeId.length > MAX_ID) fail('storeId', `is too long (at most ${MAX_ID} characters)`);
    const orderDate = parseDate(format.date.patterns, cell('date'));
    if (!orderDate) fail('date', `"${cell('date').slice(0, 40)}" is not a date like ${format.date.example}`);
    const payoutDateText = cell('payoutDate');
    const payoutDate = payoutDateText ? parseDate(format.date.patterns, payoutDateText) : null;
    if (payoutDateText && !payoutDate) {
      fail('payoutDate', `"${payoutDateText.slice(0, 40)}" is not a date like ${format.date.example}`);
    }
    const status = cell('status');
    const statusKey = status.replace(/\s+/g, ' ').toLowerCase();
    let kind: PayoutRowKind | undefined = Object.hasOwn(format.kinds, statusKey)
      ? format.kinds[statusKey]
      : undefined;
    if (!kind && !format.strict && status) kind = 'adjustment';
    if (!kind) {
      const known = Object.keys(format.kinds).join(', ');
      fail('status', status ? `"${status.slice(0, 30)}" is not one of: ${known}` : 'is required');
    }
    const money = (field: PayoutField): Mills => {
      const value = cell(field);
      if (!value) return 0;
      const amount = parseSignedDollars(value);
      if (amount === null) fail(field, `"${value.slice(0, 30)}" is not an amount like 12.50 or -12.50`);
      return amount ?? 0;
    };
    const sales = money('sales');
    const fee = money('fee');
    const payout = money('payout');
    const payoutRef = cell('payoutRef').slice(0, MAX_ID) || null;
    if (errors.length > before || !orderDate || !kind) continue;

    const content = [
      orderId,
      storeId,
      orderDate,
      kind,
      sales,
      fee,
      payout,
      payoutDate ?? '',
      payoutRef ?? '',
    ].join('|');
    const occurrence = (seen.get(content) ?? 0) + 1;
    seen.set(content, occurrence);
    rows.push({
      row: record.line,
      storeId,
      orderId,
      orderDate,
      kind,
      status,
      sales,
      fee,
      payout,
      payoutDate,
      payoutRef,
      key: `${content}|${occurrence}`,
    });
  }
  return { rows, skipped, errors };
}
