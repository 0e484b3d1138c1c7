import {
  addDays,
  type DashboardResponse,
  type IsoDate,
  OWN_SALES_CHANNELS,
  previousPeriod,
  SALES_CHANNELS,
  type SalesChannel,
} from '@kitchaco/domain';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldRollups } from '../../db/rollups.js';
import { locations, orderAdjustments, orders } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import {
  createExternalOperator,
  createLocation,
  createMeal,
  createStaff,
  createVendor,
  TEST_PASSWORD,
} from '../../test/factories.js';
import {
  cancelWithReversal,
  createAdjustment,
  createCardRefund,
  createLedgerOrder,
  createStockOrderRecord,
  ledgerFigures,
} from '../../test/ledger.js';

/**
 * A small ledger laid out by hand, every right answer worked out in the comments. Melbourne is
 * UTC+11 and Perth UTC+8 in November, so 17 Nov 2026 is
 *   Melbourne: 2026-11-16T13:00Z .. 2026-11-17T13:00Z
 *   Perth:     2026-11-16T16:00Z .. 2026-11-17T16:00Z
 * Orders just outside those instants must not count; Perth's 23:30 order counts for Perth although
 * it is already 18 Nov in Melbourne.
 */
let t: TestApp;
let mel: { id: number; name: string };
let per: { id: number; name: string };
let superAdmin: string;
let operatorMel: string;
const ids: Record<string, number> = {};

const DAY = '17 Nov 2026';

async function call(token: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    headers: { authorization: `Token ${token}` },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

const dashboard = (token: string, location: number, start = DAY, end = DAY) =>
  call(token, {
    query_type: 'dashboard_data',
    kitchaco_location: location,
    start_date: start,
    end_date: end,
  });

/**
 * The comparison figures of a dashboard are the figures the dashboard itself gives for the previous
 * period: every headline figure and every chart series.
 */
function expectPreviousPeriodIs(
  comparison: DashboardResponse['previous_period'],
  previous: DashboardResponse,
) {
  expect(comparison).toEqual({
    start_date: previous.start_date,
    end_date: previous.end_date,
    total_sales: previous.total_sales,
    kitchaco_sales: previous.kitchaco_sales,
    cash_sales: previous.cash_sales,
    card_sales: previous.card_sales,
    card_refunds: previous.card_refunds,
    marketplace_sales: previous.marketplace_sales,
    total_stock_sent: previous.total_stock_sent,
    num_orders: previous.num_orders,
    num_completed_orders: previous.num_completed_orders,
    num_canceled_orders: previous.num_canceled_orders,
    avg_order: previous.avg_order,
    sales_by_locations: previous.sales_by_locations.map(({ id, total_sales, num_orders }) => ({
      id,
      total_sales,
      num_orders,
    })),
    sales_by_vendors: previous.sales_by_vendors.map(({ id, name, total }) => ({ id, name, total })),
    sales_by_hours: previous.sales_by_hours,
    sales_by_source: previous.sales_by_source.map(({ source, total_sales, num_orders }) => ({
      source,
      total_sales,
      num_orders,
    })),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const franchise = await createExternalOperator(db, { businessName: 'Southern Kitchens Pty Ltd' });
  await createExternalOperator(db, { businessName: 'Another Franchise Pty Ltd' });
  mel = await createLocation(db, {
    name: 'Reservoir',
    timeZone: 'Australia/Melbourne',
    externalOperatorId: franchise.id,
  });
  per = await createLocation(db, {
    name: 'Fremantle',
    timeZone: 'Australia/Perth',
    externalOperatorId: franchise.id,
  });
  const burgerBarn = await createVendor(db, mel.id, { title: 'Burger Barn' });
  const phoHouse = await createVendor(db, mel.id, { title: 'Pho House' });
  const noodleBar = await createVendor(db, per.id, { title: 'Noodle Bar' });
  const burger = (await createMeal(db, burgerBarn.id, { name: 'Burger', price: '10.00' })).meal;
  const fries = (await createMeal(db, burgerBarn.id, { name: 'Fries', price: '5.50' })).meal;
  const pho = (await createMeal(db, phoHouse.id, { name: 'Pho', price: '20.00' })).meal;
  const noodles = (await createMeal(db, noodleBar.id, { name: 'Noodles', price: '18.00' })).meal;
  superAdmin = (await tokenFor(db, 'super_admin')).token;
  operatorMel = (await tokenFor(db, 'operator', mel.id)).token;

  const line = (
    meal: { id: number; name: string; vendorId: number },
    quantity: number,
    lineTotal: string,
  ) => ({
    mealId: meal.id,
    vendorId: meal.vendorId,
    mealName: meal.name,
    quantity,
    lineTotal,
  });
  const at = (iso: string) => new Date(iso);

  // Melbourne, 17 Nov local.
  ids.A1 = (
    await createLedgerOrder(
      db,
      {
        locationId: mel.id,
        channel: 'in_store_cash',
        placedAt: at('2026-11-16T13:30:00Z'),
        total: '20.00',
        status: 'Finished',
        customerName: 'Ada Cash',
      },
      [line(burger, 2, '20.00')],
    )
  ).id; // 00:30 local, hour 0
  ids.A2 = (
    await createLedgerOrder(
      db,
      {
        locationId: mel.id,
        channel: 'online_pickup',
        placedAt: at('2026-11-17T01:15:00Z'),
        total: '35.50',
        customerName: 'Ben Pickup',
        customerPhone: '+61400000111',
        customerEmail: 'ben@example.test',
        paymentReceiptNumber: 'R-1002',
      },
      [
        line(burger, 1, '10.00'),
        { ...line(pho, 1, '20.00'), combos: [{ name: 'Extra beef', price: '0.00', quantity: 1 }] },
        line(fries, 1, '5.50'),
      ],
    )
  ).id; // 12:15 local
  ids.A3 = (
    await createLedgerOrder(
      db,
      {
        locationId: mel.id,
        channel: 'uber_eats',
        externalId: 'UE-3',
        ingestedVia: 'webhook',
        placedAt: at('2026-11-17T02:00:00Z'),
        total: '30.00',
        platformFee: '9.00',
        status: 'Finished',
        customerName: 'Cat Uber',
      },
      [
        {
          ...line(pho, 1, '20.00'),
          combos: [
            { name: 'Extra noodles', price: '2.00', quantity: 2 },
            { name: 'No chilli', price: '0.00', quantity: 1 },
          ],
          unitPrice: '16.00',
        },
        { mealId: null, vendorId: burgerBarn.id, mealName: 'Burgr Deluxe', quantity: 1, lineTotal: '10.00' },
      ],
    )
  ).id; // 13:00 local
  ids.A4 = (
    await createLedgerOrder(
      db,
      {
        locationId: mel.id,
        channel: 'uber_eats',
        externalId: 'UE-4',
        ingestedVia: 'csv',
        placedAt: at('2026-11-17T08:00:00Z'),
        total: '15.00',
        platformFee: '4.50',
        status: 'Finished',
      },
      [line(burger, 1, '15.00')],
    )
  ).id; // 19:00 local
  ids.A5 = (
    await createLedgerOrder(
      db,
      {
        locationId: mel.id,
        channel: 'deliveroo',
        externalId: 'DR-5',
        placedAt: at('2026-11-17T03:00:00Z'),
        total: '40.00',
        platformFee: '12.00',
        status: 'Canceled',
      },
      [line(pho, 2, '40.00')],
    )
  ).id; // canceled: counted as canceled, never as sales
  ids.A6 = (
    await createLedgerOrder(
      db,
      {
        locationId: mel.id,
        channel: 'menulog',
        externalId: 'ML-6',
        placedAt: at('2026-11-17T12:59:00Z'),
        total: '22.00',
        status: 'Cooking',
      },
      [line(fries, 4, '22.00')],
    )
  ).id; // 23:59 local, hour 23
  // Just outside Melbourne's 17 Nov.
  await createLedgerOrder(
    db,
    { locationId: mel.id, channel: 'in_store_card', placedAt: at('2026-11-17T13:00:00Z'), total: '50.00' },
    [line(burger, 5, '50.00')],
  ); // 00:00 on 18 Nov
  await createLedgerOrder(
    db,
    { locationId: mel.id, channel: 'online_delivery', placedAt: at('2026-11-16T12:59:00Z'), total: '12.00' },
    [line(fries, 2, '12.00')],
  ); // 23:59 on 16 Nov

  // Perth, 17 Nov local.
  ids.B1 = (
    await createLedgerOrder(
      db,
      {
        locationId: per.id,
        channel: 'doordash',
        externalId: 'DD-1',
        placedAt: at('2026-11-17T15:30:00Z'),
        total: '18.00',
        platformFee: '5.40',
      },
      [line(noodles, 1, '18.00')],
    )
  ).id; // 23:30 Perth (02:30 on 18 Nov in Melbourne)
  ids.B3 = (
    await createLedgerOrder(
      db,
      { locationId: per.id, channel: 'in_store_card', placedAt: at('2026-11-16T16:00:00Z'), total: '9.00' },
      [line(noodles, 1, '9.00')],
    )
  ).id; // 00:00 Perth, hour 0
  await createLedgerOrder(
    db,
    {
      locationId: per.id,
      channel: 'online_delivery',
      placedAt: at('2026-11-16T15:59:00Z'),
      total: '26.50',
      deliveryCharge: '6.50',
      subTotal: '20.00',
    },
    [line(noodles, 1, '20.00')],
  ); // 23:59 on 16 Nov in Perth

  // Stock sent to Melbourne: approved during 17 Nov local counts; later or pending does not.
  await createStockOrderRecord(db, {
    locationId: mel.id,
    status: 'approved',
    total: '110.00',
    approvedAt: at('2026-11-17T05:00:00Z'),
  });
  await createStockOrderRecord(db, {
    locationId: mel.id,
    status: 'approved',
    total: '50.00',
    approvedAt: at('2026-11-17T14:00:00Z'),
  });
  await createStockOrderRecord(db, { locationId: mel.id, status: 'pending', total: '75.00' });
});
afterAll(() => t.close());

describe('dashboard_data on a hand-made ledger', () => {
  it('one location: every figure of 17 Nov in Melbourne', async () => {
    const { status, body } = await dashboard(superAdmin, mel.id);
    expect(status).toBe(200);
    // Counted: A1 20.00 cash, A2 35.50 pickup, A3 30.00 Uber, A4 15.00 Uber (CSV), A6 22.00 Menulog.
    expect(body).toMatchObject({
      kitchaco_location: mel.id,
      start_date: DAY,
      end_date: DAY,
      total_sales: 122.5,
      num_orders: 5,
      num_completed_orders: 3, // A1, A3, A4 Finished
      num_canceled_orders: 1, // A5
      cash_sales: 20,
      card_sales: 35.5,
      kitchaco_sales: 55.5,
      marketplace_sales: 67,
      uber_sales: 30,
      uber_sales_webscrape: 15,
      deliveroo_sales: 0,
      doordash_sales: 0,
      menulog_sales: 22,
      num_kitchaco_orders: 2,
      num_uber_eats_orders: 1,
      num_uber_eats_webscrape_orders: 1,
      num_deliveroo_orders: 0,
      num_doordash_orders: 0,
      num_menulog_orders: 1,
      avg_order: 24.5, // 122.50 / 5
      total_stock_sent: 110,
    });
    // Averages only where a source had orders.
    expect(body.avg_order_by_source).toEqual({
      kitchaco: 27.75,
      uber_eats: 30,
      uber_eats_webscrape: 15,
      menulog: 22,
    });
    expect(body.sales_by_locations).toEqual([
      { id: mel.id, location: 'Reservoir', total_sales: 122.5, num_orders: 5 },
    ]);
    // Burger Barn: 20 + 10 + 5.50 + 10 (unmatched name, its brand) + 15 + 22; Pho House: 20 + 20.
    expect(body.sales_by_vendors.map((v: { name: string; total: number }) => [v.name, v.total])).toEqual([
      ['Burger Barn', 82.5],
      ['Pho House', 40],
    ]);
    const hours = Object.fromEntries(
      body.sales_by_hours
        .filter((h: { num_orders: number }) => h.num_orders > 0)
        .map((h: { hour: number; total: number }) => [h.hour, h.total]),
    );
    expect(body.sales_by_hours).toHaveLength(24);
    expect(hours).toEqual({ 0: 20, 12: 35.5, 13: 30, 19: 15, 23: 22 });
    expect(body.items_sold).toEqual({ Burger: 4, Fries: 5, Pho: 2, 'Burgr Deluxe': 1 });
    expect(body.items_unmatched).toEqual(['Burgr Deluxe']);
    expect(body.kitchaco_details.channels).toEqual([
      {
        channel: 'in_store_cash',
        label: 'In store (cash)',
        total_sales: 20,
        num_orders: 1,
        avg_order: 20,
        refunds: 0,
      },
      {
        channel: 'in_store_card',
        label: 'In store (card)',
        total_sales: 0,
        num_orders: 0,
        avg_order: null,
        refunds: 0,
      },
      {
        channel: 'online_pickup',
        label: 'Online pickup',
        total_sales: 35.5,
        num_orders: 1,
        avg_order: 35.5,
        refunds: 0,
      },
      {
        channel: 'online_delivery',
        label: 'Online delivery',
        total_sales: 0,
        num_orders: 0,
        avg_order: null,
        refunds: 0,
      },
    ]);
    expect(body.card_refunds).toBe(0);
  });

  it('all locations: each counted in its own time zone', async () => {
    const { body } = await dashboard(superAdmin, 0);
    // Melbourne 122.50 (5) + Perth B1 18.00 DoorDash + B3 9.00 card.
    expect(body).toMatchObject({
      kitchaco_location: 0,
      total_sales: 149.5,
      num_orders: 7,
      num_canceled_orders: 1,
      card_sales: 44.5,
      doordash_sales: 18,
      num_doordash_orders: 1,
      avg_order: 21.36, // 149.50 / 7 = 21.357...
      total_stock_sent: 110,
      items_sold: {}, // only for one location
    });
    expect(body.sales_by_locations).toEqual([
      { id: mel.id, location: 'Reservoir', total_sales: 122.5, num_orders: 5 },
      { id: per.id, location: 'Fremantle', total_sales: 27, num_orders: 2 },
    ]);
    const hour = (h: number) => body.sales_by_hours[h];
    expect(hour(0)).toEqual({ hour: 0, total: 29, num_orders: 2 }); // A1 + B3
    expect(hour(23)).toEqual({ hour: 23, total: 40, num_orders: 2 }); // A6 + B1
  });

  it('an operator sees only their own location, whatever they send', async () => {
    for (const requested of [0, -1, per.id]) {
      const { status, body } = await dashboard(operatorMel, requested);
      expect(status).toBe(200);
      expect(body.kitchaco_location).toBe(mel.id);
      expect(body.total_sales).toBe(122.5);
      expect(body.sales_by_locations.map((l: { id: number }) => l.id)).toEqual([mel.id]);
    }
  });

  it("compares with the previous period of equal length, in each location's own time zone", async () => {
    // 17 Nov is compared with 16 Nov. Melbourne's 16 Nov: the 12.00 delivery at 23:59 local.
    const one = await dashboard(superAdmin, mel.id);
    expect(one.body.previous_period).toMatchObject({
      start_date: '16 Nov 2026',
      end_date: '16 Nov 2026',
      total_sales: 12,
      kitchaco_sales: 12,
      card_sales: 12,
      cash_sales: 0,
      marketplace_sales: 0,
      num_orders: 1,
      num_canceled_orders: 0,
      avg_order: 12,
      total_stock_sent: 0,
      sales_by_locations: [{ id: mel.id, total_sales: 12, num_orders: 1 }],
      sales_by_vendors: [{ id: expect.any(Number), name: 'Burger Barn', total: 12 }],
    });
    expect(one.body.previous_period.sales_by_hours[23]).toEqual({ hour: 23, total: 12, num_orders: 1 });
    // All locations: Perth's 26.50 delivery at 23:59 on 16 Nov Perth time (02:59 on 17 Nov in
    // Melbourne) is 16 Nov; B3 at 00:00 Perth on 17 Nov is not.
    const all = await dashboard(superAdmin, 0);
    expect(all.body.previous_period).toMatchObject({
      total_sales: 38.5,
      card_sales: 38.5,
      num_orders: 2,
      avg_order: 19.25,
      sales_by_locations: [
        { id: mel.id, total_sales: 12, num_orders: 1 },
        { id: per.id, total_sales: 26.5, num_orders: 1 },
      ],
    });
    expect(all.body.previous_period.sales_by_hours[0]).toEqual({ hour: 0, total: 0, num_orders: 0 });
    // 18 Nov is compared with 17 Nov: the same figures as the 17 Nov dashboard, to the cent.
    const next = await dashboard(superAdmin, mel.id, '18 Nov 2026', '18 Nov 2026');
    expectPreviousPeriodIs(next.body.previous_period, one.body);
    // Two days (17-18 Nov) are compared with the two before (15-16 Nov).
    const two = await dashboard(superAdmin, 0, DAY, '18 Nov 2026');
    const before = await dashboard(superAdmin, 0, '15 Nov 2026', '16 Nov 2026');
    expectPreviousPeriodIs(two.body.previous_period, before.body);
  });

  it("an operator's comparison is of their own location only", async () => {
    for (const requested of [0, per.id]) {
      const { body } = await dashboard(operatorMel, requested);
      expect(body.previous_period.total_sales).toBe(12);
      expect(body.previous_period.sales_by_locations).toEqual([
        { id: mel.id, total_sales: 12, num_orders: 1 },
      ]);
    }
  });

  it('Uber Eats details: the orders of one past day', async () => {
    // The test clock is 18 Nov 2026 13:00 in Melbourne: 17 Nov is yesterday.
    const { body } = await dashboard(superAdmin, mel.id);
    expect(body.uber_details).toMatchObject({
      available: true,
      reason: null,
      total_sales: 45,
      platform_fees: 13.5,
    });
    expect(body.uber_details.orders.map((o: { external_id: string }) => o.external_id)).toEqual([
      'UE-3',
      'UE-4',
    ]);
    expect(body.uber_details.orders[0]).toMatchObject({ order_time: '01:00 PM', ingested_via: 'webhook' });
    const today = await dashboard(superAdmin, mel.id, '18 Nov 2026', '18 Nov 2026');
    expect(today.body.uber_details).toMatchObject({ available: false, orders: [] });
    expect(today.body.uber_details.reason).toMatch(/yesterday/);
    const twoDays = await dashboard(superAdmin, mel.id, '16 Nov 2026', DAY);
    expect(twoDays.body.uber_details.available).toBe(false);
  });

  it('Uber Eats details leave out a canceled order, as the sales figures do', async () => {
    const db = t.database.db;
    const loc = await createLocation(db, { name: 'Uber Town', timeZone: 'Australia/Melbourne' });
    const kept = await createLedgerOrder(db, {
      locationId: loc.id,
      channel: 'uber_eats',
      externalId: 'UE-KEPT',
      placedAt: new Date('2026-11-17T03:00:00Z'),
      total: '25.00',
      platformFee: '7.50',
      status: 'Finished',
    });
    await createLedgerOrder(db, {
      locationId: loc.id,
      channel: 'uber_eats',
      externalId: 'UE-CANCELED',
      placedAt: new Date('2026-11-17T04:00:00Z'),
      total: '40.00',
      platformFee: '12.00',
      status: 'Canceled',
    });
    const { body } = await dashboard(superAdmin, loc.id);
    expect(body).toMatchObject({ uber_sales: 25, num_uber_eats_orders: 1, num_canceled_orders: 1 });
    expect(body.uber_details).toMatchObject({ available: true, total_sales: 25, platform_fees: 7.5 });
    expect(body.uber_details.orders.map((o: { id: number }) => o.id)).toEqual([kept.id]);
    expect(body.uber_details.orders).toHaveLength(body.num_uber_eats_orders);
  });

  it('Deliveroo details: a finished Monday fortnight with fees and adjustments', async () => {
    const db = t.database.db;
    const loc = await createLocation(db, { name: 'Deliveroo Town', timeZone: 'Australia/Melbourne' });
    await createLedgerOrder(db, {
      locationId: loc.id,
      channel: 'deliveroo',
      externalId: 'DR-F1',
      placedAt: new Date('2026-11-05T02:00:00Z'),
      total: '40.00',
      platformFee: '12.00',
    });
    await createAdjustment(db, {
      locationId: loc.id,
      channel: 'deliveroo',
      amount: '-5.00',
      occurredAt: new Date('2026-11-06T02:00:00Z'),
    });
    const { body } = await dashboard(superAdmin, loc.id, '02 Nov 2026', '15 Nov 2026');
    expect(body.deliveroo_details).toEqual({
      available: true,
      reason: null,
      total_sales: 40,
      num_orders: 1,
      platform_fees: 12,
      adjustments: -5,
      net_payout: 23, // 40 - 12 - 5
    });
    // This week's fortnight has not ended; a non-Monday start is refused.
    const current = await dashboard(superAdmin, loc.id, '16 Nov 2026', '29 Nov 2026');
    expect(current.body.deliveroo_details).toMatchObject({ available: false, total_sales: 0 });
    const tuesday = await dashboard(superAdmin, loc.id, '03 Nov 2026', '16 Nov 2026');
    expect(tuesday.body.deliveroo_details.reason).toMatch(/Monday/);
  });

  it('refuses bad ranges and unknown locations with the field named', async () => {
    const reversed = await dashboard(superAdmin, mel.id, '18 Nov 2026', DAY);
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('end_date');
    const bad = await dashboard(superAdmin, mel.id, '31 Feb 2026', DAY);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('start_date');
    const missing = await dashboard(superAdmin, 999_999);
    expect(missing.status).toBe(404);
  });
});

describe('orders_data', () => {
  const list = (token: string, extra: Record<string, unknown> = {}) =>
    call(token, {
      query_type: 'orders_data',
      kitchaco_location: mel.id,
      start_date: DAY,
      end_date: DAY,
      ...extra,
    });

  it('answers every order of the range, newest first, when no page is asked for (streamed)', async () => {
    const all = await list(superAdmin, {});
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(6);
    expect(all.body.page).toBeUndefined();
    expect(all.body.orders_by_location.map((o: { id: number }) => o.id)).toEqual([
      ids.A6,
      ids.A4,
      ...all.body.orders_by_location.slice(2, 4).map((o: { id: number }) => o.id),
      ids.A2,
      ids.A1,
    ]);
  });

  it('pages newest first and counts every matching order', async () => {
    const first = await list(superAdmin, { page: 1, page_size: 2 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, total: 6, page: 1, page_size: 2 });
    expect(first.body.orders_by_location.map((o: { id: number }) => o.id)).toEqual([ids.A6, ids.A4]);
    const third = await list(superAdmin, { page_size: 2, page: 3 });
    expect(third.body.orders_by_location.map((o: { id: number }) => o.id)).toEqual([ids.A2, ids.A1]);
  });

  it('shows every field of an order in the location time, both line shapes', async () => {
    const { body } = await list(superAdmin, { search: 'ben' });
    expect(body.total).toBe(1);
    const [a2] = body.orders_by_location;
    expect(a2).toMatchObject({
      id: ids.A2,
      order_date: DAY,
      order_time: '12:15 PM',
      kitchaco: mel.id,
      kitchaco__location: 'Reservoir',
      customer_name: 'Ben Pickup',
      customer__phone: '+61400000111',
      customer__email: 'ben@example.test',
      payment_receipt_number: 'R-1002',
      status: 'Received',
      order_source: 'Kitchaco App',
      order_type: 'pickup',
      payment_total_amount: 35.5,
    });
    expect(a2.meal_list[1]).toMatchObject({
      meal__name: 'Pho',
      meal__price: 20,
      quantity: 1,
      combo_array: [{ name: 'Extra beef', quantity: 1, price: 0 }],
      combo: null,
    });
    const uber = await list(superAdmin, { order_source: 'uber_eats' });
    expect(uber.body.orders_by_location.map((o: { id: number }) => o.id)).toEqual([ids.A4, ids.A3]);
    const a3 = uber.body.orders_by_location[1];
    expect(a3.meal_list).toEqual([
      expect.objectContaining({
        meal_id: expect.any(Number),
        meal_name: 'Pho',
        combo: 'Extra noodles~2=2.00, No chilli~1',
        sub_total: 20,
      }),
      expect.objectContaining({ meal_id: -1, meal_name: 'Burgr Deluxe', vendor: 'Burger Barn' }),
    ]);
    expect(a3).toMatchObject({
      order_source: 'Uber Eats',
      payment_receipt_number: 'UE-3',
      order_type: 'delivery',
    });
  });

  it('filters by status and finds an order by number', async () => {
    const finished = await list(superAdmin, { status: 'Finished' });
    expect(finished.body.total).toBe(3);
    const byNumber = await list(superAdmin, { search: `#${ids.A6}` });
    expect(byNumber.body.orders_by_location.map((o: { id: number }) => o.id)).toEqual([ids.A6]);
  });

  it('an operator lists only their own location', async () => {
    const { body } = await call(operatorMel, {
      query_type: 'orders_data',
      kitchaco_location: 0,
      start_date: DAY,
      end_date: DAY,
    });
    expect(body.total).toBe(6);
    expect(new Set(body.orders_by_location.map((o: { kitchaco: number }) => o.kitchaco))).toEqual(
      new Set([mel.id]),
    );
  });

  it('a status change shows who made it and when', async () => {
    const db = t.database.db;
    const admin = await createStaff(db, 'super_admin', { email: 'boss@example.test' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/',
      payload: { query_type: 'admin_login', email: admin.email, password: TEST_PASSWORD },
    });
    const token = login.json().token as string;
    const changed = await call(token, {
      query_type: 'update_order_status',
      order_id: ids.A6,
      status: 'Finished',
    });
    expect(changed.status).toBe(200);
    const { body } = await list(superAdmin, { search: `${ids.A6}` });
    expect(body.orders_by_location[0]).toMatchObject({
      status: 'Finished',
      status_changed_by: 'boss@example.test',
      status_changed_at: t.clock.now().toISOString(),
    });
  });
});

describe('orders CSV export', () => {
  it('downloads every line of the filtered orders, with the same filters', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/export/orders/',
      headers: { authorization: `Token ${superAdmin}` },
      payload: { kitchaco_location: mel.id, start_date: DAY, end_date: DAY, order_source: 'uber_eats' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="orders-17_Nov_2026-17_Nov_2026.csv"/,
    );
    const rows = res.body.trim().split('\r\n');
    expect(rows[0]).toMatch(/^Order #,Order Date,Order Time,Location,Order Source/);
    // A4 (one line) and A3 (two lines).
    expect(rows).toHaveLength(4);
    expect(rows[1]).toContain(`${ids.A4},${DAY},07:00 PM,Reservoir,Uber Eats,UE-4`);
    expect(res.body).toContain('"Extra noodles~2=2.00, No chilli~1"');
    expect(res.body).toContain('-1,Burgr Deluxe,Burger Barn');
  });

  it('writes amounts as numbers whatever their sign, and a phone as plain text', async () => {
    // A location and day of its own, so the hand-made ledger's figures stay as they are.
    const db = t.database.db;
    const place = await createLocation(db, { name: 'Coburg', timeZone: 'Australia/Melbourne' });
    await createLedgerOrder(
      db,
      {
        locationId: place.id,
        channel: 'deliveroo',
        externalId: 'DR-NEG',
        placedAt: new Date('2026-11-30T23:00:00Z'),
        total: '16.50',
        customerPhone: '+61412345678',
      },
      [{ mealId: null, mealName: 'Promotion', quantity: 1, lineTotal: '-3.50' }],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/export/orders/',
      headers: { authorization: `Token ${superAdmin}` },
      payload: { kitchaco_location: place.id, start_date: '01 Dec 2026', end_date: '01 Dec 2026' },
    });
    expect(res.statusCode).toBe(200);
    const [header, row] = res.body.trim().split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((h, i) => [h, row!.split(',')[i]]));
    expect(cells).toMatchObject({ 'Customer Phone': '0412 345 678', Total: '16.50', 'Line Total': '-3.50' });
  });

  it('an operator exports only their own location', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/export/orders/',
      headers: { authorization: `Token ${operatorMel}` },
      payload: { kitchaco_location: per.id, start_date: DAY, end_date: DAY },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Fremantle');
    expect(res.body).toContain('Reservoir');
  });
});

describe('external operator reports', () => {
  it('lists operators by business name', async () => {
    const { body } = await call(superAdmin, { query_type: 'external_operators' });
    const names = body.external_operators.map((o: { business_name: string }) => o.business_name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('Southern Kitchens Pty Ltd');
  });

  it("totals an operator's locations, each in its own time zone", async () => {
    const ops = await call(superAdmin, { query_type: 'external_operators' });
    const southern = ops.body.external_operators.find(
      (o: { business_name: string }) => o.business_name === 'Southern Kitchens Pty Ltd',
    );
    const { status, body } = await call(superAdmin, {
      query_type: 'reports_data',
      external_operator: southern.id,
      start_date: DAY,
      end_date: DAY,
    });
    expect(status).toBe(200);
    expect(body.sales_by_operator).toEqual({
      business_name: 'Southern Kitchens Pty Ltd',
      sales_by_location: [
        { id: mel.id, location: 'Reservoir', total_sales: 122.5, num_orders: 5 },
        { id: per.id, location: 'Fremantle', total_sales: 27, num_orders: 2 },
      ],
      avg_order: 21.36,
      total_sales: 149.5,
      num_orders: 7,
    });
  });

  it('an unknown operator is a 404', async () => {
    const { status } = await call(superAdmin, {
      query_type: 'reports_data',
      external_operator: 999_999,
      start_date: DAY,
      end_date: DAY,
    });
    expect(status).toBe(404);
  });
});

describe('dashboard figures read from the rollups equal the ledger, card refunds and all', () => {
  // Locations of their own and a history in early 2025, away from the hand-made ledger above.
  const ZONES = ['Australia/Melbourne', 'Australia/Perth', 'Pacific/Auckland'] as const;
  const HISTORY_START = Date.parse('2025-01-01T00:00:00Z');
  const DAY_MS = 86_400_000;
  let places: { id: number; vendors: number[] }[] = [];

  const at = fc
    .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 24 * 60 - 1 }))
    .map(([day, minute]) => new Date(HISTORY_START + day * DAY_MS + minute * 60_000));
  const write = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('order' as const),
        place: fc.nat(),
        channel: fc.constantFrom(...SALES_CHANNELS),
        canceled: fc.boolean(),
        at,
        lines: fc.array(fc.record({ vendor: fc.nat(), cents: fc.integer({ min: 100, max: 6000 }) }), {
          minLength: 1,
          maxLength: 3,
        }),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('refund' as const),
        pick: fc.nat(),
        cents: fc.integer({ min: 1, max: 3000 }),
        brand: fc.boolean(),
        afterMinutes: fc.integer({ min: 1, max: 30 * 24 * 60 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('cancel' as const),
        pick: fc.nat(),
        afterMinutes: fc.integer({ min: 1, max: 30 * 24 * 60 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('marketplace' as const),
        place: fc.nat(),
        channel: fc.constantFrom('deliveroo', 'uber_eats') as fc.Arbitrary<SalesChannel>,
        cents: fc.integer({ min: -3000, max: 1000 }),
        at,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('editAdjustment' as const),
        pick: fc.nat(),
        remove: fc.boolean(),
        moveMinutes: fc.integer({ min: -3000, max: 3000 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('timeZone' as const),
        place: fc.nat(),
        zone: fc.constantFrom(...ZONES),
      }),
    },
  );
  type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

  /** Own-channel orders still counted (a refund's or a cancellation's candidates). */
  async function someOwnOrder(pick: number) {
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(
        sql`${orders.locationId} IN (${sql.join(
          places.map((p) => sql`${p.id}`),
          sql`, `,
        )}) AND ${orders.status} <> 'Canceled' AND ${orders.channel} IN ('in_store_card', 'online_pickup', 'online_delivery')`,
      )
      .orderBy(orders.id);
    return rows.length ? rows[pick % rows.length]! : null;
  }

  async function apply(w: Write) {
    const db = t.database.db;
    switch (w.kind) {
      case 'order': {
        const place = places[w.place % places.length]!;
        const lines = w.lines.map((l, i) => ({
          // Every fourth vendor pick is a line of no brand.
          vendorId: l.vendor % 4 === 3 ? null : place.vendors[l.vendor % place.vendors.length]!,
          mealId: null,
          mealName: `Dish ${i}`,
          quantity: 1,
          lineTotal: (l.cents / 100).toFixed(2),
        }));
        await createLedgerOrder(
          db,
          {
            locationId: place.id,
            channel: w.channel,
            status: w.canceled ? 'Canceled' : 'Finished',
            placedAt: w.at,
            total: (w.lines.reduce((a, l) => a + l.cents, 0) / 100).toFixed(2),
          },
          lines,
        );
        return;
      }
      case 'refund': {
        const order = await someOwnOrder(w.pick);
        if (!order) return;
        const [line] = await db
          .execute(
            sql`SELECT vendor_id FROM order_lines WHERE order_id = ${order.id} AND vendor_id IS NOT NULL LIMIT 1`,
          )
          .then((r) => (r as unknown as { rows: { vendor_id: number }[] }).rows);
        // Never more than is left of what was paid: the database refuses it (payments' check).
        const [paid] = await db
          .execute(sql`SELECT refunded_cents FROM payments WHERE order_id = ${order.id} LIMIT 1`)
          .then((r) => (r as unknown as { rows: { refunded_cents: number }[] }).rows);
        const left = Math.round(Number(order.total) * 100) - (paid?.refunded_cents ?? 0);
        const amount = Math.min(w.cents, left);
        if (amount <= 0) return;
        await createCardRefund(db, order, {
          amount: (amount / 100).toFixed(2),
          at: new Date(order.placedAt.getTime() + w.afterMinutes * 60_000),
          reason: 'Missing item refund',
          vendorId: w.brand ? (line?.vendor_id ?? null) : null,
        });
        return;
      }
      case 'cancel': {
        const order = await someOwnOrder(w.pick);
        if (order)
          await cancelWithReversal(db, order, new Date(order.placedAt.getTime() + w.afterMinutes * 60_000));
        return;
      }
      case 'marketplace': {
        const place = places[w.place % places.length]!;
        await createAdjustment(db, {
          locationId: place.id,
          channel: w.channel,
          amount: (w.cents / 100).toFixed(2),
          occurredAt: w.at,
        });
        return;
      }
      case 'editAdjustment': {
        const rows = await db
          .select()
          .from(orderAdjustments)
          .where(
            sql`${orderAdjustments.locationId} IN (${sql.join(
              places.map((p) => sql`${p.id}`),
              sql`, `,
            )})`,
          )
          .orderBy(orderAdjustments.id);
        const row = rows.length ? rows[w.pick % rows.length]! : null;
        if (!row) return;
        if (w.remove) await db.delete(orderAdjustments).where(eq(orderAdjustments.id, row.id));
        else {
          await db
            .update(orderAdjustments)
            .set({ occurredAt: new Date(row.occurredAt.getTime() + w.moveMinutes * 60_000) })
            .where(eq(orderAdjustments.id, row.id));
        }
        return;
      }
      case 'timeZone': {
        const place = places[w.place % places.length]!;
        await db.update(locations).set({ timeZone: w.zone }).where(eq(locations.id, place.id));
        return;
      }
    }
  }

  const cents = (n: number) => Math.round(n * 100);

  /** The dashboard of one location (or all, 0) against the same figures worked out from the ledger. */
  async function expectDashboardEqualsLedger(location: number, from: string, to: string) {
    const wire = (d: string) =>
      new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', {
        day: '2-digit',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
    const { status, body } = await dashboard(superAdmin, location, wire(from), wire(to));
    expect(status, JSON.stringify(body)).toBe(200);
    // The comparison read equals the dashboard of the previous period (checked against the ledger
    // in its own turn), card refunds and time zone changes included.
    const before = previousPeriod(from as IsoDate, to as IsoDate);
    const previous = await dashboard(superAdmin, location, wire(before.from), wire(before.to));
    expectPreviousPeriodIs(body.previous_period, previous.body);
    const ids =
      location === 0
        ? (await t.database.db.select({ id: locations.id }).from(locations)).map((l) => l.id)
        : [location];
    const ledger = await ledgerFigures(t.database.db, ids, from, to);
    const sumOf = (values: Iterable<{ sales: number }>) => [...values].reduce((a, v) => a + v.sales, 0);
    const channel = (c: SalesChannel) => ledger.channels.get(c) ?? { sales: 0, orders: 0, refunds: 0 };
    const refunds = OWN_SALES_CHANNELS.reduce((a, c) => a + channel(c).refunds, 0);

    expect(cents(body.total_sales)).toBe(sumOf(ledger.channels.values()));
    expect(cents(body.total_sales)).toBe(sumOf(ledger.locations.values()));
    expect(cents(body.cash_sales)).toBe(channel('in_store_cash').sales);
    expect(cents(body.card_sales)).toBe(
      channel('in_store_card').sales + channel('online_pickup').sales + channel('online_delivery').sales,
    );
    expect(cents(body.card_refunds)).toBe(refunds);
    expect(
      body.kitchaco_details.channels.map(
        (c: { channel: SalesChannel; total_sales: number; num_orders: number; refunds: number }) => [
          c.channel,
          cents(c.total_sales),
          c.num_orders,
          cents(c.refunds),
        ],
      ),
    ).toEqual(OWN_SALES_CHANNELS.map((c) => [c, channel(c).sales, channel(c).orders, channel(c).refunds]));
    expect(cents(body.deliveroo_details.adjustments ?? 0)).toBe(
      body.deliveroo_details.available ? (ledger.adjustments.get('deliveroo') ?? 0) : 0,
    );

    const byLocation = Object.fromEntries(
      body.sales_by_locations
        .filter((l: { total_sales: number; num_orders: number }) => l.total_sales !== 0 || l.num_orders !== 0)
        .map((l: { id: number; total_sales: number; num_orders: number }) => [
          l.id,
          [cents(l.total_sales), l.num_orders],
        ]),
    );
    expect(byLocation).toEqual(
      Object.fromEntries(
        [...ledger.locations]
          .filter(([, v]) => v.sales !== 0 || v.orders !== 0)
          .map(([id, v]) => [id, [v.sales, v.orders]]),
      ),
    );
    const byVendor = Object.fromEntries(
      body.sales_by_vendors.map((v: { id: number; total: number; refunds: number }) => [
        v.id,
        [cents(v.total), cents(v.refunds)],
      ]),
    );
    expect(byVendor).toEqual(
      Object.fromEntries(
        [...ledger.vendors]
          .filter(([, v]) => v.sales !== 0 || v.refunds !== 0)
          .map(([id, v]) => [id === 'refunds' ? 0 : id === 0 ? -1 : id, [v.sales, v.refunds]]),
      ),
    );
    const byHour = Object.fromEntries(
      body.sales_by_hours
        .filter((h: { total: number; num_orders: number }) => h.total !== 0 || h.num_orders !== 0)
        .map((h: { hour: number; total: number; num_orders: number }) => [
          h.hour,
          [cents(h.total), h.num_orders],
        ]),
    );
    expect(byHour).toEqual(
      Object.fromEntries(
        [...ledger.hours]
          .filter(([, v]) => v.sales !== 0 || v.orders !== 0)
          .map(([h, v]) => [h, [v.sales, v.orders]]),
      ),
    );
  }

  /** The refund rollups, row by row, against the ledger's own-channel adjustments (every grain). */
  async function expectRefundRollupsEqualLedger() {
    const db = t.database.db;
    await foldRollups(db);
    const lines = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: { line: string }[] }).rows.map((r) => r.line).sort();
    const stored = await lines(
      sql`SELECT concat_ws('|', location_id, grain, period, vendor_id, hour, amount) AS line FROM refund_rollups WHERE amount <> 0`,
    );
    const expected = await lines(
      sql`SELECT concat_ws('|', x.loc, g.grain, g.period, coalesce(a.vendor_id, 0), extract(hour FROM a.local_at),
            sum(a.amount)::numeric(14, 2)) AS line
          FROM (SELECT a.*, a.occurred_at AT TIME ZONE l.time_zone AS local_at
                FROM order_adjustments a JOIN locations l ON l.id = a.location_id
                WHERE a.channel IN ('in_store_cash', 'in_store_card', 'online_pickup', 'online_delivery')) a
          CROSS JOIN LATERAL (VALUES ('day', a.local_at::date), ('dekad', rollup_period('dekad', a.local_at::date)),
            ('month', date_trunc('month', a.local_at)::date)) g(grain, period)
          CROSS JOIN LATERAL (VALUES (a.location_id), (0)) x(loc)
          GROUP BY x.loc, g.grain, g.period, coalesce(a.vendor_id, 0), extract(hour FROM a.local_at)
          HAVING sum(a.amount) <> 0`,
    );
    expect(stored).toEqual(expected);
  }

  beforeAll(async () => {
    const db = t.database.db;
    places = [];
    for (const [i, zone] of ZONES.entries()) {
      const place = await createLocation(db, { name: `Refund Town ${i}`, timeZone: zone });
      const vendors = [];
      for (let v = 0; v < 2; v++)
        vendors.push((await createVendor(db, place.id, { title: `Refund Brand ${i}.${v}` })).id);
      places.push({ id: place.id, vendors });
    }
  });

  it('after any mix of orders, card refunds, cancellations with reversals, marketplace adjustments, edits and time zone moves', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 110 }),
        fc.integer({ min: 0, max: 60 }),
        async (writes, start, length) => {
          for (const w of writes) await apply(w);
          await expectRefundRollupsEqualLedger();
          const from = addDays('2025-01-01', start);
          const to = addDays(from, length);
          await expectDashboardEqualsLedger(0, from, to);
          for (const place of places) await expectDashboardEqualsLedger(place.id, from, to);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
