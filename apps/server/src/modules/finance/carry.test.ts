import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoiceAdjustments,
  invoiceApprovals,
  marketplacePayoutLines,
  outbox,
  payments,
} from '../../db/schema/index.js';
import { createTestApp, secondInstance, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createExternalOperator, createLocation, createMeal, createVendor } from '../../test/factories.js';
import { createCardRefund, createLedgerOrder } from '../../test/ledger.js';
import { applyOrderStatus, lockOrderForStatus } from '../orders/orders.service.js';
import { settleCancellation } from '../payments/payments.service.js';

/**
 * Money that moves after a fortnight was approved, worked out by hand (integer cents below, never
 * the engine). Operator Closed Books Pty Ltd (every own channel at 10%) runs Brunswick (Melbourne,
 * UTC+11 in November). F1 = 02-15 Nov 2026 (approved on Tue 17 Nov), F2 = 16-29 Nov 2026.
 *
 * F1 orders (local times):
 *   A pickup   77.70  Thu 05 Nov 12:00  brand B 50.00 + brand P 20.00 + 7.70 of no brand (delivery)
 *              refund R1 -9.50 (B) Fri 06 Nov 10:00 (F1); CANCELED Thu 19 Nov 12:00 (a paid order:
 *              the cancellation reverses R1, +9.50 B)
 *   X delivery 19.00  Sat 07 Nov 18:00  brand P; refund R2 -5.00 Fri 20 Nov 10:00 (after approval)
 *   C cash     40.00  Sun 08 Nov 12:00  brand B; CANCELED Sat 21 Nov 12:00 through the API
 *   D card     30.00  Mon 09 Nov 12:00  brand B
 * F1 as approved: cash 4000, card 3000, pickup 7770 - 950 = 6820, delivery 1900 -> revenue 15720.
 *   commission ex GST 400 + 300 + 682 + 190 = 1572; GST 40 + 30 + 68 (68.2) + 19 = 157; inc 1729.
 *   payout = 15720 - 1729 - cash 4000 = 9991 ($99.91). Card refunds within: -950.
 * F2: E pickup 50.00 Wed 18 Nov 12:00 (brand P), and what lands from F1:
 *   cash     -4000 (C carried)                                   = -4000
 *   pickup   5000 + 950 (reversal of R1) - 7770 (A carried)        = -1820
 *   delivery -500 (R2)                                            =  -500
 *   -> revenue -6320; card refunds within: +950 - 500 = +450 (carries are not refunds)
 *   commission ex GST -400 - 182 - 50 = -632; GST -40 - 18 (-18.2) - 5 = -63; inc -695
 *   earnings -6320 + 695 = -5625; less cash (-4000, the cash given back): payout -5625 + 4000 = -1625
 *   carried lines: cancellation A -7770, reversal A +950, refund X -500, cancellation C -4000.
 * Then F1 is marked paid and approved again with a credit of -63.78 (no GST): adjustment note
 * KC-….-A1 of +$63.78, settled in F2 as a line counted in its payout: -1625 + 6378 = 4753.
 */
let t: TestApp;
let admin: string;
let operatorId: number;
const ids: Record<string, number> = {};
const F1 = { start_date: '02 Nov 2026', end_date: '15 Nov 2026' };
const F2 = { start_date: '16 Nov 2026', end_date: '29 Nov 2026' };
let number: string;

async function call(url: string, body: Record<string, unknown>, app = t.app) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Token ${admin}` },
    payload: body,
  });
  const json = String(res.headers['content-type']).startsWith('application/json');
  return { status: res.statusCode, body: json ? res.json() : null, text: res.body };
}
const report = (body: Record<string, unknown>) => call('/api/v1/sales-report/', body);
const invoice = (range = F1) =>
  report({ query_type: 'get_sales_report', external_operator: operatorId, ...range });
const cents = (v: number) => Math.round(v * 100);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const op = await createExternalOperator(db, {
    businessName: 'Closed Books Pty Ltd',
    email: 'accounts@closedbooks.example.test',
    inStoreCashRate: '0.10',
    inStoreCardRate: '0.10',
    onlinePickupRate: '0.10',
    onlineDeliveryRate: '0.10',
  });
  operatorId = op.id;
  number = `KC-${String(op.id).padStart(4, '0')}-20261102`;
  const loc = await createLocation(db, {
    name: 'Brunswick',
    suburb: 'Brunswick',
    timeZone: 'Australia/Melbourne',
    externalOperatorId: op.id,
    email: 'brunswick@example.test',
  });
  ids.loc = loc.id;
  const B = await createVendor(db, loc.id, { title: 'Burger Barn' });
  const P = await createVendor(db, loc.id, { title: 'Pho House' });
  ids.B = B.id;
  ids.P = P.id;
  const burger = (await createMeal(db, B.id, { name: 'Burger', price: '10.00' })).meal;
  const pho = (await createMeal(db, P.id, { name: 'Pho', price: '10.00' })).meal;
  admin = (await tokenFor(db, 'super_admin')).token;
  const line = (meal: { id: number; name: string; vendorId: number }, lineTotal: string) => ({
    mealId: meal.id,
    vendorId: meal.vendorId,
    mealName: meal.name,
    quantity: 1,
    unitPrice: lineTotal,
    lineTotal,
  });
  const order = (
    channel: Parameters<typeof createLedgerOrder>[1]['channel'],
    total: string,
    placedAt: string,
    lines: ReturnType<typeof line>[],
  ) =>
    createLedgerOrder(
      db,
      { locationId: loc.id, channel, total, placedAt: new Date(placedAt), status: 'Finished' },
      lines,
    );
  const a = await order('online_pickup', '77.70', '2026-11-05T01:00:00Z', [
    line(burger, '50.00'),
    line(pho, '20.00'),
  ]);
  const x = await order('online_delivery', '19.00', '2026-11-07T07:00:00Z', [line(pho, '19.00')]);
  const c = await order('in_store_cash', '40.00', '2026-11-08T01:00:00Z', [line(burger, '40.00')]);
  await order('in_store_card', '30.00', '2026-11-09T01:00:00Z', [line(burger, '30.00')]);
  await createCardRefund(db, a, {
    amount: '9.50',
    at: new Date('2026-11-05T23:00:00Z'),
    reason: 'Cold chips',
    vendorId: B.id,
  });
  Object.assign(ids, { a: a.id, x: x.id, c: c.id });

  // F1 ends; generated and approved on Tue 17 Nov.
  t.clock.set('2026-11-16T23:00:00Z');
  expect(
    (await report({ query_type: 'generate_sales_report', external_operator: operatorId, ...F1 })).status,
  ).toBe(200);
  const approved = await report({
    query_type: 'update_and_approve_sales_report',
    external_operator: operatorId,
    ...F1,
    total_payout_inc_gst: 99.91,
  });
  expect(approved.body).toMatchObject({ success: true, changed: true, invoice_number: number });

  // F2: a new order, then the cancel of A (paid by card, with its refund reversed by the cancellation).
  await order('online_pickup', '50.00', '2026-11-18T01:00:00Z', [line(pho, '50.00')]);
  t.clock.set('2026-11-19T01:00:00Z');
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, a.id));
  const staffId = (await tokenFor(db, 'super_admin')).id;
  await db.transaction(async (tx) => {
    const row = (await lockOrderForStatus(tx, a.id))!;
    await applyOrderStatus(tx, row, 'Canceled', {
      by: staffId,
      at: t.clock.now(),
      sms: 'never',
      // The card payment was given back outside (voided): the cancellation's own ledger rows.
      settle: () =>
        settleCancellation(t.app.appContext, tx, a.id, { payment: payment!, voided: 0, refund: null }),
    });
  });
  t.clock.set('2026-11-19T23:00:00Z');
  await createCardRefund(db, x, {
    amount: '5.00',
    at: new Date('2026-11-19T23:00:00Z'),
    reason: 'Late',
    vendorId: P.id,
  });
  t.clock.set('2026-11-21T01:00:00Z');
  const canceled = await call('/api/v1/admin-data/', {
    query_type: 'update_order_status',
    order_id: c.id,
    status: 'Canceled',
  });
  expect(canceled.status).toBe(200);
  // A second cancel (a retry) and a status change that is no cancel carry nothing more.
  await call('/api/v1/admin-data/', {
    query_type: 'update_order_status',
    order_id: c.id,
    status: 'Canceled',
  });

  // F2 ends: generated on Tue 1 Dec.
  t.clock.set('2026-11-30T23:00:00Z');
  expect(
    (await report({ query_type: 'generate_sales_report', external_operator: operatorId, ...F2 })).status,
  ).toBe(200);
});
afterAll(() => t?.close());

describe('an approved fortnight stays closed when money moves after it', () => {
  it('F1: the approved snapshot and the live figures are both what was approved', async () => {
    const { body } = await invoice(F1);
    expect(body.status).toBe('approved');
    expect(body.live_differs).toBe(false);
    for (const figures of [body, body.live]) {
      expect(figures.sales_data[0]).toMatchObject({
        in_store_cash_sales: 40,
        in_store_card_sales: 30,
        online_pickup_sales: 68.2,
        online_delivery_sales: 19,
        card_refunds: -9.5,
      });
      expect(cents(figures.invoice.total_commission.gross)).toBe(1729);
      expect(cents(figures.invoice.payout_inc_gst)).toBe(9991);
    }
  });

  it('F2: every carried amount lands once in the invoice, with the order and the approved invoice', async () => {
    const { body } = await invoice(F2);
    expect(body.sales_data[0]).toMatchObject({
      in_store_cash_sales: -40,
      in_store_card_sales: 0,
      online_pickup_sales: -18.2,
      online_delivery_sales: -5,
      card_refunds: 4.5,
    });
    expect(cents(body.invoice.revenue.gross)).toBe(-6320);
    expect(cents(body.invoice.total_commission.net)).toBe(-632);
    expect(cents(body.invoice.total_commission.gst)).toBe(-63);
    expect(cents(body.invoice.earnings.gross)).toBe(-5625);
    expect(cents(body.invoice.payout_inc_gst)).toBe(-1625);
    const lines = body.carried_lines.map((l: Record<string, unknown>) => ({
      kind: l.kind,
      order_id: l.order_id,
      order_date: l.order_date,
      amount: cents(l.amount as number),
      reference: l.reference,
      in_ledger: l.in_ledger,
    }));
    expect(lines).toEqual([
      // The cancellation's reversal of R1 is written first, at the same instant.
      {
        kind: 'reversal',
        order_id: ids.a,
        order_date: '05 Nov 2026',
        amount: 950,
        reference: number,
        in_ledger: true,
      },
      {
        kind: 'cancellation',
        order_id: ids.a,
        order_date: '05 Nov 2026',
        amount: -7770,
        reference: number,
        in_ledger: true,
      },
      {
        kind: 'refund',
        order_id: ids.x,
        order_date: '07 Nov 2026',
        amount: -500,
        reference: number,
        in_ledger: true,
      },
      {
        kind: 'cancellation',
        order_id: ids.c,
        order_date: '08 Nov 2026',
        amount: -4000,
        reference: number,
        in_ledger: true,
      },
    ]);
  });

  it('F2: the sales report, dashboard, transactional report and invoice CSV and PDF carry the amounts', async () => {
    const location = await report({ query_type: 'get_sales_report', kitchaco: ids.loc, ...F2 });
    expect(location.body.sales_data[0]).toMatchObject({
      in_store_cash_sales: -40,
      online_pickup_sales: -18.2,
    });
    const dash = await call('/api/v1/admin-data/', {
      query_type: 'dashboard_data',
      kitchaco_location: ids.loc,
      ...F2,
    });
    expect(cents(dash.body.total_sales)).toBe(-6320);
    const dashF1 = await call('/api/v1/admin-data/', {
      query_type: 'dashboard_data',
      kitchaco_location: ids.loc,
      ...F1,
    });
    expect(cents(dashF1.body.total_sales)).toBe(15720);

    const txn = await call('/api/v1/sales-report/transactions-csv/', {
      kitchaco: ids.loc,
      ...F2,
      own_channels: true,
    });
    const rows = txn.text.split('\r\n').filter((l) => l.includes(',Carried,'));
    expect(rows.map((r) => r.match(/,(-?\d+\.\d\d),/g)?.at(-1))).toBeDefined();
    expect(
      rows.filter((r) => r.includes(`order #${ids.a} of 05 Nov 2026 canceled after ${number}`)),
    ).toHaveLength(3);
    expect(
      rows.filter((r) => r.includes(`order #${ids.c} of 08 Nov 2026 canceled after ${number}`)),
    ).toHaveLength(1);

    const csv = await call('/api/v1/sales-report/invoice-csv/', { external_operator: operatorId, ...F2 });
    expect(csv.text).toContain(
      `Carried (in the sales),Cancellation of order #${ids.a} of 05 Nov 2026 (${number}),-77.70`,
    );
    expect(csv.text).toContain(
      `Carried (in the sales),Refund of order #${ids.x} of 07 Nov 2026 (${number}),-5.00`,
    );
    expect(csv.text).toContain('Totals,Payout (GST inclusive),-16.25');
    const pdf = await call('/api/v1/sales-report/invoice-pdf/', { external_operator: operatorId, ...F2 });
    expect(pdf.status).toBe(200);
  });

  it('an approval naming another period id than its dates is refused on sales_invoice_fortnight_period', async () => {
    const f1 = await invoice(F1);
    const periods = await call('/api/v1/admin-data/', { query_type: 'sales_invoice_fortnight_period' });
    const f2 = periods.body.sales_invoice_fortnight_period.find(
      (p: { start_date: string }) => p.start_date === F2.start_date,
    );
    const res = await report({
      query_type: 'update_and_approve_sales_report',
      external_operator: operatorId,
      ...F1,
      sales_invoice_fortnight_period: f2.id,
      total_payout_inc_gst: f1.body.invoice.payout_inc_gst,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('sales_invoice_fortnight_period');
  });

  it('approving the same figures again changes nothing: no new version, no document', async () => {
    const before = await t.database.db
      .select()
      .from(invoiceApprovals)
      .where(eq(invoiceApprovals.externalOperatorId, operatorId));
    const res = await report({
      query_type: 'update_and_approve_sales_report',
      external_operator: operatorId,
      ...F1,
      total_payout_inc_gst: 99.91,
    });
    expect(res.body).toMatchObject({ success: true, changed: false, invoice_number: number });
    const after = await t.database.db
      .select()
      .from(invoiceApprovals)
      .where(eq(invoiceApprovals.externalOperatorId, operatorId));
    expect(after).toHaveLength(before.length);
    // Other figures, approved from a screen that saw another version: refused, naming the current one.
    const stale = await report({
      query_type: 'update_and_approve_sales_report',
      external_operator: operatorId,
      ...F1,
      misc: [{ label: 'Levy', gross: 1, has_gst: false }],
      seen_invoice_number: `${number}-A3`,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(
      `The invoice was approved meanwhile as ${number} (payout $99.91): please check it again before approving.`,
    );
  });

  it('a paid invoice approved again: an adjustment note, its difference settled in F2', async () => {
    const paid = await report({
      query_type: 'mark_invoice_paid',
      external_operator: operatorId,
      ...F1,
      reference: 'EFT-7781',
    });
    expect(paid.body).toMatchObject({ success: true });
    const twice = await report({
      query_type: 'mark_invoice_paid',
      external_operator: operatorId,
      ...F1,
      reference: 'EFT-7781',
    });
    expect(twice.status).toBe(409);
    expect((await invoice(F1)).body.paid).toEqual({
      paid_on: '01 Dec 2026',
      paid_by: expect.stringContaining('@'),
      reference: 'EFT-7781',
    });
    const paidCsv = await call('/api/v1/sales-report/invoice-csv/', { external_operator: operatorId, ...F1 });
    expect(paidCsv.text).toContain('01 Dec 2026, reference EFT-7781');
    const again = await report({
      query_type: 'update_and_approve_sales_report',
      external_operator: operatorId,
      ...F1,
      misc: [{ label: 'Goodwill credit', gross: -63.78, has_gst: false }],
      total_payout_inc_gst: 163.69,
    });
    expect(again.body).toMatchObject({ success: true, changed: true, invoice_number: `${number}-A1` });
    const { body } = await invoice(F1);
    expect(body.adjustment_note).toMatchObject({
      number: `${number}-A1`,
      adjusts: number,
      original_payout_inc_gst: 99.91,
      payout_inc_gst: 163.69,
      difference: 63.78,
      settled_in: '16 Nov 2026 - 29 Nov 2026',
    });
    expect(body.history[0]).toMatchObject({ number, payout_inc_gst: 99.91 });
    const f2 = (await invoice(F2)).body;
    expect(f2.carried_lines.at(-1)).toMatchObject({
      kind: 'paid_invoice_adjustment',
      amount: 63.78,
      in_ledger: false,
      reference: number,
    });
    expect(cents(f2.invoice.payout_inc_gst)).toBe(-1625 + 6378);

    await report({ query_type: 'email_sales_report', external_operator: operatorId, ...F1 });
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'accounts@closedbooks.example.test'));
    expect(mails.map((m) => m.subject)).toEqual([`Adjustment of ${number}: +$63.78`]);
  });

  it('a repeated generation says no summary was emailed', async () => {
    const res = await report({ query_type: 'generate_sales_report', external_operator: operatorId, ...F2 });
    expect(res.body.message).toMatch(/No summary was emailed/);
  });

  it("a location's report approved in full says approved at the top, as its row does", async () => {
    const res = await report({ query_type: 'get_sales_report', kitchaco: ids.loc, ...F1 });
    expect(res.body.sales_data[0].status).toBe('approved');
    expect(res.body.status).toBe('approved');
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'three approvals at once on two instances give one version',
    async () => {
      const other = await secondInstance(t);
      try {
        const before = await t.database.db
          .select()
          .from(invoiceApprovals)
          .where(eq(invoiceApprovals.externalOperatorId, operatorId));
        const body = {
          query_type: 'update_and_approve_sales_report',
          external_operator: operatorId,
          ...F2,
          total_payout_inc_gst: 47.53,
        };
        const results = await Promise.all([
          call('/api/v1/sales-report/', body),
          call('/api/v1/sales-report/', body, other),
          call('/api/v1/sales-report/', body),
        ]);
        expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
        expect(results.filter((r) => r.body.changed === true)).toHaveLength(1);
        const after = await t.database.db
          .select()
          .from(invoiceApprovals)
          .where(eq(invoiceApprovals.externalOperatorId, operatorId));
        expect(after).toHaveLength(before.length + 1);
        expect(after.filter((r) => r.supersededAt === null)).toHaveLength(2);
      } finally {
        await other.close();
      }
    },
  );

  it('reopening a carried order carries it back, and canceling it again carries once more', async () => {
    // Tue 1 Dec: the open fortnight is now 30 Nov - 13 Dec (F3).
    const status = (value: string) =>
      call('/api/v1/admin-data/', { query_type: 'update_order_status', order_id: ids.c, status: value });
    expect((await status('Finished')).status).toBe(200);
    expect((await status('Finished')).status).toBe(200);
    const F3 = { start_date: '30 Nov 2026', end_date: '13 Dec 2026' };
    const dash = async () =>
      cents(
        (
          await call('/api/v1/admin-data/', {
            query_type: 'dashboard_data',
            kitchaco_location: ids.loc,
            ...F3,
          })
        ).body.total_sales,
      );
    expect(await dash()).toBe(4000);
    expect((await invoice(F1)).body.live_differs).toBe(false);
    expect((await status('Canceled')).status).toBe(200);
    expect(await dash()).toBe(0);
    const { body } = await invoice(F1);
    expect(body.live_differs).toBe(false);
    expect(cents(body.live.sales_data[0].in_store_cash_sales)).toBe(4000);
    const carries = await t.database.db
      .select({ key: invoiceAdjustments.uniqueKey, amount: invoiceAdjustments.amount })
      .from(invoiceAdjustments)
      .where(eq(invoiceAdjustments.orderId, ids.c!));
    expect(carries).toEqual([
      { key: `order:${ids.c}:cancellation:1`, amount: '-40.00' },
      { key: `order:${ids.c}:reopening:2`, amount: '40.00' },
      { key: `order:${ids.c}:cancellation:3`, amount: '-40.00' },
    ]);
  });
});

describe('Carry into invoice: a platform refund found by the payout reconciliation', () => {
  /**
   * Operator Uber Only Pty Ltd (Uber Eats at 30%) runs Carlton (Melbourne). F1: order UE-9 of
   * 40.00 on Tue 03 Nov, paid by Uber (sale 40.00, fee 12.00) and refunded in part on Thu 05 Nov
   * (-15.50). F1 approved: revenue 4000, commission 1200 + GST 120 = 1320, payout 2680.
   * Carried into F2 (the next open fortnight): one line of -1550 with GST (GST -141, 1550/11 =
   * 140.9); F2 has no sales, so its payout is -1550.
   */
  let uberOnly: number;
  let ref: string;
  beforeAll(async () => {
    const db = t.database.db;
    const op = await createExternalOperator(db, {
      businessName: 'Uber Only Pty Ltd',
      inStoreCashRate: '0',
      inStoreCardRate: '0',
      onlinePickupRate: '0',
      onlineDeliveryRate: '0',
      uberEatsRate: '0.30',
      doordashRate: '0',
      deliverooRate: '0',
      menulogRate: '0',
    });
    uberOnly = op.id;
    ref = `KC-${String(op.id).padStart(4, '0')}-20261102`;
    const carlton = await createLocation(db, {
      name: 'Carlton',
      timeZone: 'Australia/Melbourne',
      externalOperatorId: op.id,
    });
    await createLedgerOrder(db, {
      locationId: carlton.id,
      channel: 'uber_eats',
      total: '40.00',
      placedAt: new Date('2026-11-03T01:00:00Z'),
      status: 'Finished',
      externalId: 'UE-9',
      ingestedVia: 'webhook',
    });
    const row = (kind: 'sale' | 'refund', sales: string, fee: string, payout: string, date: string) => ({
      channel: 'uber_eats' as const,
      locationId: carlton.id,
      storeId: 'store-carlton',
      platformOrderId: 'UE-9',
      orderDate: date,
      kind,
      status: kind === 'sale' ? 'Completed' : 'Refund',
      sales,
      fee,
      payout,
      payoutDate: '2026-11-10',
      rowKey: `test-${kind}`,
    });
    await db
      .insert(marketplacePayoutLines)
      .values([
        row('sale', '40.00', '-12.00', '28.00', '2026-11-03'),
        row('refund', '-15.50', '0', '-15.50', '2026-11-05'),
      ]);
    for (const range of [F1, F2]) {
      await report({ query_type: 'generate_sales_report', external_operator: uberOnly, ...range });
    }
    const approved = await report({
      query_type: 'update_and_approve_sales_report',
      external_operator: uberOnly,
      ...F1,
      total_payout_inc_gst: 26.8,
    });
    expect(approved.body).toMatchObject({ changed: true, invoice_number: ref });
  });

  it('carries the refund once into the next open invoice, with its source, counted in the payout', async () => {
    const carry = () =>
      report({ query_type: 'carry_payout_reconciliation', external_operator: uberOnly, ...F1 });
    const first = await carry();
    expect(first.body).toEqual({
      success: true,
      message: '1 line (-$15.50) carried into the invoice of 16 Nov 2026 - 29 Nov 2026.',
      added: 1,
      landing_period: '16 Nov 2026 - 29 Nov 2026',
    });
    expect((await carry()).body).toMatchObject({ added: 0 });

    const approvedF1 = (await report({ query_type: 'get_sales_report', external_operator: uberOnly, ...F1 }))
      .body;
    expect(cents(approvedF1.invoice.payout_inc_gst)).toBe(2680);
    expect(approvedF1.live_differs).toBe(false);

    const f2 = (await report({ query_type: 'get_sales_report', external_operator: uberOnly, ...F2 })).body;
    expect(f2.carried_lines).toEqual([
      {
        kind: 'payout_refund',
        label: 'Uber Eats refund of order UE-9',
        amount: -15.5,
        has_gst: true,
        in_ledger: false,
        order_id: expect.any(Number),
        order_date: null,
        reference: ref,
        source:
          'platform: Uber Eats; platform order id: UE-9; order date: 2026-11-03; payout report: payout of 2026-11-10',
      },
    ]);
    expect(cents(f2.invoice.total_carried.gross)).toBe(-1550);
    expect(cents(f2.invoice.total_carried.gst)).toBe(-141);
    expect(cents(f2.invoice.payout_inc_gst)).toBe(-1550);
    const csv = await call('/api/v1/sales-report/invoice-csv/', { external_operator: uberOnly, ...F2 });
    expect(csv.text).toContain(`Carried (in the payout),Uber Eats refund of order UE-9 (${ref}),-15.50`);
  });
});
