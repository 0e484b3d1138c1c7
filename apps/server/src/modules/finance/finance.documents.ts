import {
  CHANNEL_SOURCE_NAMES,
  type CsvColumn,
  csvCell,
  formatWireDate,
  formatWireTime,
  INVOICE_CHANNEL_LABELS,
  INVOICE_CHANNELS,
  type InvoiceChannel,
  type IsoDate,
  localDate,
  OWN_SALES_CHANNELS,
  type SalesChannel,
  type SalesReportResponse,
  toAmount,
  toCsv,
  toFixedString,
  toMills,
} from '@kitchaco/domain';
import PDFDocument from 'pdfkit';
import type { PlatformOrderRow, RefundRow } from './finance.queries.js';

/** The business that issues the invoices (the provider). */
export const PROVIDER_NAME = 'Kitchaco Pty Ltd';

const AUD = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const aud = (n: number) => `${n < 0 ? '-' : ''}$${AUD.format(Math.abs(n))}`;

/** Writes a PDF with the standard Helvetica fonts and resolves to its bytes. */
function renderPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: title, Author: PROVIDER_NAME } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

const LEFT = 40;
const WIDTH = 515;

/** A table row: the first cell left-aligned, the others right-aligned in equal columns. */
function row(doc: PDFKit.PDFDocument, cells: string[], opts: { bold?: boolean; firstWidth?: number } = {}) {
  if (doc.y > 770) doc.addPage();
  const first = opts.firstWidth ?? 215;
  const rest = cells.length > 1 ? (WIDTH - first) / (cells.length - 1) : 0;
  const y = doc.y;
  doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  doc.text(cells[0] ?? '', LEFT, y, { width: first - 6 });
  const afterFirst = doc.y;
  cells.slice(1).forEach((cell, i) => {
    doc.text(cell, LEFT + first + i * rest, y, { width: rest - 4, align: 'right' });
  });
  doc.y = Math.max(afterFirst, y + 13);
  doc.x = LEFT;
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  if (doc.y > 720) doc.addPage();
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).text(text, LEFT);
  doc
    .moveTo(LEFT, doc.y + 1)
    .lineTo(LEFT + WIDTH, doc.y + 1)
    .strokeColor('#999999')
    .stroke();
  doc.moveDown(0.3);
}

/**
 * The card refunds of the report's fortnight (within the own channels' figures), or null for an
 * invoice approved before refunds were reported.
 */
function cardRefundsOf(report: SalesReportResponse): number | null {
  if (report.sales_data.every((r) => r.card_refunds === undefined)) return null;
  return toAmount(report.sales_data.reduce((a, r) => a + toMills(r.card_refunds ?? 0), 0));
}

/** The payout invoice of an operator for a fortnight: every figure of the report. */
export function invoicePdf(report: SalesReportResponse): Promise<Buffer> {
  const inv = report.invoice;
  return renderPdf(`Payout invoice ${report.start_date}`, (doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text('Fortnight sales report and payout invoice', LEFT);
    doc.font('Helvetica').fontSize(10);
    doc.text(`From: ${PROVIDER_NAME}`);
    doc.text(`To: ${report.business_name ?? 'All operators'}`);
    doc.text(`Period: ${report.start_date} to ${report.end_date}`);
    doc.text(
      report.status === 'approved'
        ? `Approved on ${report.approved_on} by ${report.approved_by}`
        : 'Not approved yet: figures as computed from the ledger now.',
    );

    heading(doc, 'Sales by location (GST inclusive)');
    row(
      doc,
      [
        'Location',
        'Cash',
        'Card',
        'Pickup',
        'Delivery',
        'Uber Eats',
        'Doordash',
        'Deliveroo',
        'Adj.',
        'Menulog',
      ],
      {
        bold: true,
        firstWidth: 85,
      },
    );
    for (const r of report.sales_data) {
      row(
        doc,
        [
          r.kitchaco__suburb,
          aud(r.in_store_cash_sales),
          aud(r.in_store_card_sales),
          aud(r.online_pickup_sales),
          aud(r.online_delivery_sales),
          aud(r.uber_total_sales),
          aud(r.doordash_total_sales),
          aud(r.deliveroo_total_sales),
          aud(r.deliveroo_adjustments),
          aud(r.menulog_total_sales),
        ],
        { firstWidth: 85 },
      );
    }

    heading(doc, 'Revenue');
    row(doc, ['', 'Gross', 'GST', 'Net'], { bold: true });
    for (const c of INVOICE_CHANNELS) row(doc, [INVOICE_CHANNEL_LABELS[c], aud(inv.sales[c]), '', '']);
    const refunds = cardRefundsOf(report);
    if (refunds !== null) {
      row(doc, ['  Card refunds (already within in-store card and online)', aud(refunds), '', '']);
    }
    row(doc, ['Deliveroo adjustments', aud(inv.sales.deliveroo_adjustments), '', '']);
    row(doc, ['Total revenue', aud(inv.revenue.gross), aud(inv.revenue.gst), aud(inv.revenue.net)], {
      bold: true,
    });

    heading(doc, 'Commissions (rate x gross sales of the channel)');
    row(doc, ['Channel', 'Rate', 'Gross', 'GST', 'Net'], { bold: true });
    for (const c of INVOICE_CHANNELS) {
      const line = inv.commissions[c];
      if (!line) continue;
      row(doc, [
        INVOICE_CHANNEL_LABELS[c],
        `${(Number(line.rate) * 100).toFixed(2)}%`,
        aud(line.gross),
        aud(line.gst),
        aud(line.net),
      ]);
    }
    row(
      doc,
      [
        'Total commission',
        '',
        aud(inv.total_commission.gross),
        aud(inv.total_commission.gst),
        aud(inv.total_commission.net),
      ],
      {
        bold: true,
      },
    );

    heading(doc, 'Stock purchased (approved stock orders)');
    row(doc, ['', 'Gross', 'GST', 'Net'], { bold: true });
    row(doc, ['Stock', aud(inv.stock.gross), aud(inv.stock.gst), aud(inv.stock.net)]);
    row(doc, ['  of which below-minimum order fees', aud(inv.stock.delivery_charge), '', '']);
    row(doc, ['  of which admin adjustments', aud(inv.stock.admin_adjustment), '', '']);

    heading(doc, 'Miscellaneous charges');
    row(doc, ['Charge', 'GST applies', 'Gross', 'GST', 'Net'], { bold: true });
    if (inv.misc.length === 0) row(doc, ['None', '', '', '', '']);
    for (const m of inv.misc)
      row(doc, [m.label || '(no label)', m.has_gst ? 'Yes' : 'No', aud(m.gross), aud(m.gst), aud(m.net)]);

    heading(doc, 'Totals');
    row(doc, ['', 'Gross', 'GST', 'Net'], { bold: true });
    row(doc, ['Total revenue', aud(inv.revenue.gross), aud(inv.revenue.gst), aud(inv.revenue.net)]);
    row(doc, [
      'Total purchases (commission, stock, charges)',
      aud(inv.purchases.gross),
      aud(inv.purchases.gst),
      aud(inv.purchases.net),
    ]);
    row(doc, ['Total earnings', aud(inv.earnings.gross), aud(inv.earnings.gst), aud(inv.earnings.net)], {
      bold: true,
    });
    row(doc, ['Less in-store cash sales (kept by the operator)', aud(-inv.less_in_store_cash_sales), '', '']);
    row(doc, ['Less in-store card sales', aud(-inv.less_in_store_card_sales), '', '']);
    row(doc, ['Payout (GST inclusive)', aud(inv.payout_inc_gst), '', ''], { bold: true });
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
    add(`Sales ${r.kitchaco__suburb}`, 'Doordash', r.doordash_total_sales);
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
  add('Totals', 'Payout (GST inclusive)', inv.payout_inc_gst);
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
}

const OWN = new Set<SalesChannel>(OWN_SALES_CHANNELS);

/** A marketplace by its name; our own channels by the sales report's column (In-store card ...). */
const platformName = (channel: SalesChannel) =>
  OWN.has(channel) ? INVOICE_CHANNEL_LABELS[channel as InvoiceChannel] : CHANNEL_SOURCE_NAMES[channel];

/** One row of the report: an order (dated when placed) or a refund (dated when it happened). */
type TxnEntry =
  | { kind: 'order'; at: Date; channel: SalesChannel; order: PlatformOrderRow }
  | { kind: 'refund'; at: Date; channel: SalesChannel; refund: RefundRow };

/** A refund takes money back (negative); a reversal adds back the earlier refunds of an order then canceled. */
const refundStatus = (r: RefundRow) => (toMills(r.amount) < 0 ? 'Refund' : 'Reversal');

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

/** The transactional report: per channel, every order and refund of the period with totals. */
export function transactionalPdf(data: TransactionalData): Promise<Buffer> {
  const entries = entriesOf(data);
  return renderPdf(`Transactional report ${formatWireDate(data.from)}`, (doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text('Transactional report', LEFT);
    doc.font('Helvetica').fontSize(10);
    doc.text(`${PROVIDER_NAME} - ${data.locations.join(', ')}`);
    doc.text(`Period: ${formatWireDate(data.from)} to ${formatWireDate(data.to)}`);
    for (const channel of data.channels) {
      const own = entries.filter((e) => e.channel === channel);
      const orders = own.filter((e) => e.kind === 'order').length;
      const refunds = own.length - orders;
      heading(doc, `${platformName(channel)}: ${orders} orders${refunds > 0 ? `, ${refunds} refunds` : ''}`);
      row(doc, ['Order', 'Location', 'Date', 'Status', 'Total', 'Fee'], { bold: true, firstWidth: 110 });
      let total = 0;
      let fees = 0;
      for (const e of own) {
        const c = counted(e);
        total += c.total;
        fees += c.fee;
        const when = `${formatWireDate(localDate(e.at, tzOf(e)))} ${formatWireTime(e.at, tzOf(e))}`;
        if (e.kind === 'order') {
          const o = e.order;
          row(
            doc,
            [
              o.external_id ?? `#${o.id}`,
              o.location,
              when,
              o.status,
              aud(Number(o.total)),
              aud(Number(o.platform_fee)),
            ],
            { firstWidth: 110 },
          );
        } else {
          const r = e.refund;
          const order = r.order_id === null ? '' : ` of ${r.external_id ?? `#${r.order_id}`}`;
          row(
            doc,
            [
              `${refundStatus(r)}${order}: ${r.reason}`,
              r.location,
              when,
              refundStatus(r),
              aud(Number(r.amount)),
              '',
            ],
            { firstWidth: 110 },
          );
        }
      }
      const label = OWN.has(channel)
        ? 'Total (canceled excluded, refunds included)'
        : 'Total (canceled excluded)';
      row(doc, [label, '', '', '', aud(toAmount(total)), aud(toAmount(fees))], {
        bold: true,
        firstWidth: 110,
      });
    }
  });
}
