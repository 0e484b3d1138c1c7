import {
  UBER_PAYMENT_DETAILS_HELP_PAGE_HEADINGS_FILE,
  UBER_PAYMENT_DETAILS_REPORT_HEADINGS_FILE,
} from '@kitchaco/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createLocation, createMeal, createVendor } from '../../test/factories.js';

/**
 * The CSV import of the platforms' order exports and the store mappings, as a super admin uses
 * them: preview, then commit; a file with any bad row is refused whole; importing twice adds
 * nothing the second time. Melbourne is UTC+11 in November.
 */
let t: TestApp;
let admin: string;
let reservoir: number;
let perth: number;
let burgerBarn: number;
let thaiTime: number;

async function call(body: Record<string, unknown>, token = admin) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    headers: { authorization: `Token ${token}` },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

const preview = (platform: string, csv: string) =>
  call({ query_type: 'marketplace_import_preview', platform, csv });
const commit = (platform: string, csv: string) =>
  call({ query_type: 'marketplace_import_commit', platform, csv });

async function storedOrders(channel: 'uber_eats' | 'deliveroo', externalIds: string[]) {
  return t.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.channel, channel), inArray(orders.externalId, externalIds)))
    .orderBy(asc(orders.externalId));
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = (await tokenFor(db, 'super_admin')).token;
  reservoir = (await createLocation(db, { name: 'Reservoir', timeZone: 'Australia/Melbourne' })).id;
  perth = (await createLocation(db, { name: 'Fremantle', timeZone: 'Australia/Perth' })).id;
  burgerBarn = (await createVendor(db, reservoir, { title: 'Burger Barn' })).id;
  thaiTime = (await createVendor(db, reservoir, { title: 'Thai Time' })).id;
  await createMeal(db, burgerBarn, { name: 'Classic Burger', price: '14.50' });
  await createMeal(db, burgerBarn, { name: 'Fries', price: '5.00' });
  await createMeal(db, thaiTime, { name: 'Pad Thai', price: '18.00' });
  for (const store of [
    {
      platform: 'uber_eats',
      store_id: 'ue-res-burger',
      name: 'Burger Barn Reservoir',
      vendor_id: burgerBarn,
    },
    { platform: 'deliveroo', store_id: 'dr-res', name: 'Kitchaco Reservoir (all brands)', vendor_id: null },
  ]) {
    const saved = await call({ query_type: 'save_marketplace_store', location_id: reservoir, ...store });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
});
afterAll(() => t.close());

const UBER_HEADING =
  'Store ID,Order ID,Order Date,Order Accept Time,Order Status,Sales (incl. GST),Marketplace Fee';
const uberFile = (...rows: string[]) => [UBER_HEADING, ...rows].join('\r\n');
const GOOD = uberFile(
  'ue-res-burger,UE-CSV-1,18/11/2026,12:30,Completed,37.00,11.10',
  'ue-res-burger,UE-CSV-2,19/11/2026,18:05,Cancelled,9.00,',
);

describe('an Uber Eats order export', () => {
  it('previews what importing would do, writing nothing', async () => {
    const { status, body } = await preview('uber_eats', GOOD);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      platform: 'uber_eats',
      orders: 2,
      // The Payment Details report has one row per order and no items: one summary line each.
      lines: 2,
      total_sales: 46,
      duplicates: 0,
      // The summary line is not a meal to match.
      unmatched_meals: [],
      unknown_stores: [],
      errors: [],
      error_count: 0,
    });
    expect(body.sample[0]).toEqual({
      external_id: 'UE-CSV-1',
      store_id: 'ue-res-burger',
      location: 'Reservoir',
      status: 'Finished',
      placed_at: '2026-11-18T01:30:00.000Z',
      time_zone: 'Australia/Melbourne',
      sub_total: 37,
      total: 37,
      platform_fee: 11.1,
      duplicate: false,
      lines: [
        {
          name: 'Uber Eats order (no item detail)',
          meal_id: -1,
          quantity: 1,
          unit_price: 37,
          combos: [],
          special_request: null,
          line_total: 37,
        },
      ],
    });
    expect(body.sample[1]).toMatchObject({ status: 'Canceled', total: 9 });
    expect(await storedOrders('uber_eats', ['UE-CSV-1', 'UE-CSV-2'])).toEqual([]);
  });

  it('imports every order in one go, then adds nothing when the same file comes again', async () => {
    const first = await commit('uber_eats', GOOD);
    expect(first).toEqual({
      status: 200,
      body: { success: true, platform: 'uber_eats', imported: 2, lines: 2, total_sales: 46, duplicates: 0 },
    });
    const rows = await storedOrders('uber_eats', ['UE-CSV-1', 'UE-CSV-2']);
    expect(
      rows.map((o) => [o.externalId, o.locationId, o.ingestedVia, o.status, o.placedAt.toISOString()]),
    ).toEqual([
      ['UE-CSV-1', reservoir, 'csv', 'Finished', '2026-11-18T01:30:00.000Z'],
      ['UE-CSV-2', reservoir, 'csv', 'Canceled', '2026-11-19T07:05:00.000Z'],
    ]);
    expect(rows[0]).toMatchObject({ subTotal: '37.00', total: '37.00', platformFee: '11.10', gst: '3.36' });
    const lines = await t.database.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, [rows[0]!.id, rows[1]!.id]))
      .orderBy(asc(orderLines.id));
    // Counted under the store's brand, so brand figures equal the order totals.
    expect(lines.map((l) => [l.mealName, l.mealId, l.vendorId, l.lineTotal])).toEqual([
      ['Uber Eats order (no item detail)', null, burgerBarn, '37.00'],
      ['Uber Eats order (no item detail)', null, burgerBarn, '9.00'],
    ]);

    const again = await preview('uber_eats', GOOD);
    expect(again.body).toMatchObject({ orders: 2, duplicates: 2 });
    expect(again.body.sample.map((o: { duplicate: boolean }) => o.duplicate)).toEqual([true, true]);
    const second = await commit('uber_eats', GOOD);
    expect(second.body).toEqual({
      success: true,
      platform: 'uber_eats',
      imported: 0,
      lines: 0,
      total_sales: 0,
      duplicates: 2,
    });
    expect(await storedOrders('uber_eats', ['UE-CSV-1', 'UE-CSV-2'])).toHaveLength(2);
    const linesAfter = await t.database.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, [rows[0]!.id, rows[1]!.id]));
    expect(linesAfter).toHaveLength(2);
  });

  it('refuses the whole file when one row is bad, listing it, and writes nothing', async () => {
    const file = uberFile(
      'ue-res-burger,UE-BAD-1,20/11/2026,12:00,Completed,14.50,4.35',
      'ue-res-burger,UE-BAD-2,20/11/2026,12:10,Completed,lots,1.50',
    );
    const seen = await preview('uber_eats', file);
    expect(seen.body).toMatchObject({
      orders: 1,
      error_count: 1,
      errors: [
        { row: 3, field: 'Sales (incl. GST)', message: expect.stringContaining('"lots" is not an amount') },
      ],
    });
    const refused = await commit('uber_eats', file);
    expect(refused).toEqual({
      status: 422,
      body: {
        success: false,
        code: 'invalid_rows',
        error: 'The file has 1 error: nothing was imported. Correct the rows and import it again.',
        errors: [
          { row: 3, field: 'Sales (incl. GST)', message: expect.stringContaining('"lots" is not an amount') },
        ],
      },
    });
    expect(await storedOrders('uber_eats', ['UE-BAD-1', 'UE-BAD-2'])).toEqual([]);
  });

  it('lists unknown stores as errors until they are mapped', async () => {
    const file = uberFile('ue-unmapped,UE-UNK-1,20/11/2026,12:00,Completed,5.00,');
    const seen = await preview('uber_eats', file);
    expect(seen.body).toMatchObject({
      orders: 1,
      unknown_stores: ['ue-unmapped'],
      errors: [{ row: 2, field: 'Store ID', message: expect.stringMatching(/^unknown store 'ue-unmapped'/) }],
    });
    expect(seen.body.sample[0]).toMatchObject({ location: null, lines: [{ meal_id: -1 }] });
    expect((await commit('uber_eats', file)).status).toBe(422);
    expect(await storedOrders('uber_eats', ['UE-UNK-1'])).toEqual([]);
  });

  it('refuses a file that is not this platform’s export, naming the missing columns', async () => {
    const res = await preview('uber_eats', 'Order,Amount\n1,2\n');
    expect(res.status).toBe(200);
    // The seven columns read from the Payment Details report.
    expect(res.body.error_count).toBe(7);
    expect(res.body.errors[0]).toEqual({
      row: 1,
      field: 'Store ID',
      message: expect.stringMatching(
        /^the column "Store ID" \(or "External Store ID"\) is missing.*is this the Uber Eats Payment Details report\?$/,
      ),
    });
  });

  it("imports the Payment Details report under the help page's headings as under the report's", async () => {
    // The same four rows under each heading set, at the mapped store, under order ids of their own.
    const at = (file: string, prefix: string) =>
      file.replaceAll('ue-1-1', 'ue-res-burger').replaceAll(/UE-([ACD])\b/g, `${prefix}-$1`);
    const report = await commit('uber_eats', at(UBER_PAYMENT_DETAILS_REPORT_HEADINGS_FILE, 'UE-RPT'));
    const helpPage = await commit('uber_eats', at(UBER_PAYMENT_DETAILS_HELP_PAGE_HEADINGS_FILE, 'UE-HLP'));
    expect(helpPage).toEqual(report);
    expect(helpPage).toMatchObject({ status: 200, body: { imported: 3, total_sales: 1266.5 } });
    const figures = async (prefix: string) =>
      (
        await storedOrders(
          'uber_eats',
          ['A', 'C', 'D'].map((o) => `${prefix}-${o}`),
        )
      ).map((o) => [o.status, o.placedAt.toISOString(), o.total, o.platformFee]);
    expect(await figures('UE-HLP')).toEqual(await figures('UE-RPT'));
  });

  it('answers bad input with 400 naming the field', async () => {
    expect(await preview('grubhub', GOOD)).toMatchObject({ status: 400, body: { field: 'platform' } });
    expect(await preview('uber_eats', '')).toMatchObject({ status: 400, body: { field: 'csv' } });
  });
});

describe('a Deliveroo export for a store of every brand', () => {
  it('matches each line among all brands of the location', async () => {
    const file = [
      'Restaurant ID,Order ID,Order Placed,Order Status,Item,Item Quantity,Item Unit Price,Modifiers,Item Notes,Order Value,Commission',
      'dr-res,DR-CSV-1,2026-11-18 19:15,Delivered,Pad Thai,1,18.00,1x Prawns (2.50),,38.50,11.55',
      'dr-res,DR-CSV-1,2026-11-18 19:15,Delivered,Classic Burger,1,14.50,1x Bacon (3.50),,38.50,11.55',
    ].join('\n');
    const res = await commit('deliveroo', file);
    expect(res.body).toMatchObject({ imported: 1, lines: 2, total_sales: 38.5 });
    const [order] = await storedOrders('deliveroo', ['DR-CSV-1']);
    expect(order).toMatchObject({
      placedAt: new Date('2026-11-18T08:15:00Z'),
      total: '38.50',
      subTotal: '38.50',
    });
    const lines = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order!.id))
      .orderBy(asc(orderLines.id));
    expect(lines.map((l) => [l.mealName, l.vendorId, l.lineTotal])).toEqual([
      ['Pad Thai', thaiTime, '20.50'],
      ['Classic Burger', burgerBarn, '18.00'],
    ]);
  });
});

describe('store mappings', () => {
  it('lists the mappings with every location and its brands', async () => {
    const { status, body } = await call({ query_type: 'marketplace_stores' });
    expect(status).toBe(200);
    expect(body.stores).toEqual([
      {
        id: expect.any(Number),
        platform: 'uber_eats',
        store_id: 'ue-res-burger',
        name: 'Burger Barn Reservoir',
        location_id: reservoir,
        location: 'Reservoir',
        vendor_id: burgerBarn,
        vendor: 'Burger Barn',
      },
      expect.objectContaining({ platform: 'deliveroo', store_id: 'dr-res', vendor_id: null, vendor: null }),
    ]);
    expect(body.locations).toEqual([
      { id: perth, name: 'Fremantle', vendors: [] },
      {
        id: reservoir,
        name: 'Reservoir',
        vendors: [
          { id: burgerBarn, title: 'Burger Barn' },
          { id: thaiTime, title: 'Thai Time' },
        ],
      },
    ]);
  });

  it('creates and changes a mapping; the same platform store id twice is a conflict', async () => {
    const created = await call({
      query_type: 'save_marketplace_store',
      platform: 'menulog',
      store_id: ' ml-42 ',
      name: 'Thai Time Reservoir',
      location_id: reservoir,
      vendor_id: thaiTime,
    });
    expect(created.body).toMatchObject({
      success: true,
      store: { platform: 'menulog', store_id: 'ml-42', vendor: 'Thai Time', location: 'Reservoir' },
    });
    const changed = await call({
      query_type: 'save_marketplace_store',
      id: created.body.store.id,
      platform: 'menulog',
      store_id: 'ml-42',
      name: 'Kitchaco Fremantle',
      location_id: perth,
      vendor_id: null,
    });
    expect(changed.body.store).toMatchObject({
      name: 'Kitchaco Fremantle',
      location: 'Fremantle',
      vendor_id: null,
    });

    const twice = await call({
      query_type: 'save_marketplace_store',
      platform: 'menulog',
      store_id: 'ml-42',
      name: 'Again',
      location_id: reservoir,
    });
    expect(twice).toMatchObject({ status: 409, body: { success: false, code: 'conflict' } });
    const other = await call({
      query_type: 'save_marketplace_store',
      platform: 'menulog',
      store_id: 'ml-43',
      name: 'Other',
      location_id: reservoir,
    });
    const renamedOnto = await call({
      query_type: 'save_marketplace_store',
      id: other.body.store.id,
      platform: 'menulog',
      store_id: 'ml-42',
      name: 'Other',
      location_id: reservoir,
    });
    expect(renamedOnto.status).toBe(409);
  });

  it('refuses a brand of another location, an unknown location and an unknown mapping', async () => {
    const base = { query_type: 'save_marketplace_store', platform: 'doordash', store_id: 'dd-1', name: 'X' };
    expect(await call({ ...base, location_id: perth, vendor_id: burgerBarn })).toMatchObject({
      status: 400,
      body: { field: 'vendor_id' },
    });
    expect(await call({ ...base, location_id: 999_999 })).toMatchObject({
      status: 400,
      body: { field: 'location_id' },
    });
    expect(await call({ ...base, id: 999_999, location_id: reservoir })).toMatchObject({ status: 404 });
    expect(await call({ ...base, platform: 'in_store_cash', location_id: reservoir })).toMatchObject({
      status: 400,
      body: { field: 'platform' },
    });
  });
});
