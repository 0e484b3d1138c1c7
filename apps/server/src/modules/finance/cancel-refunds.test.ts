import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp, UNLIMITED_CHECKOUTS } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createExternalOperator, createLocation, createMeal, createVendor } from '../../test/factories.js';
import { CARD_OK } from '../../test/payments.js';
import { moneyBreaches } from '../../test/refunds.js';

/**
 * Canceled card orders in every figure, through the real calls (issue 42), worked out by hand.
 * Operator Bay Kitchens (online pickup 12%) runs one location (Melbourne). On Wed 18 Nov 2026
 * (fortnight F2 = 16-29 Nov), four pickup orders of $13.00 each are paid by card:
 *   A: refunded $5.00 (a missing side), then canceled: the cancellation refunds $8.00
 *   B: canceled on one instance while $4.00 and $3.00 are refunded on the other, all at once
 *   C: refunded $2.00, and stands
 *   D: stands
 *   E: refunded $6.00 and $7.00 (all of it), then canceled: nothing left to refund, and its
 *      refunds are reversed all the same (before: they stayed, counted against the sales at -13.00)
 * A, B and E leave every figure whole (their refunds and reversals net to 0); C counts 13 - 2 = 11 and
 * D 13, so the online pickup sales are 24.00 over 2 orders (average 12.00), the refunds -2.00, and
 * the commission 12% of 24.00 = 2.88 (GST 0.288 -> 0.29, 3.17 inc GST). Before: B's partial
 * refunds could land after its reversal and count against the sales a second time.
 */
let t: TestApp;
let other: FastifyInstance;
let admin: string;
let customer: string;
let operatorId: number;
let locationId: number;
let mealId: number;
const ids: Record<string, number> = {};
const F2 = { start_date: '16 Nov 2026', end_date: '29 Nov 2026' };

async function call(url: string, body: Record<string, unknown>, app: FastifyInstance = t.app) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Token ${admin}` },
    payload: body,
  });
  const json = String(res.headers['content-type']).startsWith('application/json');
  return { status: res.statusCode, body: json ? res.json() : null, text: res.body };
}
const refund = (orderId: number, amount: string, app: FastifyInstance = t.app) =>
  call('/api/v1/payments/refunds/', { order_id: orderId, amount, reason: 'Missing side' }, app);
const cancel = (orderId: number, app: FastifyInstance = t.app) =>
  call(
    '/api/v1/admin-data/',
    { query_type: 'update_order_status', order_id: orderId, status: 'Canceled' },
    app,
  );

async function paidOrder(): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders/',
    headers: { authorization: `Token ${customer}`, 'idempotency-key': randomUUID() },
    payload: {
      checkout: {
        kitchaco: locationId,
        order_type: 'pickup',
        lines: [{ meal_id: mealId, quantity: 1, combo_ids: [] }],
      },
      payment: CARD_OK,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().order.total).toBe(13);
  return res.json().order.id;
}

function parseCsv(text: string): Record<string, string>[] {
  const [head, ...lines] = text.split('\r\n').filter(Boolean);
  const headers = head!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [headers[i], v])));
}
const cents = (v: string) => Math.round(Number(v) * 100);

beforeAll(async () => {
  t = await createTestApp(UNLIMITED_CHECKOUTS);
  const db = t.database.db;
  const bay = await createExternalOperator(db, {
    businessName: 'Bay Kitchens Pty Ltd',
    inStoreCashRate: '0.10',
    inStoreCardRate: '0.10',
    onlinePickupRate: '0.12',
    onlineDeliveryRate: '0.12',
    uberEatsRate: '0.35',
    doordashRate: '0.30',
    deliverooRate: '0.32',
    menulogRate: '0.25',
  });
  operatorId = bay.id;
  const location = await createLocation(db, {
    name: 'Brunswick',
    suburb: 'Brunswick',
    timeZone: 'Australia/Melbourne',
    externalOperatorId: bay.id,
  });
  locationId = location.id;
  const vendor = await createVendor(db, location.id, { title: 'Laksa Lane' });
  mealId = (await createMeal(db, vendor.id, { name: 'Laksa', price: '13.00' })).meal.id;
  admin = (await tokenFor(db, 'super_admin')).token;
  customer = (await tokenFor(db, 'customer')).token;
  other = await secondInstance(t, { adapters: t.app.appContext.adapters });

  // Wed 18 Nov 2026, 13:00 in Melbourne (the test clock).
  for (const name of ['A', 'B', 'C', 'D', 'E']) ids[name] = await paidOrder();
  expect((await refund(ids.A!, '5.00')).status).toBe(200);
  const a = await cancel(ids.A!);
  expect(a.body).toMatchObject({ refund: { amount: 8, kind: 'refunded' } });
  const [four, three, b] = await Promise.all([
    refund(ids.B!, '4.00', other),
    refund(ids.B!, '3.00', other),
    cancel(ids.B!),
  ]);
  expect(b.status, b.text).toBe(200);
  for (const p of [four, three]) expect([200, 409, 422]).toContain(p.status);
  expect((await refund(ids.C!, '2.00')).status).toBe(200);
  expect((await refund(ids.E!, '6.00')).status).toBe(200);
  expect((await refund(ids.E!, '7.00')).status).toBe(200);
  const e = await cancel(ids.E!);
  expect(e.body).toEqual({ success: true, result: 'Changed Successfully' });
  // Tue 1 Dec 02:00 in Melbourne: the fortnight is over.
  t.clock.set('2026-11-30T15:00:00Z');
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('a canceled card order counts net exactly once in every figure', () => {
  it('the ledger: each canceled order nets to 0, the standing one to minus its refund', async () => {
    expect(await moneyBreaches(t.database.db, Object.values(ids))).toEqual([]);
  });

  it('the dashboard', async () => {
    const { status, body } = await call('/api/v1/admin-data/', {
      query_type: 'dashboard_data',
      kitchaco_location: locationId,
      ...F2,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      total_sales: 24,
      num_orders: 2,
      num_canceled_orders: 3,
      avg_order: 12,
      card_sales: 24,
      kitchaco_sales: 24,
      card_refunds: -2,
    });
    expect(body.kitchaco_details.channels).toContainEqual(
      expect.objectContaining({ channel: 'online_pickup', total_sales: 24, num_orders: 2, refunds: -2 }),
    );
  });

  it('the sales report and the invoice', async () => {
    const generated = await call('/api/v1/sales-report/', {
      query_type: 'generate_sales_report',
      kitchaco: 0,
      ...F2,
    });
    expect(generated.status, generated.text).toBe(200);
    const report = await call('/api/v1/sales-report/', {
      query_type: 'get_sales_report',
      kitchaco: locationId,
      ...F2,
    });
    expect(report.body.sales_data[0]).toMatchObject({ online_pickup_sales: 24, card_refunds: -2 });
    const invoice = await call('/api/v1/sales-report/', {
      query_type: 'get_sales_report',
      external_operator: operatorId,
      ...F2,
    });
    expect(invoice.body).toMatchObject({ gross_kitchaco_online_pickup_sales: 24 });
    expect(invoice.body.invoice.kitchaco_sales).toBe(24);
    expect(invoice.body.invoice.commissions.online_pickup).toEqual({
      rate: '0.1200',
      gross: 3.17,
      gst: 0.29,
      net: 2.88,
    });
  });

  it('the transactional report: canceled orders out, every refund and reversal in, adding up to 24.00', async () => {
    const res = await call('/api/v1/sales-report/transactions-csv/', {
      kitchaco: locationId,
      ...F2,
      own_channels: true,
    });
    expect(res.status).toBe(200);
    const rows = parseCsv(res.text);
    let total = 0;
    for (const r of rows) if (r.Status !== 'Canceled') total += cents(r.Total!);
    expect(total).toBe(2400);
    const ofOrder = (id: number) =>
      rows
        .filter((r) => r['Order #'] === String(id) && r.Status !== 'Canceled')
        .reduce((s, r) => s + cents(r.Total!), 0);
    expect(ofOrder(ids.A!)).toBe(0);
    expect(ofOrder(ids.B!)).toBe(0);
    expect(ofOrder(ids.C!)).toBe(1100);
    expect(ofOrder(ids.D!)).toBe(1300);
    expect(ofOrder(ids.E!)).toBe(0);
  });
});
