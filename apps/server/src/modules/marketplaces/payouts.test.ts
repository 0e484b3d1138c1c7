import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fortnightPeriods,
  marketplacePayoutLines,
  marketplaceStores,
  orderLines,
  orders,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createExternalOperator, createLocation, createVendor } from '../../test/factories.js';
import { createLedgerOrder } from '../../test/ledger.js';

/**
 * Payout reconciliation as a super admin uses it: import the platforms' payout reports, reconcile a
 * fortnight of the invoice grid per location and platform, download it, import the orders a
 * platform paid that the ledger lacks. Worked out by hand below. Fortnight 02 - 15 Nov 2026;
 * Melbourne is UTC+11 in November, so local noon is 01:00Z.
 *
 * Harbour Foods runs Reservoir (Uber Eats store ue-res, DoorDash store dd-res); Other Kitchens runs
 * Elsewhere (ue-else, dd-else).
 *
 * Reservoir, Uber Eats (ours: total / fee; the report: sales / fee / payout):
 *   UE-M  37.00 / 11.10     37.00 / 11.10 / 25.90              matched
 *   UE-A  20.00 /  6.00     22.00 /  6.00 / 16.00              amount_differs (+2.00)
 *   UE-F  30.00 /  9.00     30.00 / -9.90 / 20.10              fee_differs (fee written as a deduction)
 *   UE-X  -                 15.55 /  4.67 / 10.88              missing
 *   UE-U  12.00 /  3.60     -                                  unpaid
 *   UE-R  40.00 / 12.00     40.00 / 12.00 / 28.00, refund -5.00 / 0 / -5.00    refunded
 *   UE-B  18.00 /  5.40     18.00 /  5.40 / 12.60              matched: ours at 23:50 on 15 Nov, the report's 16 Nov
 *   UE-C  9.00 canceled     0 / 0 / 0 Canceled                  matched
 *   -> counts 3 matched, 1 of each other state but adjusted; ours 157.00 / 47.10 (canceled counts 0);
 *      reported 37 + 22 + 30 + 15.55 + 35 + 18 + 0 = 157.55, fees 11.10 + 6 + 9.90 + 4.67 + 12 +
 *      5.40 = 49.07, payout 25.90 + 16 + 20.10 + 10.88 + 23 + 12.60 = 108.48; difference 0.55.
 * Reservoir, DoorDash: DD-ADJ 30.00 / 9.00; DELIVERY 30.00 / -9.00 / 21.00 and ERROR_CHARGE -4.50:
 *   adjusted; payout 16.50.
 * Elsewhere: DoorDash DD-E1 25.00 / 7.50 paid as it is (matched); Uber Eats UE-E1 with no report of
 *   Uber Eats at Elsewhere: not called unpaid, not listed.
 */
let t: TestApp;
let admin: string;
let harbour: number;
let other: number;
let reservoir: number;
let elsewhere: number;
let fortnight: number;
let nextFortnight: number;

async function post(url: string, body: Record<string, unknown>, token = admin, headers = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Token ${token}`, ...headers },
    payload: body,
  });
  const json = String(res.headers['content-type']).startsWith('application/json');
  return { status: res.statusCode, body: json ? res.json() : null, raw: res };
}
const call = (body: Record<string, unknown>, token = admin, headers = {}) =>
  post('/api/v1/admin-data/', body, token, headers);
const importReport = (platform: string, csv: string) =>
  call({ query_type: 'marketplace_payout_import', platform, csv });
const reconciliation = (period = fortnight, operator = harbour) =>
  call({
    query_type: 'marketplace_payout_reconciliation',
    sales_invoice_fortnight_period: period,
    external_operator: operator,
  });
const importMissing = (extra: Record<string, unknown> = {}) =>
  call({
    query_type: 'marketplace_payout_import_missing',
    sales_invoice_fortnight_period: fortnight,
    external_operator: harbour,
    ...extra,
  });

/** Uber Eats' Payment Details report (help.uber.com, cited in payout-formats.ts): a description row, then the headings. */
const UBER_HEADING =
  'Store Name,Store ID,Order ID,Workflow ID,Dining Mode,Order Channel,Order Status,Order Date,Order Accept Time,Sales (excl. GST),GST on Sales,Sales (incl. GST),Marketplace Fee,Total payout,Payout Date,Payout reference ID';
const uberFile = (...rows: string[]) =>
  ['"Payment details report, 02/11/2026 - 16/11/2026",,,,,,,,,,,,,,,', UBER_HEADING, ...rows].join('\r\n');
const uber = (store: string, id: string, status: string, date: string, money: string, paid = '') =>
  `Burger Barn,${store},${id},wf-${id},Delivery,Uber Eats,${status},${date},12:30,,,${money},${paid},PR-1`;

const UBER_REPORT = uberFile(
  uber('ue-res', 'UE-M', 'Completed', '05/11/2026', '37.00,11.10,25.90', '10/11/2026'),
  uber('ue-res', 'UE-A', 'Completed', '06/11/2026', '22.00,6.00,16.00', '10/11/2026'),
  uber('ue-res', 'UE-F', 'Completed', '07/11/2026', '30.00,-9.90,20.10', '10/11/2026'),
  uber('ue-res', 'UE-X', 'Completed', '08/11/2026', '15.55,4.67,10.88', '10/11/2026'),
  uber('ue-res', 'UE-R', 'Completed', '09/11/2026', '40.00,12.00,28.00', '17/11/2026'),
  uber('ue-res', 'UE-R', 'Refund', '10/11/2026', '-5.00,0,-5.00', '17/11/2026'),
  uber('ue-res', 'UE-B', 'Completed', '16/11/2026', '18.00,5.40,12.60', '24/11/2026'),
  uber('ue-res', 'UE-C', 'Canceled', '11/11/2026', '0,0,0'),
);

/** DoorDash's Transaction details report (Reporting API columns, cited in payout-formats.ts). */
const DOORDASH_HEADING =
  'business_id,store_id,timestamp_local_date,timestamp_local_time,payout_date,store_name,merchant_store_id,transaction_type,transaction_id,doordash_order_id,merchant_delivery_id,final_order_status,currency,subtotal,tax_subtotal,commission,marketing_fee,tips,net_total,payout_id';
const DOORDASH_REPORT = [
  DOORDASH_HEADING,
  '185,24725,2026-11-06,12:00:00,2026-11-12,Burger Barn,dd-res,DELIVERY,t-1,DD-ADJ,m-1,Delivered,AUD,30.00,2.73,-9.00,0,0,21.00,p-1',
  '185,24725,2026-11-07,10:00:00,2026-11-12,Burger Barn,dd-res,ERROR_CHARGE,t-2,DD-ADJ,m-1,Delivered,AUD,0,0,0,0,0,-4.50,p-1',
  '185,24726,2026-11-08,13:00:00,2026-11-12,Burger Barn,dd-else,DELIVERY,t-3,DD-E1,m-2,Delivered,AUD,25.00,2.27,-7.50,0,0,17.50,p-1',
  '185,24725,2026-11-12,00:00:00,2026-11-12,Burger Barn,dd-res,PAYOUT,t-4,,,,AUD,0,0,0,0,0,34.00,p-1',
].join('\n');

const noon = (date: string) => new Date(`${date}T01:00:00Z`);

async function storedLines() {
  return t.database.db.select().from(marketplacePayoutLines).orderBy(asc(marketplacePayoutLines.id));
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = (await tokenFor(db, 'super_admin')).token;
  harbour = (await createExternalOperator(db, { businessName: 'Harbour Foods Pty Ltd' })).id;
  other = (await createExternalOperator(db, { businessName: 'Other Kitchens Pty Ltd' })).id;
  reservoir = (
    await createLocation(db, {
      name: 'Reservoir',
      timeZone: 'Australia/Melbourne',
      externalOperatorId: harbour,
    })
  ).id;
  elsewhere = (
    await createLocation(db, {
      name: 'Elsewhere',
      timeZone: 'Australia/Melbourne',
      externalOperatorId: other,
    })
  ).id;
  const burgers = (await createVendor(db, reservoir, { title: 'Burger Barn' })).id;
  const elseBurgers = (await createVendor(db, elsewhere, { title: 'Burger Barn' })).id;
  await db.insert(marketplaceStores).values([
    {
      channel: 'uber_eats',
      storeId: 'ue-res',
      locationId: reservoir,
      vendorId: burgers,
      name: 'Burger Barn Reservoir',
    },
    {
      channel: 'doordash',
      storeId: 'dd-res',
      locationId: reservoir,
      vendorId: burgers,
      name: 'Burger Barn Reservoir',
    },
    {
      channel: 'uber_eats',
      storeId: 'ue-else',
      locationId: elsewhere,
      vendorId: elseBurgers,
      name: 'Burger Barn',
    },
    {
      channel: 'doordash',
      storeId: 'dd-else',
      locationId: elsewhere,
      vendorId: elseBurgers,
      name: 'Burger Barn',
    },
  ]);
  const ledger: [number, 'uber_eats' | 'doordash', string, Date, string, string, 'Finished' | 'Canceled'][] =
    [
      [reservoir, 'uber_eats', 'UE-M', noon('2026-11-05'), '37.00', '11.10', 'Finished'],
      [reservoir, 'uber_eats', 'UE-A', noon('2026-11-06'), '20.00', '6.00', 'Finished'],
      [reservoir, 'uber_eats', 'UE-F', noon('2026-11-07'), '30.00', '9.00', 'Finished'],
      [reservoir, 'uber_eats', 'UE-U', noon('2026-11-08'), '12.00', '3.60', 'Finished'],
      [reservoir, 'uber_eats', 'UE-R', noon('2026-11-09'), '40.00', '12.00', 'Finished'],
      // 23:50 on Sunday 15 Nov in Melbourne: the fortnight's last minutes.
      [reservoir, 'uber_eats', 'UE-B', new Date('2026-11-15T12:50:00Z'), '18.00', '5.40', 'Finished'],
      [reservoir, 'uber_eats', 'UE-C', noon('2026-11-11'), '9.00', '2.70', 'Canceled'],
      [reservoir, 'doordash', 'DD-ADJ', noon('2026-11-06'), '30.00', '9.00', 'Finished'],
      [elsewhere, 'doordash', 'DD-E1', noon('2026-11-08'), '25.00', '7.50', 'Finished'],
      [elsewhere, 'uber_eats', 'UE-E1', noon('2026-11-08'), '19.00', '5.70', 'Finished'],
      // Before the fortnight: not listed.
      [reservoir, 'uber_eats', 'UE-OLD', new Date('2026-11-01T12:59:00Z'), '11.00', '3.30', 'Finished'],
    ];
  for (const [locationId, channel, externalId, placedAt, total, platformFee, status] of ledger) {
    await createLedgerOrder(db, {
      locationId,
      channel,
      externalId,
      placedAt,
      total,
      platformFee,
      status,
      ingestedVia: 'webhook',
    });
  }
  const periods = await db
    .insert(fortnightPeriods)
    .values([
      { startDate: '2026-11-02', endDate: '2026-11-15' },
      { startDate: '2026-11-16', endDate: '2026-11-29' },
    ])
    .returning();
  fortnight = periods[0]!.id;
  nextFortnight = periods[1]!.id;
});
afterAll(() => t.close());

describe('importing a payout report', () => {
  it("stores an Uber Eats Payment Details report's rows at the store's location", async () => {
    const { status, body } = await importReport('uber_eats', UBER_REPORT);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({
      success: true,
      platform: 'uber_eats',
      rows: 8,
      new_rows: 8,
      duplicate_rows: 0,
      skipped_rows: 0,
      orders: 7,
      payout_total: 108.48,
      from_date: '2026-11-05',
      to_date: '2026-11-16',
    });
    const lines = await storedLines();
    expect(
      lines.map((l) => [
        l.platformOrderId,
        l.locationId,
        l.kind,
        l.status,
        l.sales,
        l.fee,
        l.payout,
        l.payoutDate,
      ]),
    ).toEqual([
      ['UE-M', reservoir, 'sale', 'Completed', '37.00', '11.10', '25.90', '2026-11-10'],
      ['UE-A', reservoir, 'sale', 'Completed', '22.00', '6.00', '16.00', '2026-11-10'],
      ['UE-F', reservoir, 'sale', 'Completed', '30.00', '-9.90', '20.10', '2026-11-10'],
      ['UE-X', reservoir, 'sale', 'Completed', '15.55', '4.67', '10.88', '2026-11-10'],
      ['UE-R', reservoir, 'sale', 'Completed', '40.00', '12.00', '28.00', '2026-11-17'],
      ['UE-R', reservoir, 'refund', 'Refund', '-5.00', '0.00', '-5.00', '2026-11-17'],
      ['UE-B', reservoir, 'sale', 'Completed', '18.00', '5.40', '12.60', '2026-11-24'],
      ['UE-C', reservoir, 'canceled', 'Canceled', '0.00', '0.00', '0.00', null],
    ]);
    expect(lines[0]).toMatchObject({
      channel: 'uber_eats',
      storeId: 'ue-res',
      orderDate: '2026-11-05',
      payoutRef: 'PR-1',
    });
    expect(lines[0]!.rowKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores each row once however often the report is imported', async () => {
    const { status, body } = await importReport('uber_eats', UBER_REPORT);
    expect(status).toBe(200);
    expect(body).toMatchObject({ rows: 8, new_rows: 0, duplicate_rows: 8, orders: 7 });
    expect(await storedLines()).toHaveLength(8);
  });

  it('refuses a file with a store that is not mapped, storing nothing', async () => {
    const file = uberFile(
      uber('ue-res', 'UE-N1', 'Completed', '05/11/2026', '10.00,3.00,7.00'),
      uber('ue-nowhere', 'UE-N2', 'Completed', '05/11/2026', '10.00,3.00,7.00'),
    );
    const { status, body } = await importReport('uber_eats', file);
    expect(status).toBe(422);
    expect(body).toMatchObject({
      success: false,
      code: 'invalid_rows',
      error: 'The file has 1 error: nothing was imported. Correct the rows and import it again.',
      errors: [
        {
          row: 4,
          field: 'Store ID',
          message:
            "unknown store 'ue-nowhere' for Uber Eats: map it under Marketplaces, Store mappings first",
        },
      ],
    });
    expect(await storedLines()).toHaveLength(8);
    // The old clients' style: HTTP 200 with success false.
    const legacy = await call(
      { query_type: 'marketplace_payout_import', platform: 'uber_eats', csv: file },
      admin,
      {
        prefer: 'return=minimal',
      },
    );
    expect(legacy.status).toBe(200);
    expect(legacy.body).toMatchObject({ success: false, code: 'invalid_rows' });
  });

  it('reads a DoorDash Transaction details report, skipping the payout row about no order', async () => {
    const { status, body } = await importReport('doordash', DOORDASH_REPORT);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({
      success: true,
      platform: 'doordash',
      rows: 3,
      new_rows: 3,
      duplicate_rows: 0,
      skipped_rows: 1,
      orders: 2,
      payout_total: 34,
      from_date: '2026-11-06',
      to_date: '2026-11-08',
    });
    const lines = (await storedLines()).filter((l) => l.channel === 'doordash');
    expect(lines.map((l) => [l.platformOrderId, l.locationId, l.kind, l.status, l.fee, l.payout])).toEqual([
      ['DD-ADJ', reservoir, 'sale', 'DELIVERY', '-9.00', '21.00'],
      ['DD-ADJ', reservoir, 'adjustment', 'ERROR_CHARGE', '0.00', '-4.50'],
      ['DD-E1', elsewhere, 'sale', 'DELIVERY', '-7.50', '17.50'],
    ]);
  });
});

const zero = {
  matched: 0,
  amount_differs: 0,
  fee_differs: 0,
  missing: 0,
  unpaid: 0,
  refunded: 0,
  adjusted: 0,
};

describe('reconciling a fortnight', () => {
  it('gives each order of the operator its state, and each location and platform its totals', async () => {
    const { status, body } = await reconciliation();
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.period).toEqual({ id: fortnight, start_date: '2026-11-02', end_date: '2026-11-15' });
    const byId = (id: string) =>
      body.orders.find((o: { platform_order_id: string }) => o.platform_order_id === id);
    expect(
      body.orders.map((o: Record<string, unknown>) => [
        o.platform,
        o.platform_order_id,
        o.order_date,
        o.state,
        o.ledger_total,
        o.reported_sales,
        o.sales_difference,
      ]),
    ).toEqual([
      ['doordash', 'DD-ADJ', '2026-11-06', 'adjusted', 30, 30, 0],
      ['uber_eats', 'UE-M', '2026-11-05', 'matched', 37, 37, 0],
      ['uber_eats', 'UE-A', '2026-11-06', 'amount_differs', 20, 22, 2],
      ['uber_eats', 'UE-F', '2026-11-07', 'fee_differs', 30, 30, 0],
      ['uber_eats', 'UE-U', '2026-11-08', 'unpaid', 12, null, 0],
      ['uber_eats', 'UE-X', '2026-11-08', 'missing', null, 15.55, 0],
      ['uber_eats', 'UE-R', '2026-11-09', 'refunded', 40, 35, -5],
      ['uber_eats', 'UE-C', '2026-11-11', 'matched', 9, 0, 0],
      ['uber_eats', 'UE-B', '2026-11-15', 'matched', 18, 18, 0],
    ]);
    expect(byId('UE-F')).toMatchObject({ ledger_fee: 9, reported_fee: 9.9, payout: 20.1 });
    expect(byId('UE-X')).toEqual({
      location_id: reservoir,
      location: 'Reservoir',
      platform: 'uber_eats',
      platform_order_id: 'UE-X',
      order_id: null,
      order_date: '2026-11-08',
      state: 'missing',
      ledger_status: null,
      ledger_total: null,
      ledger_fee: null,
      reported_sales: 15.55,
      reported_fee: 4.67,
      payout: 10.88,
      sales_difference: 0,
      payout_dates: ['2026-11-10'],
    });
    expect(byId('UE-R')).toMatchObject({ reported_fee: 12, payout: 23, payout_dates: ['2026-11-17'] });
    expect(byId('UE-U')).toMatchObject({
      ledger_status: 'Finished',
      order_id: expect.any(Number),
      payout_dates: [],
    });
    expect(body.groups).toEqual([
      {
        location_id: reservoir,
        location: 'Reservoir',
        platform: 'doordash',
        report_imported: true,
        counts: { ...zero, adjusted: 1 },
        ledger_sales: 30,
        reported_sales: 30,
        ledger_fees: 9,
        reported_fees: 9,
        payout: 16.5,
        sales_difference: 0,
      },
      {
        location_id: reservoir,
        location: 'Reservoir',
        platform: 'uber_eats',
        report_imported: true,
        counts: {
          ...zero,
          matched: 3,
          amount_differs: 1,
          fee_differs: 1,
          missing: 1,
          unpaid: 1,
          refunded: 1,
        },
        ledger_sales: 157,
        reported_sales: 157.55,
        ledger_fees: 47.1,
        reported_fees: 49.07,
        payout: 108.48,
        sales_difference: 0.55,
      },
    ]);
  });

  it("matches an order near midnight on the fortnight's edge, and lists it in that fortnight only", async () => {
    const { body } = await reconciliation();
    expect(
      body.orders.find((o: { platform_order_id: string }) => o.platform_order_id === 'UE-B'),
    ).toMatchObject({
      order_date: '2026-11-15',
      state: 'matched',
      payout_dates: ['2026-11-24'],
    });
    const next = await reconciliation(nextFortnight);
    expect(next.status).toBe(200);
    expect(next.body.orders).toEqual([]);
    // The report has a row dated in the next fortnight, so it covers Reservoir's Uber Eats there;
    // DoorDash is mapped at Reservoir, and no DoorDash report covers that fortnight.
    expect(next.body.groups).toEqual([
      expect.objectContaining({
        location: 'Reservoir',
        platform: 'doordash',
        report_imported: false,
        counts: zero,
      }),
      expect.objectContaining({
        location: 'Reservoir',
        platform: 'uber_eats',
        report_imported: true,
        counts: zero,
      }),
    ]);
  });

  it('reads every location for operator 0, and calls nothing unpaid where no report was imported', async () => {
    const { status, body } = await reconciliation(fortnight, 0);
    expect(status).toBe(200);
    const elsewhereOrders = body.orders.filter((o: { location_id: number }) => o.location_id === elsewhere);
    expect(elsewhereOrders.map((o: Record<string, unknown>) => [o.platform_order_id, o.state])).toEqual([
      ['DD-E1', 'matched'],
    ]);
    // Every platform with a store mapped at a location has a group, saying whether a report came.
    expect(
      body.groups.map((g: Record<string, unknown>) => [g.location, g.platform, g.report_imported]),
    ).toEqual([
      ['Reservoir', 'doordash', true],
      ['Reservoir', 'uber_eats', true],
      ['Elsewhere', 'doordash', true],
      ['Elsewhere', 'uber_eats', false],
    ]);
  });

  it('answers 404 for an unknown fortnight or operator (HTTP 200, success false, for the old clients)', async () => {
    const unknown = await reconciliation(999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'not_found' });
    expect(unknown.body.error).toContain('Fortnight period #999999 does not exist');
    const legacy = await call(
      {
        query_type: 'marketplace_payout_reconciliation',
        sales_invoice_fortnight_period: 999_999,
        external_operator: harbour,
      },
      admin,
      { prefer: 'return=minimal' },
    );
    expect(legacy.status).toBe(200);
    expect(legacy.body).toMatchObject({ success: false, code: 'not_found' });
    const noOperator = await reconciliation(fortnight, 999_999);
    expect(noOperator.status).toBe(404);
    expect(noOperator.body.error).toBe('This external operator does not exist.');
  });

  it('refuses numbers too large for the database with a 400, not a 500', async () => {
    const { status, body } = await reconciliation(2 ** 31, harbour);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, field: 'sales_invoice_fortnight_period' });
  });

  it('is for super admins only', async () => {
    const db = t.database.db;
    for (const role of ['operator', 'stock_admin'] as const) {
      const token = (await tokenFor(db, role, reservoir)).token;
      const calls = [
        call({ query_type: 'marketplace_payout_import', platform: 'uber_eats', csv: UBER_REPORT }, token),
        call(
          {
            query_type: 'marketplace_payout_reconciliation',
            sales_invoice_fortnight_period: fortnight,
            external_operator: harbour,
          },
          token,
        ),
        call(
          {
            query_type: 'marketplace_payout_import_missing',
            sales_invoice_fortnight_period: fortnight,
            external_operator: harbour,
          },
          token,
        ),
        post(
          '/api/v1/marketplace-payouts/reconciliation-csv/',
          { sales_invoice_fortnight_period: fortnight, external_operator: harbour },
          token,
        ),
      ];
      for (const answer of await Promise.all(calls)) {
        expect(answer.status, role).toBe(403);
        expect(answer.body).toMatchObject({ success: false, code: 'forbidden' });
      }
    }
    expect(await storedLines()).toHaveLength(11);
  });
});

describe('the reconciliation as CSV', () => {
  const csv = (operator: number) =>
    post('/api/v1/marketplace-payouts/reconciliation-csv/', {
      sales_invoice_fortnight_period: fortnight,
      external_operator: operator,
    });

  it('has one row per order, named by the fortnight', async () => {
    const { status, raw } = await csv(harbour);
    expect(status).toBe(200);
    expect(raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(raw.headers['content-disposition']).toBe(
      'attachment; filename="payout-reconciliation-2026-11-02.csv"',
    );
    const rows = raw.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'Location,Platform,Platform order ID,Order ID,Order date,State,Our status,Our total,Reported sales,Sales difference,Our fee,Reported fee,Payout,Payout dates',
    );
    expect(rows).toHaveLength(10);
    expect(rows).toContain(
      'Reservoir,Uber Eats,UE-X,,2026-11-08,Missing from our ledger,,,15.55,0.00,,4.67,10.88,2026-11-10',
    );
    const refunded = rows.find((r) => r.includes(',UE-R,'));
    expect(refunded).toMatch(
      /^Reservoir,Uber Eats,UE-R,\d+,2026-11-09,Refunded,Finished,40.00,35.00,-5.00,12.00,12.00,23.00,2026-11-17$/,
    );
  });

  it('escapes a cell a spreadsheet would run as a formula', async () => {
    const db = t.database.db;
    const operator = (await createExternalOperator(db, { businessName: 'Formula Foods' })).id;
    const location = (
      await createLocation(db, {
        name: 'Formula',
        timeZone: 'Australia/Melbourne',
        externalOperatorId: operator,
      })
    ).id;
    await db
      .insert(marketplaceStores)
      .values({ channel: 'uber_eats', storeId: 'ue-formula', locationId: location, name: 'Formula' });
    const imported = await importReport(
      'uber_eats',
      uberFile(uber('ue-formula', '=1+2', 'Completed', '05/11/2026', '10.00,3.00,7.00', '10/11/2026')),
    );
    expect(imported.status).toBe(200);
    const { status, raw } = await csv(operator);
    expect(status).toBe(200);
    expect(raw.body.split('\r\n')[1]).toBe(
      "Formula,Uber Eats,'=1+2,,2026-11-05,Missing from our ledger,,,10.00,0.00,,3.00,7.00,2026-11-10",
    );
  });
});

describe('importing the missing orders', () => {
  it('writes the orders the platform paid and the ledger lacks, once, and they then match', async () => {
    const first = await importMissing();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ success: true, imported: 1, total_sales: 15.55, skipped: 0 });
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.channel, 'uber_eats'), eq(orders.externalId, 'UE-X')));
    expect(order).toMatchObject({
      locationId: reservoir,
      ingestedVia: 'csv',
      status: 'Finished',
      subTotal: '15.55',
      total: '15.55',
      gst: '1.41',
      platformFee: '4.67',
      customerName: null,
      placedAt: noon('2026-11-08'),
    });
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines).toMatchObject([
      {
        mealName: 'Uber Eats order (from payout report)',
        mealId: null,
        quantity: 1,
        unitPrice: '15.55',
        lineTotal: '15.55',
      },
    ]);

    const again = await importMissing();
    expect(again.body).toEqual({ success: true, imported: 0, total_sales: 0, skipped: 0 });
    const stored = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.externalId, 'UE-X'));
    expect(stored).toHaveLength(1);

    const { body } = await reconciliation();
    expect(
      body.orders.find((o: { platform_order_id: string }) => o.platform_order_id === 'UE-X'),
    ).toMatchObject({
      state: 'matched',
      order_id: order!.id,
      ledger_total: 15.55,
      ledger_fee: 4.67,
    });
    expect(body.groups[1].counts).toEqual({
      ...zero,
      matched: 4,
      amount_differs: 1,
      fee_differs: 1,
      unpaid: 1,
      refunded: 1,
    });
  });

  it('imports only the orders asked for, and counts the others skipped', async () => {
    const { status, body } = await importMissing({ platform_order_ids: ['UE-M', 'UE-NOWHERE'] });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, imported: 0, total_sales: 0, skipped: 2 });
  });
});
