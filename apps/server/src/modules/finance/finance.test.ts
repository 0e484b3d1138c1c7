import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fortnightPeriods, invoiceApprovals, orders, outbox } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createExternalOperator, createLocation } from '../../test/factories.js';
import { createAdjustment, createLedgerOrder, createStockOrderRecord } from '../../test/ledger.js';

/**
 * A fortnight worked out by hand: operator Harbour Foods runs Reservoir (Melbourne, UTC+11) and
 * Fremantle (Perth, UTC+8). Fortnight 02 Nov - 15 Nov 2026; the test clock is Wed 18 Nov.
 *
 * Sales (canceled excluded):
 *   cash 100 + 7 (23:59 on 15 Nov) + 20 = 127.00     card 50.00      pickup 80.00    delivery 70.00
 *   Uber Eats 200 + 40 (CSV) + 60 = 300.00           DoorDash 30.00
 *   Deliveroo 120 + 30 (23:30 in Perth on 15 Nov) = 150.00 (a 60.00 order canceled); refund -5.00
 *   Menulog 10.00                                     -> revenue 812.00, GST 73.82, net 738.18
 * Commission: rate x the channel's sales = the commission ex GST; GST 10% of it on top; inc GST:
 *   channel     sales  x rate =  ex GST |  GST  | inc GST
 *   cash       127.00 x 10%  =   12.70 |  1.27 |   13.97
 *   card        50.00 x 10%  =    5.00 |  0.50 |    5.50
 *   pickup      80.00 x 12%  =    9.60 |  0.96 |   10.56
 *   delivery    70.00 x 12%  =    8.40 |  0.84 |    9.24
 *   Uber Eats  300.00 x 35%  =  105.00 | 10.50 |  115.50
 *   DoorDash    30.00 x 30%  =    9.00 |  0.90 |    9.90
 *   Deliveroo  150.00 x 32%  =   48.00 |  4.80 |   52.80
 *   Menulog     10.00 x 25%  =    2.50 |  0.25 |    2.75
 *   total                      200.20 | 20.02 |  220.22
 * Stock approved in the fortnight: 110.00 (GST 10.00) + 55.00 (GST 5.00, fee 25.00) = 165.00,
 *   GST 15.00, net 150.00
 * No charges: purchases 220.22 + 165.00 = 385.22; earnings 812.00 - 385.22 = 426.78;
 *   payout 426.78 - cash 127.00 = 299.78
 * Misc: Marketing 55.00 with GST (5.00 / 50.00), Bin hire 20.00 without -> 75.00, GST 5.00, net 70.00
 * Purchases 220.22 + 165.00 + 75.00 = 460.22 (GST 20.02 + 15.00 + 5.00 = 40.02,
 *   net 200.20 + 150.00 + 70.00 = 420.20)
 * Earnings 812.00 - 460.22 = 351.78 (GST 73.82 - 40.02 = 33.80, net 738.18 - 420.20 = 317.98)
 * Payout = 351.78 - cash 127.00 = 224.78 (card also deducted: 174.78)
 */
let t: TestApp;
let admin: string;
let adminEmail: string;
let operatorId: number;
let mel: { id: number };
let per: { id: number };
const START = '02 Nov 2026';
const END = '15 Nov 2026';

async function call(token: string, url: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Token ${token}` },
    payload: body,
  });
  const json = String(res.headers['content-type']).startsWith('application/json');
  return { status: res.statusCode, body: json ? res.json() : null, raw: res };
}
const report = (body: Record<string, unknown>) => call(admin, '/api/v1/sales-report/', body);
const invoice = () =>
  report({ query_type: 'get_sales_report', external_operator: operatorId, start_date: START, end_date: END });
const generate = (kitchaco: number, start = START, end = END) =>
  report({ query_type: 'generate_sales_report', kitchaco, start_date: start, end_date: end });

const MISC = [
  { label: 'Marketing', gross: 55, has_gst: true },
  { label: 'Bin hire', gross: 20, has_gst: false },
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const harbour = await createExternalOperator(db, {
    businessName: 'Harbour Foods Pty Ltd',
    email: 'accounts@harbour.example.test',
    inStoreCashRate: '0.10',
    inStoreCardRate: '0.10',
    onlinePickupRate: '0.12',
    onlineDeliveryRate: '0.12',
    uberEatsRate: '0.35',
    doordashRate: '0.30',
    deliverooRate: '0.32',
    menulogRate: '0.25',
  });
  operatorId = harbour.id;
  const other = await createExternalOperator(db, { businessName: 'Other Kitchens', uberEatsRate: '0.5' });
  mel = await createLocation(db, {
    name: 'Reservoir',
    suburb: 'Reservoir',
    timeZone: 'Australia/Melbourne',
    externalOperatorId: harbour.id,
    email: 'reservoir@example.test',
  });
  per = await createLocation(db, {
    name: 'Fremantle',
    suburb: 'Fremantle',
    timeZone: 'Australia/Perth',
    externalOperatorId: harbour.id,
  });
  const elsewhere = await createLocation(db, { name: 'Elsewhere', externalOperatorId: other.id });
  const a = await tokenFor(db, 'super_admin');
  admin = a.token;
  adminEmail = (await db.query.staffUsers.findFirst({ where: (s, { eq: e }) => e(s.id, a.id) }))!.email;

  const order = (
    locationId: number,
    channel: Parameters<typeof createLedgerOrder>[1]['channel'],
    total: string,
    placedAt: string,
    extra: Partial<Parameters<typeof createLedgerOrder>[1]> = {},
  ) => createLedgerOrder(db, { locationId, channel, total, placedAt: new Date(placedAt), ...extra });

  await order(mel.id, 'in_store_cash', '100.00', '2026-11-03T02:00:00Z');
  await order(mel.id, 'in_store_cash', '7.00', '2026-11-15T12:59:00Z'); // 23:59 on 15 Nov
  await order(mel.id, 'in_store_cash', '999.00', '2026-11-15T13:00:00Z'); // 00:00 on 16 Nov: next fortnight
  await order(mel.id, 'in_store_cash', '888.00', '2026-11-01T12:59:00Z'); // 23:59 on 1 Nov: before
  await order(mel.id, 'in_store_card', '50.00', '2026-11-04T02:00:00Z');
  await order(mel.id, 'online_pickup', '80.00', '2026-11-05T02:00:00Z');
  await order(mel.id, 'online_delivery', '70.00', '2026-11-06T02:00:00Z', {
    deliveryCharge: '6.50',
    subTotal: '63.50',
  });
  await order(mel.id, 'uber_eats', '200.00', '2026-11-07T02:00:00Z', {
    externalId: 'UE-1',
    ingestedVia: 'webhook',
  });
  await order(mel.id, 'uber_eats', '40.00', '2026-11-08T02:00:00Z', {
    externalId: 'UE-2',
    ingestedVia: 'csv',
  });
  await order(mel.id, 'doordash', '30.00', '2026-11-09T02:00:00Z', { externalId: 'DD-1' });
  await order(mel.id, 'deliveroo', '120.00', '2026-11-10T02:00:00Z', { externalId: 'DR-1' });
  await order(mel.id, 'deliveroo', '60.00', '2026-11-10T03:00:00Z', {
    externalId: 'DR-2',
    status: 'Canceled',
  });
  await order(mel.id, 'menulog', '10.00', '2026-11-11T02:00:00Z', { externalId: 'ML-1' });
  await createAdjustment(db, {
    locationId: mel.id,
    channel: 'deliveroo',
    amount: '-5.00',
    occurredAt: new Date('2026-11-10T05:00:00Z'),
    reason: 'refund',
  });
  await order(per.id, 'in_store_cash', '20.00', '2026-11-04T04:00:00Z');
  await order(per.id, 'uber_eats', '60.00', '2026-11-05T04:00:00Z', { externalId: 'UE-3' });
  await order(per.id, 'deliveroo', '30.00', '2026-11-15T15:30:00Z', { externalId: 'DR-3' }); // 23:30 in Perth
  await order(elsewhere.id, 'uber_eats', '500.00', '2026-11-05T04:00:00Z', { externalId: 'UE-9' });

  const stock = (
    locationId: number,
    status: 'approved' | 'pending' | 'disapproved',
    total: string,
    gst: string,
    at: string | null,
    fee = '0',
  ) =>
    createStockOrderRecord(db, {
      locationId,
      status,
      total,
      gst,
      deliveryCharge: fee,
      approvedAt: at ? new Date(at) : null,
    });
  await stock(mel.id, 'approved', '110.00', '10.00', '2026-11-09T01:00:00Z');
  await stock(per.id, 'approved', '55.00', '5.00', '2026-11-12T03:00:00Z', '25.00');
  await stock(mel.id, 'approved', '400.00', '36.36', '2026-11-16T01:00:00Z'); // next fortnight
  await stock(mel.id, 'pending', '300.00', '27.27', null);
  await stock(per.id, 'disapproved', '200.00', '18.18', null);
});
afterAll(() => t.close());

describe('fortnight periods', () => {
  it('lists Monday fortnights newest first, up to the current one', async () => {
    const { status, body } = await call(admin, '/api/v1/admin-data/', {
      query_type: 'sales_invoice_fortnight_period',
    });
    expect(status).toBe(200);
    const periods = body.sales_invoice_fortnight_period;
    expect(periods[0]).toMatchObject({ start_date: '16 Nov 2026', end_date: '29 Nov 2026' });
    expect(periods[1]).toMatchObject({ start_date: START, end_date: END });
  });

  it('refuses a start that is not a Monday and an end that is not 13 days later', async () => {
    const tuesday = await generate(mel.id, '03 Nov 2026', '16 Nov 2026');
    expect(tuesday.status).toBe(400);
    expect(JSON.stringify(tuesday.body)).toContain('The start date must be a Monday');
    const short = await generate(mel.id, START, '14 Nov 2026');
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('end_date');
  });
});

describe('the sales report and payout invoice', () => {
  it('has no invoice before the reports are generated', async () => {
    const { status, body } = await invoice();
    expect(status).toBe(404);
    expect(body.error).toBe(
      "Report for this location and period hasn't been generated yet. Please select a different location or period or come back later for this report.",
    );
  });

  it('cannot generate a fortnight that has not ended', async () => {
    const { status, body } = await generate(mel.id, '16 Nov 2026', '29 Nov 2026');
    expect(status).toBe(409);
    expect(body.error).toMatch(/can be generated from 30 Nov 2026/);
  });

  it('generates each location and emails its transactional summary with PDF and CSV', async () => {
    expect((await generate(mel.id)).status).toBe(200);
    expect((await invoice()).status).toBe(404); // Fremantle not generated yet
    const both = await generate(per.id);
    expect(both.body).toMatchObject({ success: true, generated: ['Fremantle'] });
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.channel, 'email'));
    const reservoir = mails.find((m) => m.recipient === 'reservoir@example.test');
    expect(reservoir?.subject).toBe('Kitchaco sales summary Reservoir 02 Nov 2026 - 15 Nov 2026');
    expect(reservoir?.body).toContain('Uber Eats: $240.00');
    expect(reservoir?.attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'text/csv']);
    expect(Buffer.from(reservoir!.attachments[0]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // Fremantle has no address of its own: its operator's.
    expect(mails.some((m) => m.recipient === 'accounts@harbour.example.test')).toBe(true);
  });

  it('computes every figure from the ledger, each location in its own time zone', async () => {
    const { status, body } = await invoice();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'generated',
      business_name: 'Harbour Foods Pty Ltd',
      gross_kitchaco_in_store_cash_sales: 127,
      gross_kitchaco_in_store_card_sales: 50,
      gross_kitchaco_online_pickup_sales: 80,
      gross_kitchaco_online_delivery_sales: 70,
      gross_uber_eats_sales: 300,
      gross_doordash_sales: 30,
      gross_deliveroo_sales: 150,
      gross_menulog_sales: 10,
      gross_stock_purchased: 165,
      gst_stock_purchased: 15,
      net_stock_purchased: 150,
      delivery_charge_stock_purchased: 25,
      approved_by: null,
    });
    expect(body.sales_data).toEqual([
      expect.objectContaining({
        kitchaco__suburb: 'Reservoir',
        in_store_cash_sales: 107,
        uber_total_sales: 240,
        deliveroo_total_sales: 120,
        deliveroo_adjustments: -5,
        status: 'generated',
      }),
      expect.objectContaining({
        kitchaco__suburb: 'Fremantle',
        in_store_cash_sales: 20,
        deliveroo_total_sales: 30,
      }),
    ]);
    expect(body.commission_rate_data).toMatchObject({
      uber_eats_commission: 0.35,
      deliveroo_commission: 0.32,
    });
    expect(body.invoice.revenue).toEqual({ gross: 812, gst: 73.82, net: 738.18 });
    // Each channel's commission as worked out by hand above: ex GST (net), GST, inc GST (gross).
    expect(body.invoice.commissions).toEqual({
      in_store_cash: { rate: '0.1000', net: 12.7, gst: 1.27, gross: 13.97 },
      in_store_card: { rate: '0.1000', net: 5, gst: 0.5, gross: 5.5 },
      online_pickup: { rate: '0.1200', net: 9.6, gst: 0.96, gross: 10.56 },
      online_delivery: { rate: '0.1200', net: 8.4, gst: 0.84, gross: 9.24 },
      uber_eats: { rate: '0.3500', net: 105, gst: 10.5, gross: 115.5 },
      doordash: { rate: '0.3000', net: 9, gst: 0.9, gross: 9.9 },
      deliveroo: { rate: '0.3200', net: 48, gst: 4.8, gross: 52.8 },
      menulog: { rate: '0.2500', net: 2.5, gst: 0.25, gross: 2.75 },
    });
    expect(body.invoice.total_commission).toEqual({ gross: 220.22, gst: 20.02, net: 200.2 });
    // No charges yet: purchases 220.22 + 165.00 = 385.22 (GST 20.02 + 15.00 = 35.02, net 350.20).
    expect(body.invoice.purchases).toEqual({ gross: 385.22, gst: 35.02, net: 350.2 });
    // Earnings 812.00 - 385.22 = 426.78 (GST 73.82 - 35.02 = 38.80, net 738.18 - 350.20 = 387.98).
    expect(body.invoice.earnings).toEqual({ gross: 426.78, gst: 38.8, net: 387.98 });
    // Payout 426.78 - cash 127.00 = 299.78.
    expect(body.invoice.payout_inc_gst).toBe(299.78);
  });

  it('refuses to approve figures that differ from the ledger, then approves once with a snapshot', async () => {
    const base = {
      query_type: 'update_and_approve_sales_report',
      external_operator: operatorId,
      start_date: START,
      end_date: END,
      approved_by: 'whoever@example.test',
      misc: MISC,
    };
    const stale = await report({ ...base, total_payout_inc_gst: 299.78 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/\$224\.78/);
    const ok = await report({ ...base, total_payout_inc_gst: 224.78 });
    expect(ok.body).toEqual({
      success: true,
      message: 'Approved Successfully',
      changed: true,
      invoice_number: `KC-${String(operatorId).padStart(4, '0')}-20261102`,
    });

    const { body } = await invoice();
    expect(body).toMatchObject({ status: 'approved', approved_by: adminEmail, approved_on: '18 Nov 2026' });
    expect(body.invoice.misc).toEqual([
      { label: 'Marketing', gross: 55, has_gst: true, gst: 5, net: 50 },
      { label: 'Bin hire', gross: 20, has_gst: false, gst: 0, net: 20 },
    ]);
    expect(body.invoice.total_commission).toEqual({ gross: 220.22, gst: 20.02, net: 200.2 });
    expect(body.invoice.purchases).toEqual({ gross: 460.22, gst: 40.02, net: 420.2 });
    expect(body.invoice.earnings).toEqual({ gross: 351.78, gst: 33.8, net: 317.98 });
    expect(body.invoice.payout_inc_gst).toBe(224.78);
    expect(body.sales_approved_invoice_details[0]).toMatchObject({
      kitchaco__suburb: 'Reservoir',
      uber_eats_sales: 240,
    });
  });

  it('never changes once approved: a late order shows beside the approved figures, never in them', async () => {
    await createLedgerOrder(t.database.db, {
      locationId: mel.id,
      channel: 'uber_eats',
      externalId: 'UE-LATE',
      total: '100.00',
      placedAt: new Date('2026-11-12T02:00:00Z'),
    });
    expect((await invoice()).body.invoice.payout_inc_gst).toBe(224.78);
    const location = await report({
      query_type: 'get_sales_report',
      kitchaco: mel.id,
      start_date: START,
      end_date: END,
    });
    // The location is approved: its row shows the approved figure, the live one beside it.
    expect(location.body.sales_data[0]).toMatchObject({ uber_total_sales: 240, status: 'approved' });
    expect(location.body.live.sales_data[0].uber_total_sales).toBe(340);
    expect(location.body.live_differs).toBe(true);
    const approved = (await invoice()).body;
    expect(approved.live_differs).toBe(true);
    // +100.00 Uber Eats: revenue +100.00; commission ex GST +35.00, GST +3.50, inc GST +38.50:
    // payout 224.78 + 100.00 - 38.50 = 286.28.
    expect(approved.live.invoice.commissions.uber_eats).toEqual({
      rate: '0.3500',
      net: 140,
      gst: 14,
      gross: 154,
    });
    expect(approved.live.invoice.payout_inc_gst).toBe(286.28);
  });

  it('approving again takes the new figures and keeps the earlier approval in history', async () => {
    const again = await report({
      query_type: 'update_and_approve_sales_report',
      external_operator: operatorId,
      start_date: START,
      end_date: END,
      misc: MISC,
      less_in_store_card_sales: true,
    });
    expect(again.status).toBe(200);
    const { body } = await invoice();
    // +100 Uber Eats: revenue +100, commission inc GST +38.50 (35.00 + GST 3.50) -> earnings
    // 351.78 + 61.50 = 413.28; less cash 127.00 and card 50.00: 236.28.
    expect(body.invoice.earnings.gross).toBe(413.28);
    expect(body.invoice.payout_inc_gst).toBe(236.28);
    expect(body.less_in_store_card_sales).toBe(true);
    // The second version is an adjustment note of the tax invoice (its difference, +11.50).
    const number = `KC-${String(operatorId).padStart(4, '0')}-20261102`;
    expect(body.history).toEqual([
      { approved_by: adminEmail, approved_on: '18 Nov 2026', payout_inc_gst: 224.78, number },
    ]);
    expect(body.invoice_number).toBe(`${number}-A1`);
    expect(body.adjustment_note).toEqual({
      number: `${number}-A1`,
      adjusts: number,
      original_payout_inc_gst: 224.78,
      previous_payout_inc_gst: 224.78,
      payout_inc_gst: 236.28,
      difference: 11.5,
      // Commission GST +3.50 on the +100 Uber Eats.
      gst_adjustment: 3.5,
      settled_in: null,
    });
    const rows = await t.database.db
      .select()
      .from(invoiceApprovals)
      .where(and(eq(invoiceApprovals.externalOperatorId, operatorId)));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.supersededAt === null)).toHaveLength(1);
  });

  it('emails the adjustment note of an invoice approved again: the difference, never a second invoice', async () => {
    const { body } = await report({
      query_type: 'email_sales_report',
      external_operator: operatorId,
      start_date: START,
      end_date: END,
    });
    expect(body).toEqual({ success: true, message: 'Email has been sent to your registered email address.' });
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'accounts@harbour.example.test'));
    const number = `KC-${String(operatorId).padStart(4, '0')}-20261102`;
    expect(mails.filter((m) => m.subject?.startsWith('Kitchaco payout invoice'))).toEqual([]);
    const mail = mails.find((m) => m.subject === `Adjustment of ${number}: +$11.50`)!;
    expect(mail.body).toContain(`Adjustment of ${number}: +$11.50.`);
    expect(mail.body).toContain('payout already approved ($224.78) to $236.28');
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      `adjustment-note-${number}-A1-02-Nov-2026.pdf`,
      `adjustment-note-${number}-A1-02-Nov-2026.csv`,
    ]);
    const csv = Buffer.from(mail.attachments[1]!.content, 'base64').toString();
    expect(csv).toContain(`Adjustment note ${number}-A1,Adjustment of ${number},11.50`);
    expect(csv).toContain('Totals,Payout (GST inclusive),236.28');
    expect(csv).toContain('Miscellaneous,Marketing,55.00,5.00,50.00');
  });

  it('downloads the invoice as PDF and CSV', async () => {
    const pdf = await call(admin, '/api/v1/sales-report/invoice-pdf/', {
      external_operator: operatorId,
      start_date: START,
      end_date: END,
    });
    expect(pdf.status, pdf.raw.body.slice(0, 300)).toBe(200);
    expect(pdf.raw.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await call(admin, '/api/v1/sales-report/invoice-csv/', {
      external_operator: operatorId,
      start_date: START,
      end_date: END,
    });
    expect(csv.raw.headers['content-disposition']).toBe('attachment; filename="invoice-02-Nov-2026.csv"');
    expect(csv.raw.body).toContain('Harbour Foods Pty Ltd');
  });
});

describe('transactional report', () => {
  it('needs at least one platform, with the spec message', async () => {
    const { status, body } = await report({
      query_type: 'get_transactional_report',
      kitchaco: mel.id,
      start_date: START,
      end_date: END,
    });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(
      'Error! Please select atleast one platform (Deliveroo or Uber Eats)',
    );
  });

  it('emails the ticked platforms of the fortnight to the location', async () => {
    const { body } = await report({
      query_type: 'get_transactional_report',
      kitchaco: mel.id,
      start_date: START,
      end_date: END,
      deliveroo: true,
      uber_eats: true,
      email_report: true,
    });
    expect(body).toEqual({ success: true, message: 'An email has been sent to the registered email id' });
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'reservoir@example.test'));
    const mail = mails.find((m) => m.subject?.startsWith('Kitchaco transactional report'))!;
    const csv = Buffer.from(mail.attachments[1]!.content, 'base64').toString();
    const ids = csv
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(',')[1]);
    expect(ids).toEqual(['UE-1', 'UE-2', 'DR-1', 'DR-2', 'UE-LATE']);
  });
});

describe('concurrent approvals', () => {
  // On PostgreSQL (TEST_DATABASE_URL) these really run side by side; the advisory lock orders them.
  it('50 approvals of the same figures at once: exactly one new version, the rest change nothing', async () => {
    const body = {
      query_type: 'update_and_approve_sales_report',
      external_operator: operatorId,
      start_date: START,
      end_date: END,
    };
    const before = await t.database.db
      .select()
      .from(invoiceApprovals)
      .where(eq(invoiceApprovals.externalOperatorId, operatorId));
    const results = await Promise.all(Array.from({ length: 50 }, () => report(body)));
    expect(results.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(invoiceApprovals)
      .where(eq(invoiceApprovals.externalOperatorId, operatorId));
    // The first one approves the figures (other choices than the current approval); the other 49
    // find them approved and answer so, without a new version or document.
    expect(rows).toHaveLength(before.length + 1);
    expect(results.filter((r) => r.body.changed === true)).toHaveLength(1);
    expect(results.filter((r) => r.body.changed === false)).toHaveLength(49);
    expect(rows.filter((r) => r.supersededAt === null)).toHaveLength(1);
    const { body: invoiceNow } = await invoice();
    expect(invoiceNow.history).toHaveLength(rows.length - 1);
  });
});

describe('invoice periods stay on the fortnight grid', () => {
  // 12 Oct 2026 is a Monday between the grid's 05 Oct and 19 Oct (14-day steps from 01 Jan 2024).
  let northside: number;
  let preston: { id: number };
  const approve = (start: string, end: string) =>
    report({
      query_type: 'update_and_approve_sales_report',
      external_operator: northside,
      start_date: start,
      end_date: end,
    });
  const periodRows = (start: string) =>
    t.database.db.select().from(fortnightPeriods).where(eq(fortnightPeriods.startDate, start));

  beforeAll(async () => {
    const db = t.database.db;
    northside = (await createExternalOperator(db, { businessName: 'Northside Grid Pty Ltd' })).id;
    preston = await createLocation(db, { name: 'Preston', externalOperatorId: northside });
    await createLedgerOrder(db, {
      locationId: preston.id,
      channel: 'in_store_card',
      total: '40.00',
      placedAt: new Date('2026-10-13T02:00:00Z'),
    });
  });

  it('generates a report off the grid without creating a period, and shows it as a report', async () => {
    const generated = await generate(preston.id, '12 Oct 2026', '25 Oct 2026');
    expect(generated.status).toBe(200);
    expect(await periodRows('2026-10-12')).toHaveLength(0);
    const shown = await report({
      query_type: 'get_sales_report',
      kitchaco: preston.id,
      start_date: '12 Oct 2026',
      end_date: '25 Oct 2026',
    });
    expect(shown.status).toBe(200);
    expect(shown.body.sales_data[0]).toMatchObject({ in_store_card_sales: 40, status: 'generated' });
    expect(await periodRows('2026-10-12')).toHaveLength(0);
  });

  it('approves only a period of the grid, never a range off it', async () => {
    const off = await approve('12 Oct 2026', '25 Oct 2026');
    expect(off.status).toBe(400);
    expect(off.body.error).toBe(
      'Invoices are approved per fortnight period: 12 Oct 2026 does not start one (the period holding it starts on 05 Oct 2026). Please select a fortnight period.',
    );
    const invoiceOff = await report({
      query_type: 'get_sales_report',
      external_operator: northside,
      start_date: '12 Oct 2026',
      end_date: '25 Oct 2026',
    });
    expect(invoiceOff.status).toBe(400);
    expect(await periodRows('2026-10-12')).toHaveLength(0);

    expect((await generate(preston.id, '05 Oct 2026', '18 Oct 2026')).status).toBe(200);
    expect((await generate(preston.id, '19 Oct 2026', '01 Nov 2026')).status).toBe(200);
    expect((await approve('05 Oct 2026', '18 Oct 2026')).status).toBe(200);
    expect((await approve('19 Oct 2026', '01 Nov 2026')).status).toBe(200);
  });

  it('refuses an approval overlapping a current one (a period made off the grid before)', async () => {
    const db = t.database.db;
    const staff = await db.query.staffUsers.findFirst({ where: (s, { eq: e }) => e(s.email, adminEmail) });
    const [legacy] = await db
      .insert(fortnightPeriods)
      .values({ startDate: '2026-10-12', endDate: '2026-10-25' })
      .returning();
    await db
      .update(invoiceApprovals)
      .set({ supersededAt: new Date('2026-11-18T00:00:00Z') })
      .where(and(eq(invoiceApprovals.externalOperatorId, northside)));
    await db.insert(invoiceApprovals).values({
      externalOperatorId: northside,
      periodId: legacy!.id,
      approvedBy: staff!.id,
      approvedByEmail: adminEmail,
      approvedAt: new Date('2026-10-27T00:00:00Z'),
      snapshot: {},
    });
    const overlapping = await approve('19 Oct 2026', '01 Nov 2026');
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.error).toBe(
      `This invoice overlaps the invoice of 12 Oct 2026 - 25 Oct 2026 approved on 27 Oct 2026 by ${adminEmail}: the same days would be paid twice.`,
    );
    const current = await db
      .select()
      .from(invoiceApprovals)
      .where(eq(invoiceApprovals.externalOperatorId, northside));
    expect(current.filter((r) => r.supersededAt === null)).toHaveLength(1);
  });
});

describe('summaries go only to whom they concern, once', () => {
  let northside: number;
  const FROM = '05 Oct 2026';
  const TO = '18 Oct 2026';
  async function mailsOf(run: () => Promise<{ status: number }>) {
    const [last] = await t.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .orderBy(desc(outbox.id))
      .limit(1);
    expect((await run()).status).toBe(200);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(gt(outbox.id, last?.id ?? 0));
    return mails.map((m) => `${m.recipient} ${m.subject}`).sort();
  }
  const byOperator = (extra: Record<string, unknown> = {}) =>
    report({
      query_type: 'generate_sales_report',
      external_operator: northside,
      start_date: FROM,
      end_date: TO,
      ...extra,
    });

  beforeAll(async () => {
    const db = t.database.db;
    const north = await createExternalOperator(db, {
      businessName: 'Northside Mail Pty Ltd',
      email: 'accounts@northside.example.test',
    });
    northside = north.id;
    const bayside = await createExternalOperator(db, { businessName: 'Bayside Pty Ltd' });
    await createLocation(db, {
      name: 'Brunswick',
      externalOperatorId: north.id,
      email: 'brunswick@example.test',
    });
    await createLocation(db, { name: 'Coburg', externalOperatorId: north.id });
    await createLocation(db, {
      name: 'Box Hill',
      externalOperatorId: bayside.id,
      email: 'boxhill@example.test',
    });
    await createLocation(db, {
      name: 'St Kilda',
      externalOperatorId: bayside.id,
      email: 'stkilda@example.test',
    });
  });

  it("generating an operator's report emails only its locations, each once", async () => {
    expect(await mailsOf(() => byOperator())).toEqual([
      'accounts@northside.example.test Kitchaco sales summary Coburg 05 Oct 2026 - 18 Oct 2026',
      'brunswick@example.test Kitchaco sales summary Brunswick 05 Oct 2026 - 18 Oct 2026',
    ]);
  });

  it('a second generation does not send the summaries again, unless asked', async () => {
    expect(await mailsOf(() => byOperator())).toEqual([]);
    expect(await mailsOf(() => byOperator({ resend_summary: true }))).toHaveLength(2);
  });

  it("generating every location does not resend Reservoir's summary", async () => {
    const all = await mailsOf(() => generate(0));
    expect(all.some((m) => m.includes('Reservoir'))).toBe(false);
    expect(all.filter((m) => m.includes('Box Hill'))).toHaveLength(1);
    expect(all.filter((m) => m.includes('Brunswick'))).toHaveLength(1);
  });
});

/**
 * An approved invoice whose orders change afterwards (an order canceled, a late Uber order): the
 * approval is shown as saved with the live figures beside it, and approving again with the live
 * payout shown succeeds, keeping the first approval in history. Operator Late Kitchens runs Preston;
 * fortnight 19 Oct - 01 Nov 2026: cash 100.00 (10 %), Uber Eats 200.00 (30 %): revenue 300.00,
 * commission ex GST 10.00 + 60.00 = 70.00, GST 7.00, inc GST 77.00; earnings 300.00 - 77.00 =
 * 223.00, payout 223.00 - cash 100.00 = 123.00. Then the Uber order is canceled and a late one of
 * 50.00 arrives: revenue 150.00, commission ex GST 10.00 + 15.00 = 25.00, GST 2.50, inc GST 27.50;
 * earnings 122.50, payout 122.50 - 100.00 = 22.50.
 */
describe('an approved invoice beside the live figures', () => {
  const S = '19 Oct 2026';
  const E = '01 Nov 2026';
  let lateId: number;
  let prestonId: number;
  let uberId: number;
  const lateInvoice = () =>
    report({ query_type: 'get_sales_report', external_operator: lateId, start_date: S, end_date: E });
  const preston = () =>
    report({ query_type: 'get_sales_report', kitchaco: prestonId, start_date: S, end_date: E });
  const approve = (payout: number) =>
    report({
      query_type: 'update_and_approve_sales_report',
      external_operator: lateId,
      start_date: S,
      end_date: E,
      total_payout_inc_gst: payout,
    });

  beforeAll(async () => {
    const db = t.database.db;
    const late = await createExternalOperator(db, {
      businessName: 'Late Kitchens',
      inStoreCashRate: '0.10',
      uberEatsRate: '0.30',
    });
    lateId = late.id;
    const location = await createLocation(db, {
      name: 'Preston',
      suburb: 'Preston',
      timeZone: 'Australia/Melbourne',
      externalOperatorId: late.id,
      email: 'preston@example.test',
    });
    prestonId = location.id;
    await createLedgerOrder(db, {
      locationId: prestonId,
      channel: 'in_store_cash',
      total: '100.00',
      placedAt: new Date('2026-10-20T02:00:00Z'),
    });
    const uber = await createLedgerOrder(db, {
      locationId: prestonId,
      channel: 'uber_eats',
      externalId: 'UE-P1',
      total: '200.00',
      placedAt: new Date('2026-10-21T02:00:00Z'),
    });
    uberId = uber.id;
    expect((await generate(prestonId, S, E)).status).toBe(200);
  });

  it('shows the approval as saved, the live figures beside it, and approves the live payout again', async () => {
    expect((await lateInvoice()).body.invoice.payout_inc_gst).toBe(123);
    expect((await approve(123)).status).toBe(200);

    await t.database.db.update(orders).set({ status: 'Canceled' }).where(eq(orders.id, uberId));
    await createLedgerOrder(t.database.db, {
      locationId: prestonId,
      channel: 'uber_eats',
      externalId: 'UE-P2',
      total: '50.00',
      placedAt: new Date('2026-10-25T02:00:00Z'),
    });

    const approved = (await lateInvoice()).body;
    expect(approved).toMatchObject({ status: 'approved', approved_by: adminEmail, live_differs: true });
    expect(approved.invoice.payout_inc_gst).toBe(123);
    expect(approved.sales_data[0]).toMatchObject({ uber_total_sales: 200, status: 'approved' });
    expect(approved.live.sales_data[0]).toMatchObject({ uber_total_sales: 50, status: 'approved' });
    expect(approved.live.invoice.revenue).toEqual({ gross: 150, gst: 13.64, net: 136.36 });
    expect(approved.live.invoice.total_commission).toEqual({ gross: 27.5, gst: 2.5, net: 25 });
    expect(approved.live.invoice.payout_inc_gst).toBe(22.5);

    // The sales report of the location: the approved figures, the live ones beside them.
    const location = (await preston()).body;
    expect(location.sales_data[0]).toMatchObject({ uber_total_sales: 200, status: 'approved' });
    expect(location.invoice.revenue.gross).toBe(300);
    expect(location.live.sales_data[0].uber_total_sales).toBe(50);
    expect(location.live.invoice.revenue.gross).toBe(150);
    expect(location.live_differs).toBe(true);

    // The saved payout is stale: refused with the live one.
    const stale = await approve(123);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/the payout is now \$22\.50/);

    expect((await approve(22.5)).body).toMatchObject({ success: true, changed: true });
    const again = (await lateInvoice()).body;
    expect(again).toMatchObject({ status: 'approved', live_differs: false });
    expect(again.invoice.payout_inc_gst).toBe(22.5);
    expect(again.sales_data[0].uber_total_sales).toBe(50);
    expect(again.history).toEqual([
      {
        approved_by: adminEmail,
        approved_on: '18 Nov 2026',
        payout_inc_gst: 123,
        number: `KC-${String(lateId).padStart(4, '0')}-20261019`,
      },
    ]);
    const rows = await t.database.db
      .select()
      .from(invoiceApprovals)
      .where(eq(invoiceApprovals.externalOperatorId, lateId));
    expect(rows).toHaveLength(2);
    const superseded = rows.find((r) => r.supersededAt !== null);
    const earlier = superseded?.snapshot as { invoice: { payout_inc_gst: number } } | undefined;
    expect(earlier?.invoice.payout_inc_gst).toBe(123);

    const reapproved = (await preston()).body;
    expect(reapproved.sales_data[0]).toMatchObject({ uber_total_sales: 50, status: 'approved' });
    expect(reapproved.live_differs).toBe(false);
  });

  it('a generated report has nothing approved beside it', async () => {
    const { body } = await report({
      query_type: 'get_sales_report',
      kitchaco: mel.id,
      start_date: '05 Oct 2026',
      end_date: '18 Oct 2026',
    });
    if (body.status === 'generated') {
      expect(body.live_differs).toBe(false);
      expect(body.live).toBeUndefined();
    }
  });
});
