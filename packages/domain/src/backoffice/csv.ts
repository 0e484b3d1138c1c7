import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * CSV text (RFC 4180) from rows: the back office's table downloads, written the same way by the
 * server (every export) and by the web app (tables already on screen).
 *
 * A column says what its cells hold, and each kind is made safe against spreadsheet formulas
 * (OWASP CSV injection) in its own way (docs/back-office.md, "CSV exports"):
 * - `text` (the default): a text starting with = + - @ tab or CR is prefixed with ', unless it is a
 *   plain decimal number (-12.50), which a spreadsheet reads as a number, never as a formula.
 * - `amount`: a plain decimal number with its sign (-2873.60), never prefixed, so sums add up.
 * - `phone`: an Australian number in national notation (0412 345 678), text to every spreadsheet;
 *   any other number in international notation, as text.
 */
export type CsvValue = string | number | boolean | null | undefined;

export type CsvColumn<T> =
  | { header: string; kind?: 'text'; value: (row: T) => CsvValue }
  | { header: string; kind: 'amount'; value: (row: T) => number | string | null | undefined }
  | { header: string; kind: 'phone'; value: (row: T) => string | null | undefined };

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cellOf(c, row)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function cellOf<T>(column: CsvColumn<T>, row: T): string {
  switch (column.kind) {
    case 'amount':
      return csvAmount(column.value(row));
    case 'phone':
      return csvPhone(column.value(row));
    default:
      return csvCell(column.value(row));
  }
}

/** A decimal number as text: what a spreadsheet reads as a number, never as a formula. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * One text cell: quoted when it holds a comma, quote or line break. A text starting with = + - @
 * (or a tab or carriage return) is prefixed with ' so a spreadsheet never runs it as a formula,
 * unless it is a plain decimal number ("-5", "-12.50").
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !DECIMAL.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One amount cell: a plain number with its sign and two decimals (-2873.60, 19354.55); a decimal
 * text is written as it is (exact amounts from the database). Anything else is a defect of the
 * column, not a value to write.
 */
export function csvAmount(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`CSV amount is not a number: ${value}`);
    return value.toFixed(2);
  }
  if (!DECIMAL.test(value)) throw new TypeError(`CSV amount is not a decimal number: ${value}`);
  return value;
}

/**
 * One phone cell. An Australian number (+61412345678) in national notation (0412 345 678): it
 * starts with a digit and holds spaces, so every spreadsheet keeps it as text, leading zero and
 * all, and there is nothing to neutralise. Any other number keeps its country code in
 * international notation (+44 7911 123456), which starts with + and so takes the text rule's '
 * prefix: no spreadsheet keeps a leading + as text otherwise (without it, +44... is a formula).
 */
export function csvPhone(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed?.isValid()) return csvCell(value);
  return csvCell(parsed.countryCallingCode === '61' ? parsed.formatNational() : parsed.formatInternational());
}
