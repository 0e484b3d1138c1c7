import {
  CHANNEL_SOURCE_NAMES,
  type CsvColumn,
  csvCell,
  formatAUD,
  formatWireDate,
  formatWireTime,
  INVOICE_CHANNEL_LABELS,
  INVOICE_CHANNELS,
  type InvoiceChannel,
  type IsoDate,
  localDate,
  MARKETPLACE_NAMES,
  OWN_SALES_CHANNELS,
  revenueLines,
  type SalesChannel,
  type SalesReportResponse,
  toAmount,
  toCsv,
  toFixedString,
  toMills,
} from '@kitchaco/domain';
import PDFDocument from 'pdfkit';
import { CARRIED_PREFIX, type PlatformOrderRow, type RefundRow } from './finance.queries.js';

/** The business that issues the invoices (the provider). */
export const PROVIDER_NAME = 'Kitchaco Pty Ltd';

/** An ABN as written on Australian invoices (51 824 753 556); anything else as typed. */
export function formatAbn(abn: string | null | undefined, missing: string): string {
  const value = abn?.trim();
  if (!value) return `ABN: ${missing}`;
  const digits = value.replace(/\s+/g, '');
  return /^\d{11}$/.test(digits)
    ? `ABN: ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`
    : `ABN: ${value}`;
}

/** An amount in dollars as the screens and emails show it: $19,354.55, -$12.50. */
export const money = (dollars: number | string): string => formatAUD(toMills(dollars));

/** A table of at most this many rows moves whole to the next page rather than split. */
export const SMALL_TABLE_ROWS = 6;

// ---------------------------------------------------------------- page layout

/**
 * Every document is drawn at explicit positions with PDFKit's `lineBreak: false`, so PDFKit never
 * wraps a line or starts a page of its own: each cell is fitted to its column here (shrunk, then
 * cut with an ellipsis; amounts are only ever shrunk), each row's height is known before it is
 * drawn, and a row that would cross the bottom of the page starts the next page, under the
 * table's header again. Nothing is drawn outside MARGIN; the footer (page numbers) sits in the
 * band above the bottom margin, under the content.
 */
export const MARGIN = 40;
const FOOTER_BAND = 24;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
/** Helvetica's ascender and descender, as fractions of the font size (its AFM metrics). */
const ASCENT = 0.718;
const BODY_SIZE = 8;
const MIN_SIZE = 6;
const LINE = BODY_SIZE * 1.25;
const PAD_Y = 2.5;
const PAD_X = 3;
const RULE = '#d9d9d9';
const SHADE = '#eeeeee';
const INK = '#000000';
const MUTED = '#555555';

/**
 * The characters the standard fonts can print (Windows-1252): others are replaced, so a name
 * typed with an emoji or another script prints as "?" rather than as another letter.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\t' || ch === '\n' || ch === '\r') out += ' ';
    else if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch))
      out += ch;
    else if (code >= 0x20) out += '?';
  }
  return out;
}

type Align = 'left' | 'right';

interface Fitted {
  text: string;
  size: number;
}

/**
 * One line of text within `width`: at `size`, else shrunk down to MIN_SIZE, else cut with an
 * ellipsis. An amount (`keepWhole`) is never cut: it shrinks further, to stay exact.
 */
function fitLine(
  doc: PDFKit.PDFDocument,
  raw: string,
  width: number,
  font: string,
  size: number,
  keepWhole = false,
  shrink = true,
): Fitted {
  const text = printable(raw).trim();
  doc.font(font);
  const widthAt = (s: string, sz: number) => doc.fontSize(sz).widthOfString(s);
  const smallest = shrink ? Math.min(MIN_SIZE, size) : size;
  for (let s = size; s >= smallest - 1e-9; s -= 0.5) if (widthAt(text, s) <= width) return { text, size: s };
  if (keepWhole) {
    let s = smallest;
    while (s > 3 && widthAt(text, s) > width) s -= 0.25;
    return { text, size: s };
  }
  let cut = text;
  while (cut.length > 0 && widthAt(`${cut.trimEnd()}…`, smallest) > width) cut = cut.slice(0, -1);
  return { text: cut.length > 0 ? `${cut.trimEnd()}…` : '', size: smallest };
}

/** Words wrapped into at most `maxLines` lines of `width` (the last one cut with an ellipsis). */
function wrapLines(
  doc: PDFKit.PDFDocument,
  raw: string,
  width: number,
  font: string,
  size: number,
  maxLines: number,
): Fitted[] {
  const text = printable(raw).trim();
  doc.font(font).fontSize(size);
  if (doc.widthOfString(text) <= width || maxLines <= 1) return [fitLine(doc, text, width, font, size)];
  const lines: string[] = [];
  let current = '';
  const words = text.split(/\s+/);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const candidate = current ? `${current} ${word}` : word;
    if (doc.widthOfString(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    if (lines.length === maxLines - 1) {
      // The last line takes the rest, cut to fit.
      current = words.slice(i).join(' ');
      break;
    }
  }
  lines.push(current);
  // Wrapped lines keep the cell's size (a line that still does not fit is cut, not shrunk).
  return lines.slice(0, maxLines).map((line) => fitLine(doc, line, width, font, size, false, false));
}

export interface Column {
  header: string;
  /** Points; the one column without a width takes what the others leave. */
  width?: number;
  align?: Align;
  /** Lines a cell may wrap to (1 unless said). */
  wrap?: number;
  /** Amounts and dates: shrunk, never cut. */
  keepWhole?: boolean;
}

interface Row {
  cells: string[];
  /** The first cell spans this many columns (a totals row's label). */
  span?: number;
  /** A totals row: bold, with a rule above. */
  total?: boolean;
  muted?: boolean;
}

interface Table {
  title: string;
  columns: Column[];
  rows: Row[];
  /** A line of small print under the table. */
  note?: string;
}

/** A document being laid out: the cursor, page breaks, the running header and the footer. */
class Layout {
  y: number;
  readonly left = MARGIN;
  readonly right: number;
  readonly bottom: number;
  readonly width: number;
  /** Drawn at the top of every page after the first; returns the y below it. */
  runningHeader: (layout: Layout) => void = () => {};

  constructor(readonly doc: PDFKit.PDFDocument) {
    this.right = doc.page.width - MARGIN;
    this.bottom = doc.page.height - MARGIN - FOOTER_BAND;
    this.width = this.right - this.left;
    this.y = MARGIN;
  }

  newPage() {
    this.doc.addPage();
    this.y = MARGIN;
    this.runningHeader(this);
  }

  /** Starts a new page unless `height` more fits on this one. */
  ensure(height: number) {
    if (this.y + height > this.bottom) this.newPage();
  }

  /** A line of text at (x, y) top, fitted to `width`, vertically on the baseline of `size`. */
  text(
    raw: string,
    x: number,
    y: number,
    width: number,
    opts: { font?: string; size?: number; align?: Align; color?: string; keepWhole?: boolean } = {},
  ) {
    const size = opts.size ?? BODY_SIZE;
    const font = opts.font ?? REGULAR;
    const fitted = fitLine(this.doc, raw, width, font, size, opts.keepWhole);
    this.drawFitted(fitted, x, y, width, font, size, opts.align ?? 'left', opts.color ?? INK);
  }

  drawFitted(
    fitted: Fitted,
    x: number,
    y: number,
    width: number,
    font: string,
    baseSize: number,
    align: Align,
    color: string,
  ) {
    if (!fitted.text) return;
    const doc = this.doc.font(font).fontSize(fitted.size).fillColor(color);
    const w = doc.widthOfString(fitted.text);
    const dx = align === 'right' ? Math.max(0, width - w) : 0;
    // Shrunk text keeps the row's baseline.
    const dy = ASCENT * (baseSize - fitted.size);
    doc.text(fitted.text, x + dx, y + dy, { lineBreak: false });
  }

  /** A block of text wrapped within the content width (never over `maxLines` lines). */
  paragraph(raw: string, opts: { font?: string; size?: number; color?: string; maxLines?: number } = {}) {
    const size = opts.size ?? BODY_SIZE;
    const font = opts.font ?? REGULAR;
    const lines = wrapLines(this.doc, raw, this.width, font, size, opts.maxLines ?? 4);
    const lineHeight = size * 1.25;
    this.ensure(lines.length * lineHeight);
    for (const line of lines) {
      this.drawFitted(line, this.left, this.y, this.width, font, size, 'left', opts.color ?? INK);
      this.y += lineHeight;
    }
  }

  rule(y: number, color = RULE, from = this.left, to = this.right) {
    this.doc.save().moveTo(from, y).lineTo(to, y).lineWidth(0.5).strokeColor(color).stroke().restore();
  }

  widthsOf(columns: Column[]): number[] {
    const fixed = columns.reduce((a, c) => a + (c.width ?? 0), 0);
    const flexible = columns.filter((c) => c.width === undefined).length;
    const rest = flexible > 0 ? (this.width - fixed) / flexible : 0;
    return columns.map((c) => c.width ?? rest);
  }

  /** Lays out a row's cells: each cell's lines and the row's height, before anything is drawn. */
  measureRow(columns: Column[], widths: number[], cells: string[], font: string, wrapAll: number) {
    const lines = columns.map((c, i) => {
      const inner = widths[i]! - 2 * PAD_X;
      const maxLines = Math.max(c.wrap ?? 1, wrapAll);
      // Headings may wrap in any column; an amount or a date never does.
      return maxLines > 1 && (!c.keepWhole || wrapAll > 1)
        ? wrapLines(this.doc, cells[i] ?? '', inner, font, BODY_SIZE, maxLines)
        : [fitLine(this.doc, cells[i] ?? '', inner, font, BODY_SIZE, c.keepWhole)];
    });
    const height = 2 * PAD_Y + Math.max(1, ...lines.map((l) => l.length)) * LINE;
    return { lines, height };
  }

  drawRow(
    columns: Column[],
    widths: number[],
    measured: { lines: Fitted[][]; height: number },
    font: string,
    color: string,
  ) {
    let x = this.left;
    columns.forEach((c, i) => {
      measured.lines[i]!.forEach((line, n) => {
        this.drawFitted(
          line,
          x + PAD_X,
          this.y + PAD_Y + n * LINE,
          widths[i]! - 2 * PAD_X,
          font,
          BODY_SIZE,
          c.align ?? 'left',
          color,
        );
      });
      x += widths[i]!;
    });
    this.y += measured.height;
  }

  sectionTitle(title: string, continued = false) {
    const size = 10.5;
    this.text(continued ? `${title} (continued)` : title, this.left, this.y, this.width, {
      font: BOLD,
      size,
    });
    this.y += size * 1.4;
  }

  /** The table's title and column headings (again at the top of each page it runs onto). */
  tableHead(table: Table, widths: number[], continued: boolean) {
    this.sectionTitle(table.title, continued);
    const head = this.measureRow(
      table.columns,
      widths,
      table.columns.map((c) => c.header),
      BOLD,
      2,
    );
    this.doc.save().rect(this.left, this.y, this.width, head.height).fill(SHADE).restore();
    this.drawRow(table.columns, widths, head, BOLD, INK);
  }

  headHeight(table: Table, widths: number[]) {
    return (
      10.5 * 1.4 +
      this.measureRow(
        table.columns,
        widths,
        table.columns.map((c) => c.header),
        BOLD,
        2,
      ).height
    );
  }

  /** The columns and widths of a row whose first cell spans `span` columns. */
  spanned(columns: Column[], widths: number[], span = 1): { columns: Column[]; widths: number[] } {
    if (span <= 1) return { columns, widths };
    const first: Column = { header: '', width: widths.slice(0, span).reduce((a, w) => a + w, 0) };
    return { columns: [first, ...columns.slice(span)], widths: [first.width!, ...widths.slice(span)] };
  }

  /** The top of a page's content (after the margin). */
  get top() {
    return MARGIN;
  }

  table(table: Table) {
    const widths = this.widthsOf(table.columns);
    this.y += 8;
    const shapes = table.rows.map((r) => this.spanned(table.columns, widths, r.span));
    const measured = table.rows.map((r, i) =>
      this.measureRow(shapes[i]!.columns, shapes[i]!.widths, r.cells, r.total ? BOLD : REGULAR, 1),
    );
    const heights = measured.map((m) => m.height);
    const rowsHeight = (from: number, to = heights.length) =>
      heights.slice(from, to).reduce((a, h) => a + h, 0);
    const head = this.headHeight(table, widths);
    // No orphan rows: a small table (at most SMALL_TABLE_ROWS rows) that fits a page is moved whole to
    // the next page rather than split; a longer one starts only with its title, header and first two
    // rows on the page (never a heading with a single row at a page's foot).
    if (table.rows.length <= SMALL_TABLE_ROWS && head + rowsHeight(0) <= this.bottom - this.top) {
      this.ensure(head + rowsHeight(0));
    } else {
      this.ensure(head + rowsHeight(0, 2));
    }
    this.tableHead(table, widths, false);
    // The end of a table never goes alone onto a page: its last two rows (or its totals rows with
    // the row above them) are kept together, so a continued page carries at least two rows.
    const firstTotal = table.rows.findIndex((_, i) => table.rows.slice(i).every((x) => x.total));
    const tailStart = Math.max(
      1,
      firstTotal > 0 ? Math.min(firstTotal - 1, table.rows.length - 2) : table.rows.length - 2,
    );
    const tailHeight = rowsHeight(tailStart + 1);
    table.rows.forEach((r, i) => {
      const m = measured[i]!;
      const keep = i === tailStart ? tailHeight : 0;
      if (i <= tailStart) {
        if (this.y + m.height + keep > this.bottom) {
          this.newPage();
          this.tableHead(table, widths, true);
        }
      } else if (this.y + m.height > this.bottom) {
        this.newPage();
        this.tableHead(table, widths, true);
      }
      if (r.total) this.rule(this.y, '#000000');
      else if (i > 0 && !table.rows[i - 1]!.total) this.rule(this.y);
      const shape = shapes[i]!;
      this.drawRow(shape.columns, shape.widths, m, r.total ? BOLD : REGULAR, r.muted ? MUTED : INK);
    });
    if (table.note) {
      this.y += 2;
      this.paragraph(table.note, { size: 7, color: MUTED });
    }
  }

  /** "Page X of Y" and the document's name on every page, once every page exists. */
  footers(left: string) {
    const range = this.doc.bufferedPageRange();
    const total = range.count;
    const y = this.doc.page.height - MARGIN - 7 * 1.1;
    for (let i = range.start; i < range.start + total; i++) {
      this.doc.switchToPage(i);
      this.rule(y - 5);
      const label = `Page ${i - range.start + 1} of ${total}`;
      this.text(label, this.right - 80, y, 80, { size: 7, align: 'right', color: MUTED });
      this.text(left, this.left, y, this.width - 90, { size: 7, color: MUTED });
    }
  }
}

/** Lays a document out on A4 (buffered, so the footers can number every page) and resolves to its bytes. */
function renderPdf(
  title: string,
  layout: 'portrait' | 'landscape',
  draw: (l: Layout) => string,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      layout,
      margin: MARGIN,
      bufferPages: true,
      info: { Title: printable(title), Author: PROVIDER_NAME },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      const l = new Layout(doc);
      const footer = draw(l);
      l.footers(footer);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/**
 * Labelled blocks of lines side by side (the parties), each line wrapped within its block (a long
 * business name is never cut: up to three lines); the cursor moves below the tallest.
 */
function partyBlocks(l: Layout, blocks: { label: string; lines: { text: string; bold?: boolean }[] }[]) {
  const gap = 16;
  const width = (l.width - gap * (blocks.length - 1)) / blocks.length;
  const top = l.y;
  let lowest = top;
  blocks.forEach((b, i) => {
    const x = l.left + i * (width + gap);
    let y = top;
    l.text(b.label.toUpperCase(), x, y, width, { size: 7, color: MUTED, font: BOLD });
    y += 10;
    for (const line of b.lines) {
      const size = line.bold ? 10 : 8.5;
      const font = line.bold ? BOLD : REGULAR;
      for (const part of wrapLines(l.doc, line.text, width, font, size, 3)) {
        l.drawFitted(part, x, y, width, font, size, 'left', INK);
        y += size * 1.3;
      }
    }
    lowest = Math.max(lowest, y);
  });
  l.y = lowest + 4;
}

/** Key: value lines in two columns (invoice number, period, dates, status). */
function facts(l: Layout, pairs: [string, string][], x: number, width: number) {
  const keyWidth = 78;
  const size = 8.5;
  for (const [key, value] of pairs) {
    l.text(key, x, l.y, keyWidth, { size, font: BOLD });
    for (const line of wrapLines(l.doc, value, width - keyWidth, REGULAR, size, 2)) {
      l.drawFitted(line, x + keyWidth, l.y, width - keyWidth, REGULAR, size, 'left', INK);
      l.y += size * 1.35;
    }
  }
}

// ---------------------------------------------------------------- the invoice

/**
 * The card refunds of the report's fortnight (within the own channels' figures), or null for an
 * invoice approved before refunds were reported.
 */
function cardRefundsOf(report: SalesReportResponse): number | null {
  if (report.sales_data.every((r) => r.card_refunds === undefined)) return null;
  return toAmount(report.sales_data.reduce((a, r) => a + toMills(r.card_refunds ?? 0), 0));
}

/** Who the invoice is to (null: the summary of every operator, which is no tax invoice). */
export interface InvoiceRecipient {
  id: number;
  businessName: string;
  email: string;
  abn: string | null;
}

export interface InvoiceContext {
  operator: InvoiceRecipient | null;
  /** The day the document is made, the issue date of an invoice not approved yet. */
  today: IsoDate;
  /** The provider's ABN (the PROVIDER_ABN setting); null: "not set". */
  providerAbn: string | null;
}

/**
 * The invoice's number: the operator and the fortnight's first day (KC-0012-20261102), with the
 * approval's number after the first ("-2" once approved again), so each approved version has its own.
 */
export function invoiceNumber(report: SalesReportResponse, operatorId: number): string {
  if (report.invoice_number) return report.invoice_number;
  const [d, m, y] = report.start_date.split(' ');
  const month = String(
    ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].indexOf(m ?? '') + 1,
  ).padStart(2, '0');
  const base = `KC-${String(operatorId).padStart(4, '0')}-${y}${month}${d}`;
  const version = report.status === 'approved' ? report.history.length + 1 : 0;
  return version > 1 ? `${base}-A${version - 1}` : base;
}

const sumOf = (values: number[]) => toAmount(values.reduce((a, v) => a + toMills(v), 0));
const percent = (rate: string) => `${toFixedString(toMills(Number(rate) * 100), 2)}%`;

/**
 * The fortnight's tax invoice and payout statement of an operator (or the sales summary of every
 * operator): both parties with their ABNs, the period, every figure of the report in tables that
 * fit the page, totals, and page numbers. Figures are printed as the report holds them (the
 * approved snapshot once approved); nothing is computed here but column totals of sales.
 */
export function invoicePdf(report: SalesReportResponse, context: InvoiceContext): Promise<Buffer> {
  const inv = report.invoice;
  const operator = context.operator;
  const number = operator ? invoiceNumber(report, operator.id) : null;
  const note = operator && report.status === 'approved' ? (report.adjustment_note ?? null) : null;
  const title = note
    ? 'Adjustment note'
    : operator
      ? 'Tax invoice and payout statement'
      : 'Fortnight sales summary: all operators';
  const period = `${report.start_date} to ${report.end_date}`;
  return renderPdf(`${title} ${number ?? ''} ${period}`, 'portrait', (l) => {
    l.runningHeader = (layout) => {
      layout.text(`${title}${number ? ` ${number}` : ''}`, layout.left, layout.y, layout.width / 2, {
        font: BOLD,
        size: 8,
      });
      layout.text(
        `${operator?.businessName ?? 'All operators'} - ${period}`,
        layout.left + layout.width / 2,
        layout.y,
        layout.width / 2,
        { size: 8, align: 'right' },
      );
      layout.y += 12;
      layout.rule(layout.y - 2);
      layout.y += 4;
    };

    // Title and the document's facts.
    l.text(title, l.left, l.y, l.width * 0.6, { font: BOLD, size: 16 });
    l.text(PROVIDER_NAME, l.left + l.width * 0.6, l.y + 4, l.width * 0.4, {
      font: BOLD,
      size: 10,
      align: 'right',
    });
    l.y += 26;
    const approved = report.status === 'approved';
    const issued = approved && report.approved_on ? report.approved_on : formatWireDate(context.today);
    const factsTop = l.y;
    facts(
      l,
      [
        ...(number ? ([[note ? 'Adjustment note no.' : 'Invoice no.', number]] as [string, string][]) : []),
        ...(note ? ([['Adjusts invoice', note.adjusts]] as [string, string][]) : []),
        ['Period', period],
        ['Issue date', approved ? issued : `${issued} (draft)`],
      ],
      l.left,
      l.width / 2,
    );
    const leftBottom = l.y;
    l.y = factsTop;
    facts(
      l,
      [
        ['Status', approved ? `Approved on ${report.approved_on}` : 'Draft: not approved yet'],
        ...(approved ? ([['Approved by', report.approved_by ?? '']] as [string, string][]) : []),
        ...(report.paid
          ? ([['Paid', `${report.paid.paid_on}, reference ${report.paid.reference}`]] as [string, string][])
          : []),
        ['Amounts', 'Australian dollars'],
      ],
      l.left + l.width / 2 + 8,
      l.width / 2 - 8,
    );
    l.y = Math.max(l.y, leftBottom) + 6;
    l.rule(l.y - 3);
    l.y += 4;
    partyBlocks(l, [
      {
        label: 'From (supplier)',
        lines: [{ text: PROVIDER_NAME, bold: true }, { text: formatAbn(context.providerAbn, 'not set') }],
      },
      {
        label: 'To (franchisee operator)',
        lines: operator
          ? [
              { text: operator.businessName, bold: true },
              { text: formatAbn(operator.abn, 'not provided') },
              { text: operator.email },
            ]
          : [{ text: 'All operators (a summary, not a tax invoice)', bold: true }],
      },
    ]);
    if (note) {
      l.table({
        title: `Adjustment of ${note.adjusts}: ${note.difference > 0 ? '+' : ''}${money(note.difference)}`,
        columns: [{ header: 'Item' }, { header: 'Inc GST', width: 90, align: 'right', keepWhole: true }],
        rows: [
          { cells: [`Payout of the tax invoice ${note.adjusts}`, money(note.original_payout_inc_gst)] },
          { cells: ['Payout approved before this note', money(note.previous_payout_inc_gst)] },
          { cells: [`Payout as adjusted by ${note.number}`, money(note.payout_inc_gst)] },
          { cells: ["Change in the GST of Kitchaco's supplies", money(note.gst_adjustment)] },
          { total: true, cells: ['Difference to settle', money(note.difference)] },
        ],
        note: note.settled_in
          ? `The invoice was already paid: the difference is settled in the invoice of ${note.settled_in}.`
          : 'Only the difference is due: the payout approved before is not paid again.',
      });
    }
    if (approved && report.live_differs) {
      l.paragraph(
        'The ledger has changed since this invoice was approved (a late order or refund): the figures below are the approved ones.',
        { size: 7.5, color: MUTED },
      );
    }

    // Sales per location and channel, in two tables that fit the page.
    const rows = report.sales_data;
    const refunds = cardRefundsOf(report);
    const amount = { width: 62, align: 'right' as const, keepWhole: true };
    const ownTotal = (r: (typeof rows)[number]) =>
      sumOf([r.in_store_cash_sales, r.in_store_card_sales, r.online_pickup_sales, r.online_delivery_sales]);
    l.table({
      title: 'Sales by location: Kitchaco channels (GST inclusive)',
      columns: [
        { header: 'Location', wrap: 2 },
        { header: 'In-store cash', ...amount },
        { header: 'In-store card', ...amount },
        { header: 'Online pickup', ...amount },
        { header: 'Online delivery', ...amount },
        { header: 'Total', ...amount, width: 68 },
        ...(refunds !== null ? [{ header: 'Card refunds within', ...amount, width: 66 }] : []),
      ],
      rows: [
        ...rows.map((r) => ({
          cells: [
            r.kitchaco__suburb,
            money(r.in_store_cash_sales),
            money(r.in_store_card_sales),
            money(r.online_pickup_sales),
            money(r.online_delivery_sales),
            money(ownTotal(r)),
            ...(refunds !== null ? [money(r.card_refunds ?? 0)] : []),
          ],
        })),
        {
          total: true,
          cells: [
            'Total',
            money(sumOf(rows.map((r) => r.in_store_cash_sales))),
            money(sumOf(rows.map((r) => r.in_store_card_sales))),
            money(sumOf(rows.map((r) => r.online_pickup_sales))),
            money(sumOf(rows.map((r) => r.online_delivery_sales))),
            money(sumOf(rows.map(ownTotal))),
            ...(refunds !== null ? [money(refunds)] : []),
          ],
        },
      ],
      note:
        refunds !== null
          ? 'In-store card, online pickup and online delivery are net of the card refunds made in the fortnight; the last column shows those refunds, already taken off.'
          : undefined,
    });
    const marketTotal = (r: (typeof rows)[number]) =>
      sumOf([
        r.uber_total_sales,
        r.doordash_total_sales,
        r.deliveroo_total_sales,
        r.deliveroo_adjustments,
        r.menulog_total_sales,
      ]);
    l.table({
      title: 'Sales by location: marketplaces (GST inclusive)',
      columns: [
        { header: 'Location', wrap: 2 },
        { header: 'Uber Eats', ...amount },
        { header: MARKETPLACE_NAMES.doordash, ...amount },
        { header: 'Deliveroo', ...amount },
        { header: 'Deliveroo adjustments', ...amount },
        { header: 'Menulog', ...amount },
        { header: 'Total', ...amount, width: 68 },
      ],
      rows: [
        ...rows.map((r) => ({
          cells: [
            r.kitchaco__suburb,
            money(r.uber_total_sales),
            money(r.doordash_total_sales),
            money(r.deliveroo_total_sales),
            money(r.deliveroo_adjustments),
            money(r.menulog_total_sales),
            money(marketTotal(r)),
          ],
        })),
        {
          total: true,
          cells: [
            'Total',
            money(sumOf(rows.map((r) => r.uber_total_sales))),
            money(sumOf(rows.map((r) => r.doordash_total_sales))),
            money(sumOf(rows.map((r) => r.deliveroo_total_sales))),
            money(sumOf(rows.map((r) => r.deliveroo_adjustments))),
            money(sumOf(rows.map((r) => r.menulog_total_sales))),
            money(sumOf(rows.map(marketTotal))),
          ],
        },
      ],
    });

    const gstColumns: Column[] = [
      { header: 'Ex GST', width: 78, align: 'right', keepWhole: true },
      { header: 'GST', width: 70, align: 'right', keepWhole: true },
      { header: 'Inc GST', width: 78, align: 'right', keepWhole: true },
    ];
    const gstCells = (a: { gross: number; gst: number; net: number }) => [
      money(a.net),
      money(a.gst),
      money(a.gross),
    ];

    // The wire's dollars in mills for the split, and each row's figures back as money.
    const mills = (a: { gross: number; gst: number; net: number }) => ({
      gross: toMills(a.gross),
      gst: toMills(a.gst),
      net: toMills(a.net),
    });
    const sales = Object.fromEntries(
      Object.entries(inv.sales).map(([k, v]) => [k, toMills(v as number)]),
    ) as Parameters<typeof revenueLines>[0];
    const revenue = revenueLines(sales, mills(inv.revenue));
    const millsCells = (a: { gross: number; gst: number; net: number }) => [
      formatAUD(a.net),
      formatAUD(a.gst),
      formatAUD(a.gross),
    ];
    l.table({
      title: 'Revenue',
      columns: [{ header: 'Channel' }, ...gstColumns],
      // Every row with its ex GST and GST, adding up to the total's (revenueLines).
      rows: [
        ...INVOICE_CHANNELS.map((c) => ({ cells: [INVOICE_CHANNEL_LABELS[c], ...millsCells(revenue[c])] })),
        { cells: ['Deliveroo adjustments', ...millsCells(revenue.deliveroo_adjustments)] },
        { total: true, cells: ['Total revenue', ...gstCells(inv.revenue)] },
      ],
    });

    l.table({
      title: "Commissions (Kitchaco's fees)",
      columns: [
        { header: 'Channel' },
        { header: 'Channel sales (inc GST)', width: 78, align: 'right', keepWhole: true },
        { header: 'Rate', width: 48, align: 'right', keepWhole: true },
        ...gstColumns,
      ],
      rows: [
        ...INVOICE_CHANNELS.flatMap((c) => {
          const line = inv.commissions[c];
          if (!line) return [];
          return [
            {
              cells: [INVOICE_CHANNEL_LABELS[c], money(inv.sales[c]), percent(line.rate), ...gstCells(line)],
            },
          ];
        }),
        { total: true, cells: ['Total commissions', '', '', ...gstCells(inv.total_commission)] },
      ],
    });

    l.table({
      title: 'Stock purchased (stock orders approved in the fortnight)',
      columns: [{ header: 'Item' }, ...gstColumns],
      rows: [
        {
          cells: [
            'Below-minimum order fees (included in the total)',
            '',
            '',
            money(inv.stock.delivery_charge),
          ],
          muted: true,
        },
        {
          cells: ['Admin adjustments (included in the total)', '', '', money(inv.stock.admin_adjustment)],
          muted: true,
        },
        {
          total: true,
          cells: [
            'Total stock purchased',
            money(inv.stock.net),
            money(inv.stock.gst),
            money(inv.stock.gross),
          ],
        },
      ],
    });

    l.table({
      title: 'Miscellaneous charges',
      columns: [
        { header: 'Charge', wrap: 2 },
        { header: 'GST applies', width: 56, align: 'right' },
        ...gstColumns,
      ],
      rows: [
        ...(inv.misc.length === 0 ? [{ cells: ['None', '', '', '', ''], muted: true }] : []),
        ...inv.misc.map((m) => ({
          cells: [m.label || '(no label)', m.has_gst ? 'Yes' : 'No', ...gstCells(m)],
        })),
        { total: true, cells: ['Total miscellaneous charges', '', ...gstCells(inv.total_misc)] },
      ],
    });

    const carried = report.carried_lines ?? [];
    if (operator && carried.length > 0) {
      l.table({
        title: 'Carried from approved fortnights',
        columns: [
          { header: 'Line', wrap: 2 },
          { header: 'Order date', width: 62, keepWhole: true },
          { header: 'Approved invoice', width: 96 },
          { header: 'Counted', width: 70 },
          { header: 'Inc GST', width: 62, align: 'right', keepWhole: true },
        ],
        rows: carried.map((c) => ({
          cells: [
            c.label,
            c.order_date ?? '',
            c.reference,
            c.in_ledger ? 'In the sales' : 'In the payout',
            money(c.amount),
          ],
        })),
        note: 'Money that moved after its fortnight was approved: refunds and cancellations are already in the sales above; the other lines are added to the payout.',
      });
    }

    l.table({
      title: 'Summary',
      columns: [{ header: 'Item' }, ...gstColumns],
      rows: [
        { cells: ['Total revenue', ...gstCells(inv.revenue)] },
        { cells: ['Commissions', ...gstCells(inv.total_commission)] },
        { cells: ['Stock purchased', money(inv.stock.net), money(inv.stock.gst), money(inv.stock.gross)] },
        { cells: ['Miscellaneous charges', ...gstCells(inv.total_misc)] },
        { total: true, cells: ['Total purchases (charged by Kitchaco)', ...gstCells(inv.purchases)] },
        { total: true, cells: ['Earnings (revenue less purchases)', ...gstCells(inv.earnings)] },
      ],
    });

    const cashDeducted = report.less_in_store_cash_sales;
    const cardDeducted = report.less_in_store_card_sales;
    l.table({
      title: 'Payout',
      columns: [{ header: 'Item' }, { header: 'Inc GST', width: 78, align: 'right', keepWhole: true }],
      rows: [
        { cells: ['Earnings', money(inv.earnings.gross)] },
        {
          cells: [
            cashDeducted
              ? 'Less in-store cash sales (already held by the operator)'
              : 'In-store cash sales (not deducted)',
            money(-inv.less_in_store_cash_sales),
          ],
        },
        {
          cells: [
            cardDeducted
              ? "Less in-store card sales (paid to the operator's own terminal)"
              : 'In-store card sales (not deducted)',
            money(-inv.less_in_store_card_sales),
          ],
        },
        ...(inv.total_carried && inv.total_carried.gross !== 0
          ? [
              {
                cells: [
                  'Carried lines (payout reconciliation, adjustment notes)',
                  money(inv.total_carried.gross),
                ],
              },
            ]
          : []),
        {
          total: true,
          cells: [
            inv.payout_inc_gst < 0 ? 'Payout (inc GST): owed by the operator' : 'Payout (inc GST)',
            money(inv.payout_inc_gst),
          ],
        },
      ],
      note:
        inv.payout_inc_gst < 0
          ? `A negative payout is the amount the operator owes ${PROVIDER_NAME} for the fortnight.`
          : undefined,
    });
    l.y += 6;
    l.paragraph(
      operator
        ? `${PROVIDER_NAME} charges the commissions, stock and miscellaneous charges above (GST ${money(inv.purchases.gst)} included in their total of ${money(inv.purchases.gross)}); the operator's sales are collected by ${PROVIDER_NAME} on the operator's behalf and paid out as above.`
        : 'A summary of every operator: commissions, charges and approvals are per operator.',
      { size: 7, color: MUTED },
    );
    return `${PROVIDER_NAME} - ${title}${number ? ` ${number}` : ''} - ${operator?.businessName ?? 'All operators'}`;
  });
}

interface InvoiceCsvRow {
  section: string;
  item: string;
  gross: number | null;
  gst: number | null;
  net: number | null;
}

/** The invoice as CSV: one row per figure, in the PDF's order. */
export function invoiceCsv(report: SalesReportResponse): string {
  const inv = report.invoice;
  const rows: InvoiceCsvRow[] = [];
  const add = (
    section: string,
    item: string,
    gross: number | null,
    gst: number | null = null,
    net: number | null = null,
  ) => rows.push({ section, item, gross, gst, net });
  for (const r of report.sales_data) {
    add(`Sales ${r.kitchaco__suburb}`, 'In-store cash', r.in_store_cash_sales);
    add(`Sales ${r.kitchaco__suburb}`, 'In-store card', r.in_store_card_sales);
    add(`Sales ${r.kitchaco__suburb}`, 'Online pickup', r.online_pickup_sales);
    add(`Sales ${r.kitchaco__suburb}`, 'Online delivery', r.online_delivery_sales);
    if (r.card_refunds !== undefined) {
      add(`Sales ${r.kitchaco__suburb}`, 'Card refunds (within in-store card and online)', r.card_refunds);
    }
    add(`Sales ${r.kitchaco__suburb}`, 'Uber Eats', r.uber_total_sales);
    add(`Sales ${r.kitchaco__suburb}`, MARKETPLACE_NAMES.doordash, r.doordash_total_sales);
    add(`Sales ${r.kitchaco__suburb}`, 'Deliveroo', r.deliveroo_total_sales);
    add(`Sales ${r.kitchaco__suburb}`, 'Deliveroo adjustments', r.deliveroo_adjustments);
    add(`Sales ${r.kitchaco__suburb}`, 'Menulog', r.menulog_total_sales);
  }
  add('Revenue', 'Total revenue', inv.revenue.gross, inv.revenue.gst, inv.revenue.net);
  for (const c of INVOICE_CHANNELS) {
    const line = inv.commissions[c];
    if (line)
      add('Commission', `${INVOICE_CHANNEL_LABELS[c]} at ${line.rate}`, line.gross, line.gst, line.net);
  }
  add(
    'Commission',
    'Total commission',
    inv.total_commission.gross,
    inv.total_commission.gst,
    inv.total_commission.net,
  );
  add('Stock purchased', 'Stock', inv.stock.gross, inv.stock.gst, inv.stock.net);
  add('Stock purchased', 'Below-minimum order fees', inv.stock.delivery_charge);
  add('Stock purchased', 'Admin adjustments', inv.stock.admin_adjustment);
  for (const m of inv.misc) add('Miscellaneous', m.label, m.gross, m.gst, m.net);
  add('Totals', 'Total purchases', inv.purchases.gross, inv.purchases.gst, inv.purchases.net);
  add('Totals', 'Total earnings', inv.earnings.gross, inv.earnings.gst, inv.earnings.net);
  add('Totals', 'Less in-store cash sales', -inv.less_in_store_cash_sales);
  add('Totals', 'Less in-store card sales', -inv.less_in_store_card_sales);
  for (const c of report.carried_lines ?? []) {
    add(
      c.in_ledger ? 'Carried (in the sales)' : 'Carried (in the payout)',
      `${c.label}${c.order_date ? ` of ${c.order_date}` : ''} (${c.reference})`,
      c.amount,
    );
  }
  if (inv.total_carried && inv.total_carried.gross !== 0) {
    add('Totals', 'Carried lines', inv.total_carried.gross, inv.total_carried.gst, inv.total_carried.net);
  }
  add('Totals', 'Payout (GST inclusive)', inv.payout_inc_gst);
  const note = report.status === 'approved' ? report.adjustment_note : null;
  if (note) {
    add(
      `Adjustment note ${note.number}`,
      `Payout of the tax invoice ${note.adjusts}`,
      note.original_payout_inc_gst,
    );
    add(`Adjustment note ${note.number}`, 'Payout approved before this note', note.previous_payout_inc_gst);
    add(`Adjustment note ${note.number}`, 'GST change of our supplies', note.gst_adjustment);
    add(`Adjustment note ${note.number}`, `Adjustment of ${note.adjusts}`, note.difference);
  }
  if (report.paid) add('Paid', `${report.paid.paid_on}, reference ${report.paid.reference}`, null);
  // The title line goes through the same cell rule: an operator's name is text typed by a person.
  const title = [
    `${PROVIDER_NAME} payout invoice`,
    report.business_name ?? 'All operators',
    `${report.start_date} to ${report.end_date}`,
  ];
  const header = `${title.map(csvCell).join(',')}\r\n`;
  const columns: CsvColumn<InvoiceCsvRow>[] = [
    { header: 'Section', value: (r) => r.section },
    { header: 'Item', value: (r) => r.item },
    { header: 'Gross', kind: 'amount', value: (r) => r.gross },
    { header: 'GST', kind: 'amount', value: (r) => r.gst },
    { header: 'Net', kind: 'amount', value: (r) => r.net },
  ];
  return header + toCsv(columns, rows);
}

export interface TransactionalData {
  from: IsoDate;
  to: IsoDate;
  locations: string[];
  channels: SalesChannel[];
  orders: PlatformOrderRow[];
  /** Card refunds and reversals of our own channels in the period, each its own row. */
  refunds: RefundRow[];
  /** The operator of the locations, when they have one (null: none, or several). */
  operator?: { businessName: string; abn: string | null } | null;
  /** The day the report is made (shown in its header). */
  today?: IsoDate;
  /** The provider's ABN (the PROVIDER_ABN setting); null or absent: "not set". */
  providerAbn?: string | null;
}

const OWN = new Set<SalesChannel>(OWN_SALES_CHANNELS);

/** A marketplace by its name; our own channels by the sales report's column (In-store card ...). */
const platformName = (channel: SalesChannel) =>
  OWN.has(channel) ? INVOICE_CHANNEL_LABELS[channel as InvoiceChannel] : CHANNEL_SOURCE_NAMES[channel];

/** One row of the report: an order (dated when placed) or a refund (dated when it happened). */
type TxnEntry =
  | { kind: 'order'; at: Date; channel: SalesChannel; order: PlatformOrderRow }
  | { kind: 'refund'; at: Date; channel: SalesChannel; refund: RefundRow };

/**
 * A refund takes money back (negative); a reversal adds back the earlier refunds of an order then
 * canceled; a carried row moves a canceled order's amount out of the approved fortnight it was in.
 */
const refundStatus = (r: RefundRow) =>
  r.reason.startsWith(CARRIED_PREFIX) ? 'Carried' : toMills(r.amount) < 0 ? 'Refund' : 'Reversal';

/** Orders and refunds in time order, as the ledger has them. */
function entriesOf(data: TransactionalData): TxnEntry[] {
  const entries: TxnEntry[] = [
    ...data.orders.map((order) => ({
      kind: 'order' as const,
      at: new Date(order.placed_at),
      channel: order.channel,
      order,
    })),
    ...data.refunds.map((refund) => ({
      kind: 'refund' as const,
      at: new Date(refund.occurred_at),
      channel: refund.channel,
      refund,
    })),
  ];
  return entries.sort(
    (a, b) => a.at.getTime() - b.at.getTime() || (a.kind === b.kind ? 0 : a.kind === 'order' ? -1 : 1),
  );
}

/** What an entry adds to its channel's total: an order unless canceled, every refund and reversal. */
function counted(e: TxnEntry): { total: number; fee: number } {
  if (e.kind === 'refund') return { total: toMills(e.refund.amount), fee: 0 };
  if (e.order.status === 'Canceled') return { total: 0, fee: 0 };
  return { total: toMills(e.order.total), fee: toMills(e.order.platform_fee) };
}

const tzOf = (e: TxnEntry) => (e.kind === 'order' ? e.order.tz : e.refund.tz);
/** An amount cell from the ledger's text: two decimals (-12.50), exact, read as a number. */
const amountText = (text: string): string => toFixedString(toMills(text), 2);

const TXN_COLUMNS: CsvColumn<TxnEntry>[] = [
  { header: 'Platform', value: (e) => platformName(e.channel) },
  {
    header: 'Platform Order ID',
    value: (e) => (e.kind === 'order' ? e.order.external_id : e.refund.external_id),
  },
  { header: 'Order #', value: (e) => (e.kind === 'order' ? e.order.id : e.refund.order_id) },
  { header: 'Location', value: (e) => (e.kind === 'order' ? e.order.location : e.refund.location) },
  { header: 'Date', value: (e) => formatWireDate(localDate(e.at, tzOf(e))) },
  { header: 'Time', value: (e) => formatWireTime(e.at, tzOf(e)) },
  { header: 'Status', value: (e) => (e.kind === 'order' ? e.order.status : refundStatus(e.refund)) },
  {
    header: 'Sub Total',
    kind: 'amount',
    value: (e) => (e.kind === 'order' ? amountText(e.order.sub_total) : null),
  },
  {
    header: 'Total',
    kind: 'amount',
    value: (e) => amountText(e.kind === 'order' ? e.order.total : e.refund.amount),
  },
  {
    header: 'Platform Fee',
    kind: 'amount',
    value: (e) => (e.kind === 'order' ? amountText(e.order.platform_fee) : null),
  },
  { header: 'Reason', value: (e) => (e.kind === 'refund' ? e.refund.reason : null) },
];

/**
 * The transactional report as CSV: every order of the chosen channels and every card refund of our
 * own channels, each on its own row in time order. A channel's Total column, canceled orders left
 * out, adds up to the sales report's (net) figure.
 */
export function transactionalCsv(data: TransactionalData): string {
  return toCsv(TXN_COLUMNS, entriesOf(data));
}

/**
 * The columns of the transactional report's tables (landscape A4: 762 points between the margins).
 * A report of one location names it in its header, not on every row.
 */
function txnPdfColumns(withLocation: boolean): Column[] {
  return [
    { header: 'Date', width: 54, keepWhole: true },
    { header: 'Time', width: 44, keepWhole: true },
    ...(withLocation ? [{ header: 'Location', width: 96, wrap: 2 }] : []),
    { header: 'Order #', width: 46, align: 'right' },
    { header: 'Platform order ID', width: 104 },
    { header: 'Type', width: 46 },
    { header: 'Status', width: 58 },
    { header: 'Reason or note', wrap: 2 },
    { header: 'Sub total', width: 66, align: 'right', keepWhole: true },
    { header: 'Total', width: 66, align: 'right', keepWhole: true },
    { header: 'Platform fee', width: 62, align: 'right', keepWhole: true },
  ];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** An entry's cells, in txnPdfColumns's order. */
function txnCells(e: TxnEntry, withLocation: boolean): string[] {
  const tz = tzOf(e);
  const date = formatWireDate(localDate(e.at, tz));
  const time = formatWireTime(e.at, tz);
  if (e.kind === 'order') {
    const o = e.order;
    return [
      date,
      time,
      ...(withLocation ? [o.location] : []),
      String(o.id),
      o.external_id ?? '',
      'Order',
      o.status,
      o.status === 'Canceled' ? 'Canceled: not counted' : '',
      money(o.sub_total),
      money(o.total),
      money(o.platform_fee),
    ];
  }
  const r = e.refund;
  return [
    date,
    time,
    ...(withLocation ? [r.location] : []),
    r.order_id === null ? '' : String(r.order_id),
    r.external_id ?? '',
    refundStatus(r),
    'Completed',
    r.reason,
    '',
    money(r.amount),
    '',
  ];
}

/**
 * The transactional report: a header with the provider, the operator, the locations and the period,
 * then per channel every order and refund of the period (one row each, date and time in columns of
 * their own, on each location's clock) with the channel's total, and the totals of every channel
 * at the end. Landscape A4, page numbers, the table header repeated on each page.
 */
export function transactionalPdf(data: TransactionalData): Promise<Buffer> {
  const entries = entriesOf(data);
  const withLocation = data.locations.length !== 1;
  const period = `${formatWireDate(data.from)} to ${formatWireDate(data.to)}`;
  const where = data.locations.length === 1 ? data.locations[0]! : `${data.locations.length} locations`;
  return renderPdf(`Transactional report ${where} ${period}`, 'landscape', (l) => {
    l.runningHeader = (layout) => {
      layout.text('Transactional report', layout.left, layout.y, layout.width / 2, { font: BOLD, size: 8 });
      layout.text(`${where} - ${period}`, layout.left + layout.width / 2, layout.y, layout.width / 2, {
        size: 8,
        align: 'right',
      });
      layout.y += 12;
      layout.rule(layout.y - 2);
      layout.y += 4;
    };
    l.text('Transactional report', l.left, l.y, l.width * 0.6, { font: BOLD, size: 16 });
    l.text(PROVIDER_NAME, l.left + l.width * 0.6, l.y + 4, l.width * 0.4, {
      font: BOLD,
      size: 10,
      align: 'right',
    });
    l.y += 26;
    const top = l.y;
    facts(
      l,
      [
        ['Period', period],
        ['Platforms', data.channels.map(platformName).join(', ')],
        ...(data.today ? ([['Produced on', formatWireDate(data.today)]] as [string, string][]) : []),
      ],
      l.left,
      l.width / 2,
    );
    const leftBottom = l.y;
    l.y = top;
    facts(
      l,
      [
        ['Times', "Each location's local time"],
        ['Amounts', 'Australian dollars, GST inclusive'],
      ],
      l.left + l.width / 2 + 8,
      l.width / 2 - 8,
    );
    l.y = Math.max(l.y, leftBottom) + 6;
    l.rule(l.y - 3);
    l.y += 4;
    partyBlocks(l, [
      {
        label: 'Provider',
        lines: [
          { text: PROVIDER_NAME, bold: true },
          { text: formatAbn(data.providerAbn ?? null, 'not set') },
        ],
      },
      {
        label: 'Operator',
        lines: data.operator
          ? [
              { text: data.operator.businessName, bold: true },
              { text: formatAbn(data.operator.abn, 'not provided') },
            ]
          : [{ text: data.locations.length > 1 ? 'Several operators' : 'No operator', bold: true }],
      },
      {
        label: data.locations.length === 1 ? 'Location' : 'Locations',
        lines: [{ text: data.locations.join(', ') || 'None', bold: data.locations.length === 1 }],
      },
    ]);

    const summary: {
      channel: SalesChannel;
      orders: number;
      canceled: number;
      refunds: number;
      total: number;
      fees: number;
    }[] = [];
    for (const channel of data.channels) {
      const own = entries.filter((e) => e.channel === channel);
      let total = 0;
      let fees = 0;
      let subTotal = 0;
      for (const e of own) {
        const c = counted(e);
        total += c.total;
        fees += c.fee;
        if (e.kind === 'order' && e.order.status !== 'Canceled') subTotal += toMills(e.order.sub_total);
      }
      const orders = own.filter((e) => e.kind === 'order');
      const canceled = orders.filter((e) => e.kind === 'order' && e.order.status === 'Canceled').length;
      summary.push({
        channel,
        orders: orders.length,
        canceled,
        refunds: own.length - orders.length,
        total,
        fees,
      });
      const refunds = own.length - orders.length;
      const columns = txnPdfColumns(withLocation);
      const noteAt = columns.findIndex((c) => c.header === 'Reason or note');
      l.table({
        title: `${platformName(channel)}: ${plural(orders.length, 'order')}${refunds > 0 ? `, ${plural(refunds, 'refund or reversal', 'refunds and reversals')}` : ''}`,
        columns,
        rows: [
          ...(own.length === 0
            ? [{ cells: ['No orders in this period'], span: columns.length, muted: true }]
            : own.map((e) => ({
                cells: txnCells(e, withLocation),
                muted: e.kind === 'order' && e.order.status === 'Canceled',
              }))),
          {
            total: true,
            span: noteAt,
            cells: [
              `Total ${platformName(channel)}`,
              OWN.has(channel) ? 'Canceled orders excluded, refunds included' : 'Canceled orders excluded',
              money(toAmount(subTotal)),
              money(toAmount(total)),
              money(toAmount(fees)),
            ],
          },
        ],
      });
    }

    const count = { width: 70, align: 'right' as const, keepWhole: true };
    const amount = { width: 90, align: 'right' as const, keepWhole: true };
    l.table({
      title: 'Totals by platform',
      columns: [
        { header: 'Platform' },
        { header: 'Orders', ...count },
        { header: 'Canceled (not counted)', ...count },
        { header: 'Refunds and reversals', ...count },
        { header: 'Total', ...amount },
        { header: 'Platform fees', ...amount },
      ],
      rows: [
        ...summary.map((s) => ({
          cells: [
            platformName(s.channel),
            String(s.orders),
            String(s.canceled),
            String(s.refunds),
            money(toAmount(s.total)),
            money(toAmount(s.fees)),
          ],
        })),
        {
          total: true,
          cells: [
            'Total',
            String(summary.reduce((a, s) => a + s.orders, 0)),
            String(summary.reduce((a, s) => a + s.canceled, 0)),
            String(summary.reduce((a, s) => a + s.refunds, 0)),
            money(toAmount(summary.reduce((a, s) => a + s.total, 0))),
            money(toAmount(summary.reduce((a, s) => a + s.fees, 0))),
          ],
        },
      ],
      note: "Each platform's total (canceled orders excluded, card refunds and reversals included) is its figure in the fortnight's sales report.",
    });
    return `${PROVIDER_NAME} - Transactional report - ${where} - ${period}`;
  });
}
