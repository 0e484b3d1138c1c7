import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAdjustments, outbox } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createExternalOperator, createLocation, createMeal, createVendor } from '../../test/factories.js';
import {
  cancelWithReversal,
  createAdjustment,
  createCardRefund,
  createLedgerOrder,
  createStockOrderRecord,
} from '../../test/ledger.js';

/**
 * Card refunds in every figure: a fortnight worked out by hand. Operator Harbour Foods (rates: cash
 * and card 10%, pickup and delivery 12%, Uber Eats 35%, Deliveroo 32%) runs Reservoir (Melbourne,
 * UTC+11) and Fremantle (Perth, UTC+8). Fortnight F1 = 02-15 Nov 2026, F2 = 16-29 Nov; the clock is
 * Tue 1 Dec, so both have ended. Times below are local.
 *
 * Reservoir orders (brands Burger Barn B and Pho House P; every order's lines add up to its total):
 *   O1 pickup    40.00  Tue 03 Nov 12:10  B 25.00 + P 15.00
 *   O2 delivery  60.00  Thu 05 Nov 18:30  P 60.00
 *   O3 kiosk card 30.00 Fri 06 Nov 13:05  B 30.00
 *   O4 cash      20.00  Sat 07 Nov 11:45  B 20.00
 *   U1 Uber Eats 80.00  Sun 08 Nov 13:00  P 80.00
 *   D1 Deliveroo 120.00 Mon 09 Nov 12:00  B 120.00 (fee 36.00)
 *   O5 pickup    45.00  Tue 10 Nov 19:20  B 25.00 + P 20.00, CANCELED Thu 12 Nov 09:00
 *   O6 delivery  35.00  Fri 13 Nov 20:40  P 35.00
 *   O10 kiosk card 25.00 Wed 18 Nov 12:00 B 25.00 (F2)
 * Fremantle orders (brand Noodle Bar N):
 *   F7 kiosk card 18.00 Wed 04 Nov 12:30   F9 cash 22.00 Thu 12 Nov 18:00
 *   F8 pickup    36.00  Sun 15 Nov 23:30 (already 16 Nov in Melbourne: still F1 for Perth)
 * Refunds and adjustments:
 *   R1 O1 -12.50 B  Wed 04 Nov 09:30 (a missing burger)
 *   R2 O2  -8.00 -  Fri 06 Nov 10:05 (late delivery, no one brand)
 *   R5 O5 -20.00 P  Wed 11 Nov 12:00, then O5 canceled: reversal V5 +20.00 P Thu 12 Nov 09:00
 *   R4 F7  -6.00 N  Sun 15 Nov 23:50 Perth (F1 for Perth)
 *   R6 O6 -10.00 P  Tue 17 Nov 10:15 (F2: an order of F1 refunded in F2)
 *   Deliveroo adjustment -5.00 on D1, Tue 10 Nov 14:00: Deliveroo's, never in our own figures.
 *
 * F1, channel by channel (canceled O5 left out; its refund and reversal net to 0):
 *   cash      20 + 22                       = 42.00
 *   card      30 + 18 - 6 (R4)              = 42.00
 *   pickup    40 + 36 - 12.50 - 20 + 20     = 63.50
 *   delivery  60 + 35 - 8                   = 87.00   (R6 is F2's)
 *   -> card sales 42 + 63.50 + 87 = 192.50; own channels 234.50 (261.00 of orders, -26.50 refunds)
 *   Uber Eats 80.00, Deliveroo 120.00 -> total sales 434.50 over 10 orders, average 43.45
 * Per location: Reservoir 385.00 of orders - 12.50 - 8 - 20 + 20 = 364.50 (7 orders);
 *               Fremantle 76.00 - 6 = 70.00 (3 orders).
 */
let t: TestApp;
let admin: string;
let operatorId: number;
const ids: Record<string, number> = {};
const F1 = { start_date: '02 Nov 2026', end_date: '15 Nov 2026' };
const F2 = { start_date: '16 Nov 2026', end_date: '29 Nov 2026' };

async function call(url: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Token ${admin}` },
    payload: body,
  });
  const json = String(res.headers['content-type']).startsWith('application/json');
  return { status: res.statusCode, body: json ? res.json() : null, text: res.body };
}
const dashboard = (location: number, range = F1) =>
  call('/api/v1/admin-data/', { query_type: 'dashboard_data', kitchaco_location: location, ...range });
const salesReport = (body: Record<string, unknown>) =>
  call('/api/v1/sales-report/', { query_type: 'get_sales_report', ...body });

/** A CSV (no quoted commas in this ledger) as objects by header. */
function parseCsv(text: string): Record<string, string>[] {
  const [head, ...lines] = text.split('\r\n').filter(Boolean);
  const headers = head!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [headers[i], v])));
}
const cents = (v: string) => Math.round(Number(v) * 100);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-30T15:00:00Z'); // Tue 1 Dec 02:00 in Melbourne
  const db = t.database.db;
  const harbour = await createExternalOperator(db, {
    businessName: 'Harbour Foods Pty Ltd',
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
  const mel = await createLocation(db, {
    name: 'Reservoir',
    suburb: 'Reservoir',
    timeZone: 'Australia/Melbourne',
    externalOperatorId: harbour.id,
    email: 'reservoir@example.test',
  });
  const per = await createLocation(db, {
    name: 'Fremantle',
    suburb: 'Fremantle',
    timeZone: 'Australia/Perth',
    externalOperatorId: harbour.id,
    email: 'fremantle@example.test',
  });
  ids.mel = mel.id;
  ids.per = per.id;
  const B = await createVendor(db, mel.id, { title: 'Burger Barn' });
  const P = await createVendor(db, mel.id, { title: 'Pho House' });
  const N = await createVendor(db, per.id, { title: 'Noodle Bar' });
  ids.B = B.id;
  ids.P = P.id;
  ids.N = N.id;
  const burger = (await createMeal(db, B.id, { name: 'Burger', price: '12.50' })).meal;
  const pho = (await createMeal(db, P.id, { name: 'Pho', price: '20.00' })).meal;
  const noodles = (await createMeal(db, N.id, { name: 'Noodles', price: '18.00' })).meal;
  admin = (await tokenFor(db, 'super_admin')).token;

  type Line = NonNullable<Parameters<typeof createLedgerOrder>[2]>[number];
  const line = (
    meal: { id: number; name: string; vendorId: number },
    quantity: number,
    lineTotal: string,
  ): Line => ({
    mealId: meal.id,
    vendorId: meal.vendorId,
    mealName: meal.name,
    quantity,
    lineTotal,
  });
  const order = (
    locationId: number,
    channel: Parameters<typeof createLedgerOrder>[1]['channel'],
    total: string,
    placedAt: string,
    lines: Line[],
    extra: Partial<Parameters<typeof createLedgerOrder>[1]> = {},
  ) =>
    createLedgerOrder(
      db,
      { locationId, channel, total, placedAt: new Date(placedAt), status: 'Finished', ...extra },
      lines,
    );

  // Reservoir (UTC+11).
  const o1 = await order(mel.id, 'online_pickup', '40.00', '2026-11-03T01:10:00Z', [
    line(burger, 2, '25.00'),
    { ...line(pho, 1, '15.00'), unitPrice: '15.00' },
  ]);
  const o2 = await order(mel.id, 'online_delivery', '60.00', '2026-11-05T07:30:00Z', [line(pho, 3, '60.00')]);
  const o3 = await order(mel.id, 'in_store_card', '30.00', '2026-11-06T02:05:00Z', [
    { ...line(burger, 2, '30.00'), unitPrice: '15.00' },
  ]);
  await order(mel.id, 'in_store_cash', '20.00', '2026-11-07T00:45:00Z', [
    { ...line(burger, 1, '20.00'), unitPrice: '20.00' },
  ]);
  await order(mel.id, 'uber_eats', '80.00', '2026-11-08T02:00:00Z', [line(pho, 4, '80.00')], {
    externalId: 'UE-1',
    ingestedVia: 'webhook',
  });
  const d1 = await order(
    mel.id,
    'deliveroo',
    '120.00',
    '2026-11-09T01:00:00Z',
    [{ ...line(burger, 8, '120.00'), unitPrice: '15.00' }],
    { externalId: 'DR-1', platformFee: '36.00' },
  );
  const o5 = await order(mel.id, 'online_pickup', '45.00', '2026-11-10T08:20:00Z', [
    line(burger, 2, '25.00'),
    line(pho, 1, '20.00'),
  ]);
  const o6 = await order(mel.id, 'online_delivery', '35.00', '2026-11-13T09:40:00Z', [
    { ...line(pho, 1, '35.00'), unitPrice: '35.00' },
  ]);
  const o10 = await order(mel.id, 'in_store_card', '25.00', '2026-11-18T01:00:00Z', [
    line(burger, 2, '25.00'),
  ]);
  // Fremantle (UTC+8).
  const f7 = await order(per.id, 'in_store_card', '18.00', '2026-11-04T04:30:00Z', [
    line(noodles, 1, '18.00'),
  ]);
  const f8 = await order(per.id, 'online_pickup', '36.00', '2026-11-15T15:30:00Z', [
    line(noodles, 2, '36.00'),
  ]);
  await order(per.id, 'in_store_cash', '22.00', '2026-11-12T10:00:00Z', [
    { ...line(noodles, 1, '22.00'), unitPrice: '22.00' },
  ]);
  Object.assign(ids, { o1: o1.id, o2: o2.id, o5: o5.id, o6: o6.id, o10: o10.id, f7: f7.id, f8: f8.id });
  void o3;

  await createCardRefund(db, o1, {
    amount: '12.50',
    at: new Date('2026-11-03T22:30:00Z'),
    reason: 'Missing item refund',
    vendorId: B.id,
  });
  await createCardRefund(db, o2, {
    amount: '8.00',
    at: new Date('2026-11-05T23:05:00Z'),
    reason: 'Late delivery goodwill',
  });
  await createCardRefund(db, o5, {
    amount: '20.00',
    at: new Date('2026-11-11T01:00:00Z'),
    reason: 'Missing item refund',
    vendorId: P.id,
  });
  const reversals = await cancelWithReversal(db, o5, new Date('2026-11-11T22:00:00Z'));
  expect(reversals.map((r) => [r.amount, r.vendorId, r.refundId])).toEqual([['20.00', P.id, null]]);
  await createCardRefund(db, f7, {
    amount: '6.00',
    at: new Date('2026-11-15T15:50:00Z'),
    reason: 'Wrong noodles refund',
    vendorId: N.id,
  });
  await createCardRefund(db, o6, {
    amount: '10.00',
    at: new Date('2026-11-16T23:15:00Z'),
    reason: 'Missing item refund',
    vendorId: P.id,
  });
  await createAdjustment(db, {
    locationId: mel.id,
    channel: 'deliveroo',
    orderId: d1.id,
    amount: '-5.00',
    reason: 'refund',
    occurredAt: new Date('2026-11-10T03:00:00Z'),
  });
  await createStockOrderRecord(db, {
    locationId: mel.id,
    status: 'approved',
    total: '110.00',
    gst: '10.00',
    approvedAt: new Date('2026-11-09T01:00:00Z'),
  });
});
afterAll(() => t?.close());

describe('the dashboard counts our own channels net of card refunds', () => {
  it('all locations, F1: totals, card sales, locations, brands and hours', async () => {
    const { status, body } = await dashboard(0);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      total_sales: 434.5,
      num_orders: 10,
      num_canceled_orders: 1,
      avg_order: 43.45, // 434.50 / 10
      cash_sales: 42,
      card_sales: 192.5, // card 42 + pickup 63.50 + delivery 87
      kitchaco_sales: 234.5,
      marketplace_sales: 200, // Uber Eats 80 + Deliveroo 120; Deliveroo's -5 is not a sale
      card_refunds: -26.5, // -12.50 - 8 - 20 + 20 - 6
      deliveroo_sales: 120,
      uber_sales: 80,
    });
    expect(body.avg_order_by_source.kitchaco).toBe(29.31); // 234.50 / 8 orders = 29.3125
    expect(body.deliveroo_details).toMatchObject({
      available: true,
      total_sales: 120,
      platform_fees: 36,
      adjustments: -5,
      net_payout: 79, // 120 - 36 - 5
    });
    expect(body.kitchaco_details.channels).toEqual([
      {
        channel: 'in_store_cash',
        label: 'In store (cash)',
        total_sales: 42,
        num_orders: 2,
        avg_order: 21,
        refunds: 0,
      },
      {
        channel: 'in_store_card',
        label: 'In store (card)',
        total_sales: 42,
        num_orders: 2,
        avg_order: 21,
        refunds: -6,
      },
      // O1 + F8 = 76 - 12.50 (R1) - 20 (R5) + 20 (V5) = 63.50 over 2 orders.
      {
        channel: 'online_pickup',
        label: 'Online pickup',
        total_sales: 63.5,
        num_orders: 2,
        avg_order: 31.75,
        refunds: -12.5,
      },
      {
        channel: 'online_delivery',
        label: 'Online delivery',
        total_sales: 87,
        num_orders: 2,
        avg_order: 43.5,
        refunds: -8,
      },
    ]);
    expect(body.sales_by_locations).toEqual([
      { id: ids.mel, location: 'Reservoir', total_sales: 364.5, num_orders: 7 },
      { id: ids.per, location: 'Fremantle', total_sales: 70, num_orders: 3 },
    ]);
    // Burger Barn: 25 (O1) + 30 (O3) + 20 (O4) + 120 (D1) = 195 - 12.50 (R1)      = 182.50
    // Pho House: 15 (O1) + 60 (O2) + 80 (U1) + 35 (O6) = 190; R5 -20 and V5 +20   = 190.00
    // Noodle Bar: 18 + 36 + 22 = 76 - 6 (R4)                                       =  70.00
    // Refunds (not itemised): R2                                                   =  -8.00
    expect(body.sales_by_vendors).toEqual([
      { id: ids.P, name: 'Pho House', total: 190, refunds: 0 },
      { id: ids.B, name: 'Burger Barn', total: 182.5, refunds: -12.5 },
      { id: ids.N, name: 'Noodle Bar', total: 70, refunds: -6 },
      { id: 0, name: 'Refunds (not itemised)', total: -8, refunds: -8 },
    ]);
    // Orders by the hour placed, refunds by the hour made, each on its location's clock:
    //  9: V5 +20 - R1 12.50 = 7.50    10: R2 -8    11: O4 20    12: O1 40 + D1 120 + F7 18 - R5 20 = 158
    // 13: O3 30 + U1 80 = 110         18: O2 60 + F9 22 = 82    20: O6 35    23: F8 36 - R4 6 = 30
    const hours = Object.fromEntries(
      body.sales_by_hours
        .filter((h: { total: number; num_orders: number }) => h.total !== 0 || h.num_orders !== 0)
        .map((h: { hour: number; total: number; num_orders: number }) => [h.hour, [h.total, h.num_orders]]),
    );
    expect(hours).toEqual({
      9: [7.5, 0],
      10: [-8, 0],
      11: [20, 1],
      12: [158, 3],
      13: [110, 2],
      18: [82, 2],
      20: [35, 1],
      23: [30, 1],
    });
    const sum = (values: number[]) => values.reduce((a, v) => a + Math.round(v * 100), 0);
    expect(sum(body.sales_by_vendors.map((v: { total: number }) => v.total))).toBe(43450);
    expect(sum(body.sales_by_hours.map((h: { total: number }) => h.total))).toBe(43450);
    expect(sum(body.sales_by_locations.map((l: { total_sales: number }) => l.total_sales))).toBe(43450);
  });

  it('one location: Reservoir, F1; items sold stay quantities', async () => {
    const { body } = await dashboard(ids.mel!);
    // 385.00 of orders - 20.50 of refunds = 364.50 over 7 orders (52.071...).
    expect(body).toMatchObject({
      total_sales: 364.5,
      num_orders: 7,
      avg_order: 52.07,
      cash_sales: 20,
      card_sales: 144.5, // card 30 + pickup (40 - 12.50 - 20 + 20) 27.50 + delivery (60 + 35 - 8) 87
      kitchaco_sales: 164.5,
      card_refunds: -20.5,
    });
    expect(body.sales_by_vendors).toEqual([
      { id: ids.P, name: 'Pho House', total: 190, refunds: 0 },
      { id: ids.B, name: 'Burger Barn', total: 182.5, refunds: -12.5 },
      { id: 0, name: 'Refunds (not itemised)', total: -8, refunds: -8 },
    ]);
    // A refund gives money back; it returns no item. O5's lines left with the cancellation.
    expect(body.items_sold).toEqual({ Burger: 2 + 2 + 1 + 8, Pho: 1 + 3 + 4 + 1 });
  });

  it('Fremantle, F1: its 23:50 refund counts in its own 15 Nov and 23:00 hour', async () => {
    const { body } = await dashboard(ids.per!);
    expect(body).toMatchObject({ total_sales: 70, card_sales: 48, cash_sales: 22, card_refunds: -6 });
    expect(body.sales_by_hours[23]).toEqual({ hour: 23, total: 30, num_orders: 1 });
  });

  it('F2: the refund of an F1 order counts when it was made', async () => {
    const { body } = await dashboard(ids.mel!, F2);
    // O10 25.00 card; R6 -10.00 against Pho House, which sold nothing in F2.
    expect(body).toMatchObject({ total_sales: 15, num_orders: 1, card_sales: 15, card_refunds: -10 });
    expect(body.kitchaco_details.channels[3]).toMatchObject({
      channel: 'online_delivery',
      total_sales: -10,
      num_orders: 0,
      avg_order: null,
      refunds: -10,
    });
    expect(body.sales_by_vendors).toEqual([
      { id: ids.B, name: 'Burger Barn', total: 25, refunds: 0 },
      { id: ids.P, name: 'Pho House', total: -10, refunds: -10 },
    ]);
    expect(body.sales_by_hours[10]).toEqual({ hour: 10, total: -10, num_orders: 0 });
    expect(body.sales_by_locations).toEqual([
      { id: ids.mel, location: 'Reservoir', total_sales: 15, num_orders: 1 },
    ]);
  });

  it('reports_data: the operator figures net too', async () => {
    const { body } = await call('/api/v1/admin-data/', {
      query_type: 'reports_data',
      external_operator: operatorId,
      ...F1,
    });
    expect(body.sales_by_operator).toMatchObject({ total_sales: 434.5, num_orders: 10, avg_order: 43.45 });
  });
});

describe('the sales report, invoice and transactional report count our channels net', () => {
  it('generates both fortnights', async () => {
    for (const range of [F1, F2]) {
      const res = await call('/api/v1/sales-report/', {
        query_type: 'generate_sales_report',
        kitchaco: 0,
        ...range,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });

  it('F1 per location: each own channel net of its refunds; Deliveroo adjustments apart', async () => {
    const { body } = await salesReport({ kitchaco: 0, ...F1 });
    expect(body.sales_data).toEqual([
      expect.objectContaining({
        kitchaco__suburb: 'Reservoir',
        in_store_cash_sales: 20,
        in_store_card_sales: 30,
        online_pickup_sales: 27.5, // 40 - 12.50 (R1); O5's -20 and +20 net 0
        online_delivery_sales: 87, // 60 + 35 - 8 (R2)
        uber_total_sales: 80,
        deliveroo_total_sales: 120,
        deliveroo_adjustments: -5,
        card_refunds: -20.5,
      }),
      expect.objectContaining({
        kitchaco__suburb: 'Fremantle',
        in_store_cash_sales: 22,
        in_store_card_sales: 12, // 18 - 6 (R4)
        online_pickup_sales: 36,
        online_delivery_sales: 0,
        card_refunds: -6,
      }),
    ]);
  });

  it('F2: the refund of an F1 order is F2 Reservoir online delivery', async () => {
    const { body } = await salesReport({ kitchaco: ids.mel, ...F2 });
    expect(body.sales_data[0]).toMatchObject({
      in_store_card_sales: 25,
      online_delivery_sales: -10,
      card_refunds: -10,
    });
  });

  it('the invoice: commissions on net sales, revenue, earnings and payout to the cent', async () => {
    const { body } = await salesReport({ external_operator: operatorId, ...F1 });
    expect(body).toMatchObject({
      gross_kitchaco_in_store_cash_sales: 42,
      gross_kitchaco_in_store_card_sales: 42,
      gross_kitchaco_online_pickup_sales: 63.5,
      gross_kitchaco_online_delivery_sales: 87,
      gross_uber_eats_sales: 80,
      gross_deliveroo_sales: 120,
    });
    const inv = body.invoice;
    expect(inv.kitchaco_sales).toBe(234.5);
    // Revenue 42 + 42 + 63.50 + 87 + 80 + 120 - 5 = 429.50; GST 429.50 / 11 = 39.045 -> 39.05.
    expect(inv.revenue).toEqual({ gross: 429.5, gst: 39.05, net: 390.45 });
    // rate x net sales = the commission ex GST; GST 10% of it on top (ex GST | GST | inc GST):
    //   cash       42.00 x 10% =  4.20 | 0.42 |  4.62
    //   card       42.00 x 10% =  4.20 | 0.42 |  4.62
    //   pickup     63.50 x 12% =  7.62 | 0.762 -> 0.76 |  8.38
    //   delivery   87.00 x 12% = 10.44 | 1.044 -> 1.04 | 11.48
    //   Uber Eats  80.00 x 35% = 28.00 | 2.80 | 30.80
    //   Deliveroo 120.00 x 32% = 38.40 | 3.84 | 42.24
    //   total                    92.86 | 9.28 | 102.14
    expect(inv.commissions.in_store_cash).toEqual({ rate: '0.1000', gross: 4.62, gst: 0.42, net: 4.2 });
    expect(inv.commissions.in_store_card).toEqual({ rate: '0.1000', gross: 4.62, gst: 0.42, net: 4.2 });
    expect(inv.commissions.online_pickup).toEqual({ rate: '0.1200', gross: 8.38, gst: 0.76, net: 7.62 });
    expect(inv.commissions.online_delivery).toEqual({ rate: '0.1200', gross: 11.48, gst: 1.04, net: 10.44 });
    expect(inv.commissions.uber_eats).toEqual({ rate: '0.3500', gross: 30.8, gst: 2.8, net: 28 });
    expect(inv.commissions.deliveroo).toEqual({ rate: '0.3200', gross: 42.24, gst: 3.84, net: 38.4 });
    expect(inv.total_commission).toEqual({ gross: 102.14, gst: 9.28, net: 92.86 });
    // Purchases 102.14 + stock 110.00 (GST 10.00) = 212.14 (GST 19.28, net 192.86);
    // earnings 429.50 - 212.14 = 217.36 (GST 39.05 - 19.28 = 19.77, net 390.45 - 192.86 = 197.59);
    // payout 217.36 - cash 42.00 = 175.36.
    expect(inv.purchases).toEqual({ gross: 212.14, gst: 19.28, net: 192.86 });
    expect(inv.earnings).toEqual({ gross: 217.36, gst: 19.77, net: 197.59 });
    expect(inv.payout_inc_gst).toBe(175.36);
  });

  it('approves the net figures, and the invoice PDF and CSV carry them', async () => {
    const ok = await call('/api/v1/sales-report/', {
      query_type: 'update_and_approve_sales_report',
      external_operator: operatorId,
      ...F1,
      total_payout_inc_gst: 175.36,
    });
    expect(ok.body).toMatchObject({ success: true, message: 'Approved Successfully', changed: true });
    const { body } = await salesReport({ external_operator: operatorId, ...F1 });
    expect(body.status).toBe('approved');
    expect(body.sales_approved_invoice_details[0]).toMatchObject({
      kitchaco__suburb: 'Reservoir',
      kitchaco_online_pickup_sales: 27.5,
      kitchaco_online_delivery_sales: 87,
    });
    const csv = await call('/api/v1/sales-report/invoice-csv/', { external_operator: operatorId, ...F1 });
    expect(csv.text).toContain('Sales Reservoir,Online pickup,27.50');
    expect(csv.text).toContain('Sales Reservoir,Card refunds (within in-store card and online),');
    expect(csv.text).toContain('Totals,Payout (GST inclusive),175.36');
    // A deduction is a number a spreadsheet adds up, not text behind an apostrophe.
    expect(csv.text).toContain('Totals,Less in-store cash sales,-42.00');
    const pdf = await call('/api/v1/sales-report/invoice-pdf/', { external_operator: operatorId, ...F1 });
    expect(pdf.status).toBe(200);
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
  });

  it('the transactional report lists each refund on its own row; each channel adds up to the report', async () => {
    const res = await call('/api/v1/sales-report/transactions-csv/', {
      kitchaco: ids.mel,
      ...F1,
      own_channels: true,
    });
    expect(res.status).toBe(200);
    const rows = parseCsv(res.text);
    const refunds = rows.filter((r) => r.Status === 'Refund' || r.Status === 'Reversal');
    expect(refunds).toEqual([
      expect.objectContaining({
        Platform: 'Online pickup',
        'Order #': String(ids.o1),
        Date: '04 Nov 2026',
        Time: '09:30 AM',
        Status: 'Refund',
        Total: '-12.50',
        Reason: 'Missing item refund',
      }),
      expect.objectContaining({
        Platform: 'Online delivery',
        'Order #': String(ids.o2),
        Date: '06 Nov 2026',
        Time: '10:05 AM',
        Total: '-8.00',
        Reason: 'Late delivery goodwill',
      }),
      expect.objectContaining({
        'Order #': String(ids.o5),
        Date: '11 Nov 2026',
        Status: 'Refund',
        Total: '-20.00',
      }),
      expect.objectContaining({
        'Order #': String(ids.o5),
        Date: '12 Nov 2026',
        Time: '09:00 AM',
        Status: 'Reversal',
        Total: '20.00',
        Reason: 'Reversal: order canceled (its refunds are in the cancellation)',
      }),
    ]);
    // Canceled orders out, every refund and reversal in: the report's net figure per channel.
    const totals: Record<string, number> = {};
    for (const r of rows) {
      if (r.Status === 'Canceled') continue;
      totals[r.Platform!] = (totals[r.Platform!] ?? 0) + cents(r.Total!);
    }
    expect(totals).toEqual({
      'In-store cash': 2000,
      'In-store card': 3000,
      'Online pickup': 2750, // 40 - 12.50 (+ O5 45 canceled) - 20 + 20
      'Online delivery': 8700, // 60 - 8 + 35
    });
    const all = Object.values(totals).reduce((a, v) => a + v, 0);
    expect(all).toBe(16450); // Reservoir's own channels on the dashboard: 164.50
  });

  it('F2 lists the refund of the F1 order when it was made', async () => {
    const res = await call('/api/v1/sales-report/transactions-csv/', {
      kitchaco: ids.mel,
      ...F2,
      own_channels: true,
    });
    const rows = parseCsv(res.text);
    expect(rows.map((r) => [r.Platform, r['Order #'], r.Date, r.Status, r.Total])).toEqual([
      ['Online delivery', String(ids.o6), '17 Nov 2026', 'Refund', '-10.00'],
      ['In-store card', String(ids.o10), '18 Nov 2026', 'Finished', '25.00'],
    ]);
  });

  it('the emailed summary of a generated report lists our channels and their refunds', async () => {
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'fremantle@example.test'));
    const summary = mails.find((m) => m.subject?.includes('02 Nov 2026'))!;
    expect(summary.body).toContain('In-store card: $12.00');
    expect(summary.body).toContain('Card refunds: -$6.00');
    const csv = Buffer.from(summary.attachments[1]!.content, 'base64').toString();
    expect(csv).toContain(
      `In-store card,,${ids.f7},Fremantle,15 Nov 2026,11:50 PM,Refund,,-6.00,,Wrong noodles refund`,
    );
  });

  it('the ledger holds each refund once, with its refund row; the reversal has none', async () => {
    const rows = await t.database.db
      .select()
      .from(orderAdjustments)
      .where(eq(orderAdjustments.orderId, ids.o5!));
    expect(rows.map((r) => [r.amount, r.refundId === null])).toEqual([
      ['-20.00', false],
      ['20.00', true],
    ]);
  });
});
