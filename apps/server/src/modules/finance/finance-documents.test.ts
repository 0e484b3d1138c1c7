import { mkdirSync, writeFileSync } from 'node:fs';
import {
  formatAUD,
  revenueLines,
  type SalesChannel,
  type SalesReportResponse,
  toMills,
} from '@kitchaco/domain';
import { gt } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createExternalOperator, createLocation } from '../../test/factories.js';
import {
  cancelWithReversal,
  createAdjustment,
  createCardRefund,
  createLedgerOrder,
  createStockOrderRecord,
} from '../../test/ledger.js';
import {
  invoicePdf,
  MARGIN,
  money,
  SMALL_TABLE_ROWS,
  type TransactionalData,
  transactionalPdf,
} from './finance.documents.js';
import type { PlatformOrderRow } from './finance.queries.js';

/**
 * The invoice and the transactional report as a franchisee files them. Each PDF is read back with
 * pdf.js, every piece of text with its box, and checked: every figure is there, no two pieces of
 * text overlap on any page (a row never runs into the next, a cell never into its neighbour),
 * nothing lies outside the margins, each page says "Page N of M" and a table continued on a new
 * page repeats its header. The emails: each location gets its own rows only, amounts as the
 * screens show them ($19,354.55).
 *
 * Set PDF_CHECK_DIR to keep the PDFs made here for a look.
 */

// ---------------------------------------------------------------- reading a PDF back

interface TextBox {
  str: string;
  left: number;
  right: number;
  /** From the top of the page, in points (PDFKit's coordinates). */
  top: number;
  bottom: number;
  baseline: number;
}
interface PageText {
  number: number;
  width: number;
  height: number;
  items: TextBox[];
}

/** Helvetica's ascender and descender (AFM), as fractions of the font size. */
const ASCENT = 0.718;
const DESCENT = 0.207;

async function readPdf(pdf: Buffer | Uint8Array): Promise<PageText[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, useSystemFonts: false }).promise;
  const pages: PageText[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const { width, height } = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const items: TextBox[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , c, d, e, f] = item.transform as number[];
      const size = Math.hypot(c!, d!);
      const baseline = height - f!;
      items.push({
        str: item.str,
        left: e!,
        right: e! + item.width,
        top: baseline - ASCENT * size,
        bottom: baseline + DESCENT * size,
        baseline,
      });
    }
    pages.push({ number: n, width, height, items });
  }
  await doc.destroy();
  return pages;
}

const texts = (pages: PageText[]) => pages.flatMap((p) => p.items.map((i) => i.str));
const describeBox = (b: TextBox) =>
  `"${b.str}" at x ${b.left.toFixed(1)}-${b.right.toFixed(1)}, y ${b.top.toFixed(1)}-${b.bottom.toFixed(1)}`;

/** Every page: no two boxes overlap, all inside the margins, "Page N of M" once. */
function checkLayout(pages: PageText[]) {
  const problems: string[] = [];
  const tolerance = 0.05;
  for (const page of pages) {
    const { items } = page;
    for (const b of items) {
      if (
        b.left < MARGIN - tolerance ||
        b.right > page.width - MARGIN + tolerance ||
        b.top < MARGIN - tolerance ||
        b.bottom > page.height - MARGIN + tolerance
      ) {
        problems.push(`page ${page.number}: outside the margins: ${describeBox(b)}`);
      }
    }
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i]!;
        const b = items[j]!;
        if (
          a.left < b.right - tolerance &&
          b.left < a.right - tolerance &&
          a.top < b.bottom - tolerance &&
          b.top < a.bottom - tolerance
        ) {
          problems.push(`page ${page.number}: ${describeBox(a)} overlaps ${describeBox(b)}`);
        }
      }
    }
    const numbers = items.filter((b) => /^Page \d+ of \d+$/.test(b.str)).map((b) => b.str);
    if (numbers.length !== 1 || numbers[0] !== `Page ${page.number} of ${pages.length}`) {
      problems.push(`page ${page.number}: page numbers ${JSON.stringify(numbers)}`);
    }
  }
  expect(problems.slice(0, 20)).toEqual([]);
}

/**
 * A row reading `label` then each of `cells` left to right on one baseline (the same line of a
 * table), on some page.
 */
function hasRow(pages: PageText[], label: string, cells: string[]): boolean {
  return pages.some((page) =>
    page.items
      .filter((b) => b.str === label)
      .some((first) => {
        let x = first.right;
        for (const cell of cells) {
          const next = page.items
            .filter(
              (b) => b.str === cell && Math.abs(b.baseline - first.baseline) < 0.5 && b.left >= x - 0.05,
            )
            .sort((a, b) => a.left - b.left)[0];
          if (!next) return false;
          x = next.right;
        }
        return true;
      }),
  );
}

const DATE = /^\d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/;
const TIME = /^\d\d:\d\d [AP]M$/;

/** The transactional report's rows: each time with its date just left of it on the same line. */
function entryRows(pages: PageText[]) {
  const rows: { page: number; date: string; time: string; baseline: number }[] = [];
  for (const page of pages) {
    for (const time of page.items.filter((b) => TIME.test(b.str))) {
      const date = page.items.find(
        (b) => DATE.test(b.str) && Math.abs(b.baseline - time.baseline) < 0.5 && b.right <= time.left,
      );
      expect(date, `the date of the row of ${describeBox(time)} on page ${page.number}`).toBeDefined();
      rows.push({ page: page.number, date: date!.str, time: time.str, baseline: time.baseline });
    }
  }
  return rows;
}

const keep = (name: string, pdf: Buffer) => {
  const dir = process.env.PDF_CHECK_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/${name}.pdf`, pdf);
};

// ---------------------------------------------------------------- a fortnight of three locations

const START = '02 Nov 2026';
const END = '15 Nov 2026';
const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
const CHANNELS: SalesChannel[] = [
  'in_store_cash',
  'in_store_card',
  'online_pickup',
  'online_delivery',
  'uber_eats',
  'doordash',
  'deliveroo',
  'menulog',
];
const MARKETPLACE = new Set<SalesChannel>(['uber_eats', 'doordash', 'deliveroo', 'menulog']);
const LONG_OPERATOR =
  'The Extraordinarily Long-Named Franchise Kitchen Holdings Pty Ltd as trustee for The Kitchen Family Trust';
const LONG_REASON =
  'Customer reported the wrong item in the bag and a missing drink; goodwill refund approved by the duty manager after a call';

let t: TestApp;
let admin: string;
let operatorId: number;

interface Place {
  id: number;
  name: string;
  code: string;
  email: string;
  /** Counted total per channel in cents (canceled excluded, refunds and reversals included). */
  cents: Map<SalesChannel, number>;
  externalIds: Set<string>;
  /** Rows of its transactional report: orders, refunds and reversals. */
  entries: number;
  refunds: number;
}
const places: Place[] = [];
let elsewhere: Place;

async function call(url: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Token ${admin}` },
    payload: body,
  });
  return res;
}
const report = (body: Record<string, unknown>) => call('/api/v1/sales-report/', body);

async function seedPlace(
  spec: { name: string; code: string; email: string | null; timeZone: string; orders: number },
  operator: number,
  operatorEmail: string,
): Promise<Place> {
  const db = t.database.db;
  const location = await createLocation(db, {
    name: spec.name,
    suburb: spec.name,
    timeZone: spec.timeZone,
    externalOperatorId: operator,
    email: spec.email,
  });
  const place: Place = {
    id: location.id,
    name: spec.name,
    code: spec.code,
    email: spec.email ?? operatorEmail,
    cents: new Map(CHANNELS.map((c) => [c, 0])),
    externalIds: new Set(),
    entries: 0,
    refunds: 0,
  };
  const first = Date.UTC(2026, 10, 2, 0, 30); // 11:30 AM in Melbourne, 08:30 AM in Perth on 02 Nov
  const step = Math.floor((12.5 * 86_400_000) / spec.orders);
  const made = [];
  for (let k = 0; k < spec.orders; k++) {
    const channel = CHANNELS[k % CHANNELS.length]!;
    const cents = 13_735 + k * 4_117 + spec.code.charCodeAt(0) * 7;
    const canceled = k % 11 === 5;
    const externalId = MARKETPLACE.has(channel)
      ? `${spec.code}-${channel.toUpperCase()}-${String(k).padStart(4, '0')}-9f1c2a7e-4b5d-4c3e-8f00`
      : null;
    const order = await createLedgerOrder(db, {
      locationId: location.id,
      channel,
      total: (cents / 100).toFixed(2),
      subTotal: ((cents - 650) / 100).toFixed(2),
      platformFee: MARKETPLACE.has(channel) ? ((cents * 0.3) / 100).toFixed(2) : '0',
      placedAt: new Date(first + k * step),
      externalId,
      status: canceled ? 'Canceled' : 'Finished',
    });
    made.push(order);
    if (externalId) place.externalIds.add(externalId);
    place.entries++;
    if (!canceled) place.cents.set(channel, place.cents.get(channel)! + cents);
  }
  // Card refunds of our own channels, dated a day after their order.
  const refundable = made.filter(
    (o) =>
      o.status !== 'Canceled' && ['in_store_card', 'online_pickup', 'online_delivery'].includes(o.channel),
  );
  for (const [i, order] of refundable.slice(0, spec.orders > 40 ? 4 : 1).entries()) {
    const amount = i === 0 ? '12.50' : (17.35 + i).toFixed(2);
    await createCardRefund(db, order, {
      amount,
      at: new Date(order.placedAt.getTime() + 86_400_000),
      reason: i === 0 ? LONG_REASON : 'Missing item',
    });
    place.cents.set(order.channel, place.cents.get(order.channel)! - Math.round(Number(amount) * 100));
    place.entries++;
    place.refunds++;
  }
  return place;
}

beforeAll(async () => {
  t = await createTestApp({ PROVIDER_ABN: '12345678901' });
  const db = t.database.db;
  const operator = await createExternalOperator(db, {
    businessName: LONG_OPERATOR,
    email: 'accounts@long-kitchen.example.test',
    abn: '51824753556',
    inStoreCashRate: '0.10',
    inStoreCardRate: '0.10',
    onlinePickupRate: '0.12',
    onlineDeliveryRate: '0.12',
    uberEatsRate: '0.35',
    doordashRate: '0.30',
    deliverooRate: '0.32',
    menulogRate: '0.25',
  });
  operatorId = operator.id;
  const other = await createExternalOperator(db, {
    businessName: 'Other Kitchens',
    email: 'other@example.test',
  });
  places.push(
    await seedPlace(
      {
        name: 'Reservoir Central Kitchen and Dark Store Warehouse 4',
        code: 'RES',
        email: 'reservoir@docs.example.test',
        timeZone: 'Australia/Melbourne',
        orders: 90,
      },
      operator.id,
      operator.email,
    ),
    await seedPlace(
      {
        name: 'Fremantle',
        code: 'FRE',
        email: 'fremantle@docs.example.test',
        timeZone: 'Australia/Perth',
        orders: 30,
      },
      operator.id,
      operator.email,
    ),
    await seedPlace(
      { name: 'Brunswick East', code: 'BRE', email: null, timeZone: 'Australia/Melbourne', orders: 12 },
      operator.id,
      operator.email,
    ),
  );
  elsewhere = await seedPlace(
    {
      name: 'Elsewhere',
      code: 'ELS',
      email: 'elsewhere@docs.example.test',
      timeZone: 'Australia/Melbourne',
      orders: 9,
    },
    other.id,
    other.email,
  );
  const [res] = places;
  // A paid order refunded and then canceled: its refund and its reversal are both listed.
  const reversed = await createLedgerOrder(db, {
    locationId: res!.id,
    channel: 'online_pickup',
    total: '64.00',
    placedAt: new Date('2026-11-09T01:00:00Z'),
  });
  await createCardRefund(db, reversed, {
    amount: '14.00',
    at: new Date('2026-11-09T02:00:00Z'),
    reason: 'Cold food',
  });
  await cancelWithReversal(db, reversed, new Date('2026-11-09T03:00:00Z'));
  res!.entries += 3;
  res!.refunds += 2;
  // A Deliveroo correction (listed apart from our refunds, not in the transactional report's rows).
  await createAdjustment(db, {
    locationId: res!.id,
    channel: 'deliveroo',
    amount: '-45.50',
    occurredAt: new Date('2026-11-10T05:00:00Z'),
    reason: 'refund',
  });
  await createStockOrderRecord(db, {
    locationId: res!.id,
    status: 'approved',
    total: '1234.00',
    gst: '112.18',
    deliveryCharge: '25.00',
    approvedAt: new Date('2026-11-09T01:00:00Z'),
  });
  admin = (await tokenFor(db, 'super_admin')).token;
});
afterAll(async () => {
  await t?.close();
});

/** The emails queued since `after` (an outbox id). */
async function emailsAfter(after: number) {
  return t.database.db.select().from(outbox).where(gt(outbox.id, after));
}
async function lastOutboxId() {
  const rows = await t.database.db.select({ id: outbox.id }).from(outbox);
  return Math.max(0, ...rows.map((r) => r.id));
}
const attachment = (mail: { attachments: { filename: string; content: string }[] }, ext: string) =>
  Buffer.from(mail.attachments.find((a) => a.filename.endsWith(ext))!.content, 'base64');

/** The transactional report of one location, emailed: its rows only, every row readable. */
async function checkOwnReport(
  mail: { recipient: string; attachments: { filename: string; content: string }[] },
  place: Place,
) {
  expect(mail.recipient).toBe(place.email);
  expect(mail.attachments.map((a) => a.filename)).toEqual([
    expect.stringMatching(new RegExp(`^transactions-.*${place.name.split(' ')[0]}.*\\.pdf$`)),
    expect.stringMatching(/\.csv$/),
  ]);
  const others = [...places, elsewhere].filter((p) => p !== place);
  // The CSV: only this location, every one of its marketplace orders.
  const csv = attachment(mail, '.csv').toString();
  const lines = csv.split('\r\n').slice(1).filter(Boolean);
  expect(lines).toHaveLength(place.entries);
  for (const other of others) expect(csv).not.toContain(`${other.code}-`);
  for (const id of place.externalIds) expect(csv).toContain(id);
  // The PDF: one readable row per order and refund, none of another location's.
  const pdf = attachment(mail, '.pdf');
  const pages = await readPdf(pdf);
  checkLayout(pages);
  expect(entryRows(pages)).toHaveLength(place.entries);
  const all = texts(pages);
  for (const other of others) {
    expect(all.some((s) => s.includes(`${other.code}-`) || s === other.name)).toBe(false);
  }
  return { pages, pdf };
}

describe('emails: each location its own transactional report, amounts as on screen', () => {
  it('formats amounts like the screens', () => {
    expect(money(19354.55)).toBe('$19,354.55');
    expect(money(-19354.55)).toBe('-$19,354.55');
    expect(money('0.5')).toBe('$0.50');
    expect(money(1234567.8)).toBe('$1,234,567.80');
  });

  it('generating the operator fortnight emails each location its summary and its own report only', async () => {
    const before = await lastOutboxId();
    const res = await report({
      query_type: 'generate_sales_report',
      external_operator: operatorId,
      start_date: START,
      end_date: END,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = (await emailsAfter(before)).filter((m) => m.channel === 'email');
    expect(mails).toHaveLength(places.length);
    for (const place of places) {
      const mail = mails.find((m) => m.subject === `Kitchaco sales summary ${place.name} ${START} - ${END}`);
      expect(mail, place.name).toBeDefined();
      const { pages, pdf } = await checkOwnReport(mail!, place);
      keep(`summary-${place.code}`, pdf);
      // Amounts in the text as the screen shows them: thousands separators, two decimals.
      for (const [channel, label] of [
        ['uber_eats', 'Uber Eats'],
        ['deliveroo', 'Deliveroo'],
        ['in_store_cash', 'In-store cash'],
      ] as const) {
        expect(mail!.body).toContain(`${label}: ${AUD.format(place.cents.get(channel)! / 100)}`);
      }
      expect(mail!.body).not.toMatch(/\$\d{4,}/);
      if (place.code === 'RES') {
        expect(mail!.body).toMatch(/Uber Eats: \$\d{1,3}(,\d{3})+\.\d{2}/);
        expect(pages.length).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('the transactional report of all locations goes to each its own rows', async () => {
    const before = await lastOutboxId();
    const res = await report({
      query_type: 'get_transactional_report',
      kitchaco: 0,
      start_date: START,
      end_date: END,
      own_channels: true,
      uber_eats: true,
      deliveroo: true,
      doordash: true,
      menulog: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await emailsAfter(before);
    for (const place of [...places, elsewhere]) {
      const mail = mails.find((m) => m.subject?.startsWith(`Kitchaco transactional report ${place.name} `));
      expect(mail, place.name).toBeDefined();
      await checkOwnReport(mail!, place);
    }
  });
});

describe('the transactional report PDF', () => {
  it('has the parties, the period, one row per order and refund, totals, page numbers', async () => {
    const res = await call('/api/v1/sales-report/transactions-pdf/', {
      kitchaco: places[0]!.id,
      start_date: START,
      end_date: END,
      own_channels: true,
      uber_eats: true,
      deliveroo: true,
      doordash: true,
      menulog: true,
    });
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    keep('transactional-report', pdf);
    const pages = await readPdf(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    // Landscape A4.
    expect(pages[0]!.width).toBeGreaterThan(pages[0]!.height);
    checkLayout(pages);
    const all = texts(pages);
    const place = places[0]!;
    for (const s of [
      'Transactional report',
      'Kitchaco Pty Ltd',
      'ABN: 12 345 678 901',
      'ABN: 51 824 753 556',
      `${START} to ${END}`,
      'Totals by platform',
    ]) {
      expect(all, s).toContain(s);
    }
    expect(all.some((s) => s.startsWith('The Extraordinarily Long-Named Franchise'))).toBe(true);
    // The location's long name wraps in the header, whole.
    expect(all.join(' ')).toContain(place.name);
    // One row per order and refund, each with its date and time on its own line.
    const rows = entryRows(pages);
    expect(rows).toHaveLength(place.entries);
    expect(rows[0]).toMatchObject({ date: '02 Nov 2026', time: '11:30 AM' });
    // Refunds and the reversal on rows of their own, negative and positive.
    expect(all.filter((s) => s === 'Refund')).toHaveLength(place.refunds - 1);
    expect(all.filter((s) => s === 'Reversal')).toHaveLength(1);
    expect(hasRow(pages, 'Refund', ['Completed', '-$12.50'])).toBe(true);
    // A long reason wraps within its cell (two lines at most).
    expect(all.some((s) => s.startsWith('Customer reported the wrong item'))).toBe(true);
    expect(all).toContain('-$12.50');
    expect(all).toContain('-$14.00');
    expect(all).toContain('$14.00');
    // Each channel's total is its counted sum, in the channel's table and in the totals at the end.
    for (const channel of CHANNELS) {
      const total = AUD.format(place.cents.get(channel)! / 100);
      expect(all.filter((s) => s === total).length, channel).toBeGreaterThanOrEqual(2);
    }
    // A table running onto the next page repeats its title (continued) and headings there: every
    // page's first row has the column headings above it.
    expect(texts(pages.slice(1)).some((s) => s.endsWith('(continued)'))).toBe(true);
    for (const page of pages) {
      const first = rows.filter((r) => r.page === page.number)[0];
      if (!first) continue;
      const heading = page.items.find((b) => b.str === 'Date' && b.baseline < first.baseline);
      expect(heading, `the headings of page ${page.number}`).toBeDefined();
      expect(hasRow([page], 'Date', ['Time', 'Order #', 'Platform order ID', 'Type', 'Status'])).toBe(true);
    }
  });

  it('keeps rows apart with extreme data: long text, large and negative amounts, many pages', async () => {
    const orders: PlatformOrderRow[] = Array.from({ length: 260 }, (_, k) => ({
      id: 1_000_000 + k,
      external_id: `UBER-${'X'.repeat(40)}-${k}`,
      location: 'A location with a very long name that would never fit in its column at all 😀',
      tz: 'Australia/Sydney',
      channel: (['uber_eats', 'in_store_card', 'deliveroo'] as const)[k % 3]!,
      status: k % 7 === 0 ? 'Canceled' : 'Finished',
      placed_at: new Date(Date.UTC(2026, 8, 6, 14, 0) + k * 3_600_000),
      sub_total: (k % 5 === 0 ? -9_999_999.99 : 1_234_567.89).toFixed(2),
      total: (k % 5 === 0 ? -9_999_999.99 : 1_234_567.89).toFixed(2),
      platform_fee: '-123456.78',
    }));
    const data: TransactionalData = {
      from: '2026-09-07',
      to: '2026-09-20',
      locations: ['A location with a very long name that would never fit in its column at all 😀'],
      channels: ['in_store_card', 'uber_eats', 'deliveroo'],
      orders,
      refunds: Array.from({ length: 20 }, (_, k) => ({
        id: k + 1,
        order_id: 1_000_000 + k,
        external_id: null,
        location: 'Somewhere',
        tz: 'Australia/Sydney',
        channel: 'in_store_card' as const,
        occurred_at: new Date(Date.UTC(2026, 8, 7, 1, 0) + k * 60_000),
        amount: '-1234.56',
        reason: LONG_REASON.repeat(3),
      })),
      operator: { businessName: LONG_OPERATOR.repeat(2), abn: null },
      today: '2026-09-21',
    };
    const pdf = await transactionalPdf(data);
    keep('transactional-extreme', pdf);
    const pages = await readPdf(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(8);
    checkLayout(pages);
    const rows = entryRows(pages);
    expect(rows).toHaveLength(280);
    // The first table is In-store card's: its first order is the second, 01:00 AM in Sydney.
    expect(rows[0]).toMatchObject({ date: '07 Sep 2026', time: '01:00 AM' });
    const all = texts(pages);
    expect(all).toContain('ABN: not provided');
    expect(all).toContain('-$9,999,999.99');
    expect(all).toContain('$1,234,567.89');
    expect(all).toContain('-$1,234.56');
    // Text a column cannot hold is cut with an ellipsis, never wrapped into the next row.
    expect(all.some((s) => s.startsWith('UBER-XXXX') && s.endsWith('…'))).toBe(true);
  });
});

describe('the invoice PDF', () => {
  const body = { external_operator: 0, start_date: START, end_date: END };
  const getInvoice = async (): Promise<SalesReportResponse> => {
    const res = await report({ query_type: 'get_sales_report', ...body, external_operator: operatorId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** Every figure of the invoice, each on its row. */
  function checkFigures(pages: PageText[], inv: SalesReportResponse['invoice']) {
    const labels: Record<string, string> = {
      in_store_cash: 'In-store cash',
      in_store_card: 'In-store card',
      online_pickup: 'Online pickup',
      online_delivery: 'Online delivery',
      uber_eats: 'Uber Eats',
      doordash: 'DoorDash',
      deliveroo: 'Deliveroo',
      menulog: 'Menulog',
    };
    for (const [channel, line] of Object.entries(inv.commissions)) {
      const sales = inv.sales[channel as keyof typeof inv.sales];
      const rate = `${(Number(line.rate) * 100).toFixed(2)}%`;
      expect(
        hasRow(pages, labels[channel]!, [
          money(sales),
          rate,
          money(line.net),
          money(line.gst),
          money(line.gross),
        ]),
        `commission of ${channel}`,
      ).toBe(true);
    }
    const gst = (a: { gross: number; gst: number; net: number }) => [
      money(a.net),
      money(a.gst),
      money(a.gross),
    ];
    expect(hasRow(pages, 'Total commissions', gst(inv.total_commission))).toBe(true);
    expect(hasRow(pages, 'Total revenue', gst(inv.revenue))).toBe(true);
    // Each revenue row with its ex GST and GST (a tax invoice shows them on every row), adding up
    // to the total's: gross / 11 to the cent, a cent of rounding where it was largest.
    const sales = Object.fromEntries(
      Object.entries(inv.sales).map(([k, v]) => [k, toMills(v as number)]),
    ) as Parameters<typeof revenueLines>[0];
    const revenue = revenueLines(sales, {
      gross: toMills(inv.revenue.gross),
      gst: toMills(inv.revenue.gst),
      net: toMills(inv.revenue.net),
    });
    const dollars = (a: { gross: number; gst: number; net: number }) => [
      formatAUD(a.net),
      formatAUD(a.gst),
      formatAUD(a.gross),
    ];
    for (const [line, amount] of Object.entries(revenue)) {
      const label = line === 'deliveroo_adjustments' ? 'Deliveroo adjustments' : labels[line]!;
      expect(Math.abs(amount.gst - Math.round(amount.gross / 11 / 10) * 10), line).toBeLessThanOrEqual(10);
      expect(hasRow(pages, label, dollars(amount)), `revenue row ${label}: ex GST, GST, inc GST`).toBe(true);
    }
    // The rows add up to the total's GST (an invoice as computed; the extreme test scales each figure alone).
    if (toMills(inv.revenue.gst) === Math.round(toMills(inv.revenue.gross) / 110) * 10) {
      expect(Object.values(revenue).reduce((a, l) => a + l.gst, 0)).toBe(toMills(inv.revenue.gst));
    }
    expect(
      hasRow(pages, 'Total stock purchased', [
        money(inv.stock.net),
        money(inv.stock.gst),
        money(inv.stock.gross),
      ]),
    ).toBe(true);
    expect(hasRow(pages, 'Total miscellaneous charges', gst(inv.total_misc))).toBe(true);
    expect(hasRow(pages, 'Total purchases (charged by Kitchaco)', gst(inv.purchases))).toBe(true);
    expect(hasRow(pages, 'Earnings (revenue less purchases)', gst(inv.earnings))).toBe(true);
    const payout = pages.flatMap((p) => p.items).find((b) => b.str.startsWith('Payout (inc GST)'));
    expect(payout).toBeDefined();
    expect(hasRow(pages, payout!.str, [money(inv.payout_inc_gst)])).toBe(true);
    // A charge's label may wrap in its cell: its figures are on its first line.
    const joined = texts(pages).join(' ');
    for (const m of inv.misc) {
      expect(hasRow(pages, m.has_gst ? 'Yes' : 'No', gst(m)), m.label).toBe(true);
      expect(joined).toContain(m.label);
    }
  }

  it('a draft before approval: both parties with ABNs, period, every figure, in tables that fit', async () => {
    const res = await call('/api/v1/sales-report/invoice-pdf/', { ...body, external_operator: operatorId });
    expect(res.statusCode).toBe(200);
    const pages = await readPdf(res.rawPayload);
    keep('invoice-draft', res.rawPayload);
    checkLayout(pages);
    const all = texts(pages);
    for (const s of [
      'Tax invoice and payout statement',
      'FROM (SUPPLIER)',
      'TO (FRANCHISEE OPERATOR)',
      'Kitchaco Pty Ltd',
      'ABN: 12 345 678 901',
      'ABN: 51 824 753 556',
      'accounts@long-kitchen.example.test',
      'Invoice no.',
      `KC-${String(operatorId).padStart(4, '0')}-20261102`,
      `${START} to ${END}`,
      '18 Nov 2026 (draft)',
      'Draft: not approved yet',
    ]) {
      expect(all, s).toContain(s);
    }
    // The long business name is wrapped, never cut.
    expect(all.join(' ')).toContain(LONG_OPERATOR);
    checkFigures(pages, (await getInvoice()).invoice);
    // Sales per location, each location's own figures.
    for (const place of places) {
      const cents = (c: SalesChannel) => place.cents.get(c)! / 100;
      expect(
        hasRow(pages, AUD.format(cents('uber_eats')), [
          AUD.format(cents('doordash')),
          AUD.format(cents('deliveroo')),
        ]),
        place.name,
      ).toBe(true);
      expect(
        hasRow(pages, AUD.format(cents('in_store_cash')), [
          AUD.format(cents('in_store_card')),
          AUD.format(cents('online_pickup')),
          AUD.format(cents('online_delivery')),
        ]),
        place.name,
      ).toBe(true);
    }
  });

  it('approved with charges (a credit among them): approval and every figure, emailed with the payout as on screen', async () => {
    const approve = await report({
      query_type: 'update_and_approve_sales_report',
      external_operator: operatorId,
      start_date: START,
      end_date: END,
      misc: [
        {
          label: 'Marketing levy for the spring campaign across all of the Melbourne locations',
          gross: 1100,
          has_gst: true,
        },
        { label: 'Credit: overcharged bin hire in October', gross: -250, has_gst: false },
      ],
      less_in_store_cash_sales: true,
      less_in_store_card_sales: true,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const inv = (await getInvoice()).invoice;
    const before = await lastOutboxId();
    const email = await report({ query_type: 'email_sales_report', ...body, external_operator: operatorId });
    expect(email.statusCode, email.body).toBe(200);
    const [mail] = (await emailsAfter(before)).filter(
      (m) => m.recipient === 'accounts@long-kitchen.example.test',
    );
    expect(mail!.body).toContain(`Payout (inc GST): ${AUD.format(inv.payout_inc_gst)}.`);
    expect(Math.abs(inv.payout_inc_gst)).toBeGreaterThan(1000);
    expect(mail!.body).toMatch(/Payout \(inc GST\): -?\$\d{1,3}(,\d{3})+\.\d{2}\./);
    const pdf = attachment(mail!, '.pdf');
    keep('invoice-approved', pdf);
    const pages = await readPdf(pdf);
    checkLayout(pages);
    const all = texts(pages);
    expect(all).toContain('Approved on 18 Nov 2026');
    expect(all).toContain('Approved by');
    expect(all).not.toContain('18 Nov 2026 (draft)');
    expect(all).toContain('-$250.00');
    checkFigures(pages, inv);
    expect(
      hasRow(pages, "Less in-store card sales (paid to the operator's own terminal)", [
        money(-inv.less_in_store_card_sales),
      ]),
    ).toBe(true);
  });

  it('many locations, huge and negative figures: pages break between rows, the header repeats', async () => {
    const base = await getInvoice();
    // Every amount times 1000 and negated where it was positive: eight-figure, negative amounts.
    const scale = (value: unknown, key = ''): unknown => {
      if (typeof value === 'number' && key !== 'rate') return -Math.round(value * 100_000) / 100;
      if (Array.isArray(value)) return value.map((v) => scale(v));
      if (value && typeof value === 'object')
        return Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k, k === 'kitchaco' ? v : scale(v, k)]),
        );
      return value;
    };
    const scaled = scale(base) as SalesReportResponse;
    const many: SalesReportResponse = {
      ...scaled,
      sales_data: Array.from({ length: 45 }, (_, i) => ({
        ...scaled.sales_data[i % scaled.sales_data.length]!,
        kitchaco__suburb: `${i + 1} ${places[i % places.length]!.name} with an annex`,
      })),
      invoice: { ...scaled.invoice, payout_inc_gst: -19354.55 },
    };
    const pdf = await invoicePdf(many, {
      operator: { id: operatorId, businessName: LONG_OPERATOR, email: 'a@b.test', abn: null },
      today: '2026-11-27',
      providerAbn: '12345678901',
    });
    keep('invoice-extreme', pdf);
    const pages = await readPdf(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    checkLayout(pages);
    const all = texts(pages);
    expect(all).toContain('ABN: not provided');
    expect(all).toContain('-$19,354.55');
    expect(all).toContain('Payout (inc GST): owed by the operator');
    expect(all.some((s) => s.endsWith('(continued)'))).toBe(true);
    // A sales table continued on the next page repeats its title and column headings there.
    const continued = pages.filter((p) =>
      p.items.some((b) => b.str.startsWith('Sales by location') && b.str.endsWith('(continued)')),
    );
    expect(continued.length).toBeGreaterThanOrEqual(1);
    for (const page of continued) {
      const strs = page.items.map((b) => b.str);
      expect(strs).toContain('Location');
      expect(strs.includes('In-store cash') || strs.includes('Uber Eats')).toBe(true);
    }
    checkFigures(pages, many.invoice);
  });

  it('no table leaves a single row at a page break: at least two rows each side, a small table moved whole', async () => {
    const base = await getInvoice();
    const money$ = /^-?\$[\d,]+\.\d\d$/;
    const sizeOf = (b: TextBox) => (b.bottom - b.top) / (ASCENT + DESCENT);
    /** The rows (by their money cells) of a table below `title` on `page`, to the next title or the footer. */
    const rowsBelow = (page: PageText, title: TextBox) => {
      const footer = page.items.find((b) => /^Page \d+ of \d+$/.test(b.str))?.baseline ?? page.height;
      const next =
        page.items
          .filter((b) => b.baseline > title.baseline + 1 && sizeOf(b) >= 10)
          .map((b) => b.baseline)
          .sort((a, b) => a - b)[0] ?? footer;
      const end = Math.min(next, footer) - 0.5;
      return new Set(
        page.items
          .filter((b) => b.baseline > title.baseline + 1 && b.baseline < end && money$.test(b.str))
          .map((b) => Math.round(b.baseline)),
      ).size;
    };
    let breaks = 0;
    for (let count = 1; count <= 40; count++) {
      const report: SalesReportResponse = {
        ...base,
        sales_data: Array.from({ length: count }, (_, i) => ({
          ...base.sales_data[i % base.sales_data.length]!,
          kitchaco__suburb: `${i + 1} ${places[i % places.length]!.name}`,
        })),
      };
      const pdf = await invoicePdf(report, {
        operator: { id: operatorId, businessName: LONG_OPERATOR, email: 'a@b.test', abn: null },
        today: '2026-11-27',
        providerAbn: '51 824 753 556',
      });
      const pages = await readPdf(pdf);
      for (let p = 1; p < pages.length; p++) {
        for (const cont of pages[p]!.items.filter((b) => b.str.endsWith(' (continued)'))) {
          const title = cont.str.slice(0, -' (continued)'.length);
          const start = pages[p - 1]!.items.filter((b) => b.str === title || b.str === cont.str).at(-1);
          expect(start, `${count} locations: "${title}" starts on page ${p}`).toBeDefined();
          const before = rowsBelow(pages[p - 1]!, start!);
          const after = rowsBelow(pages[p]!, cont);
          const where = `${count} locations, "${title}", pages ${p} and ${p + 1}: ${before} + ${after} rows`;
          expect(before, where).toBeGreaterThanOrEqual(2);
          expect(after, where).toBeGreaterThanOrEqual(2);
          expect(before + after, `${where}: a small table moves whole`).toBeGreaterThan(SMALL_TABLE_ROWS);
          breaks++;
        }
      }
    }
    // The sizes break pages at many places (the check is not empty).
    expect(breaks).toBeGreaterThan(10);
  });

  it('the summary of all operators is no tax invoice', async () => {
    const generated = await report({
      query_type: 'generate_sales_report',
      kitchaco: elsewhere.id,
      start_date: START,
      end_date: END,
    });
    expect(generated.statusCode).toBe(200);
    // The download needs an operator; the summary is the same function with none.
    const res = await report({ query_type: 'get_sales_report', ...body });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await invoicePdf(res.json() as SalesReportResponse, {
      operator: null,
      today: '2026-11-18',
      providerAbn: null,
    });
    const pages = await readPdf(pdf);
    checkLayout(pages);
    const all = texts(pages);
    expect(all).toContain('Fortnight sales summary: all operators');
    expect(all).not.toContain('Tax invoice and payout statement');
    expect(all).not.toContain('Invoice no.');
  });
});
