import { describe, expect, it } from 'vitest';
import { toMills } from '../money/money.js';
import { parseDollars, parseSignedDollars, readMarketplaceCsv } from './csv-import.js';
import { readCsv } from './csv-parse.js';
import { mealMatcher } from './meal-matching.js';
import {
  UBER_PAYMENT_DETAILS_HELP_PAGE_HEADINGS_FILE,
  UBER_PAYMENT_DETAILS_REPORT_HEADINGS_FILE,
} from './uber-payment-details-samples.js';

const MELBOURNE = { timeZoneOf: () => 'Australia/Melbourne' };

describe('reading CSV text', () => {
  it('handles quotes, doubled quotes, line breaks in quotes, CRLF, a BOM and blank lines', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n\r\n1,,3\n';
    const result = readCsv(text);
    expect(result).toEqual({
      ok: true,
      records: [
        { line: 1, cells: ['a', 'b', 'c'] },
        { line: 2, cells: ['x, y', 'say "hi"', 'two\nlines'] },
        { line: 5, cells: ['1', '', '3'] },
      ],
    });
  });

  it('names the line of a quote never closed', () => {
    expect(readCsv('a,b\n1,"oops\n2,3\n')).toEqual({
      ok: false,
      line: 2,
      message: 'a quoted field is never closed',
    });
  });
});

describe('dollar amounts of an export', () => {
  it.each([
    ['12', 12_000],
    ['12.5', 12_500],
    [' $1,234.50 ', 1_234_500],
    ['0.05', 50],
  ])('reads %s', (text, mills) => expect(parseDollars(text)).toBe(mills));

  it.each(['-1', '12.345', 'abc', '', '1,23'])('refuses %j', (text) => expect(parseDollars(text)).toBeNull());

  it.each([
    ['-5.00', -5_000],
    ['-$1,234.50', -1_234_500],
    ['$-0.05', -50],
    ['-0', 0],
    ['7', 7_000],
  ])('reads the signed amount %s', (text, mills) => expect(parseSignedDollars(text)).toBe(mills));

  it.each(['--1', '-$-1', '1-', '($5.00)', '-', '1.234'])('refuses the signed amount %j', (text) =>
    expect(parseSignedDollars(text)).toBeNull(),
  );
});

/**
 * Built from the documented columns of Uber Eats' Payment Details report (help.uber.com,
 * https://help.uber.com/si-LK/merchants-and-restaurants/article/profit-summary-details?nodeId=cd9e5108-aa19-4358-89b6-2f546a0dbac9):
 * a first row describing the report, then the headings; Australian files say GST where others say tax.
 */
const UBER_HEADING =
  'Store Name,Store ID,Order ID,Workflow ID,Dining Mode,Order Channel,Order Status,Order Date,Order Accept Time,Sales (excl. GST),GST on Sales,Sales (incl. GST),Marketplace Fee,Total payout';
const uberFile = (...rows: string[]) =>
  ['"Payment details report, 01/11/2026 - 30/11/2026",,,,,,,,,,,,,', UBER_HEADING, ...rows].join('\r\n');
const UBER = uberFile(
  'Burger Barn,ue-1-1,UE-A,wf-1,Delivery,Uber Eats,Completed,18/11/2026,12:30,33.64,3.36,37.00,11.10,25.90',
  'Burger Barn,ue-1-1,UE-B,wf-2,Delivery,Uber Eats,Canceled,19/11/2026,6:05 PM,4.55,0.45,$5.00,,0',
  'Burger Barn,ue-1-1,UE-C,wf-3,Delivery,Uber Eats,Completed,20/11/2026,09:15:42,"1,122.27",112.23,"$1,234.50",370.35,864.15',
  'Burger Barn,ue-1-1,UE-C,wf-3,Delivery,Uber Eats,Refund,21/11/2026,10:00,-4.55,-0.45,-5.00,-1.50,-3.50',
  'Burger Barn,ue-1-1,UE-D,wf-4,Delivery,Uber Eats,Failed,21/11/2026,,0.00,0.00,0.00,,0',
);

describe('the Uber Eats Payment Details report', () => {
  it('finds the headings under the description row and reads one order per Order ID', () => {
    const result = readMarketplaceCsv('uber_eats', UBER, MELBOURNE);
    expect(result.errors).toEqual([]);
    expect(
      result.orders.map((o) => [o.row, o.externalId, o.status, o.placedAt.toISOString(), o.total]),
    ).toEqual([
      [3, 'UE-A', 'Finished', '2026-11-18T01:30:00.000Z', toMills('37.00')],
      [4, 'UE-B', 'Canceled', '2026-11-19T07:05:00.000Z', toMills('5.00')],
      // The refund row of UE-C cancels it; its amounts are added to the sale's.
      [5, 'UE-C', 'Canceled', '2026-11-19T22:15:00.000Z', toMills('1229.50')],
      // Never accepted: no accept time, so local midnight of its date.
      [7, 'UE-D', 'Canceled', '2026-11-20T13:00:00.000Z', 0],
    ]);
    expect(result.lines).toBe(4);
  });

  it('gives each order one summary line of its amount, and the Marketplace Fee for reconciliation', () => {
    const [a, b, c] = readMarketplaceCsv('uber_eats', UBER, MELBOURNE).orders;
    expect(a).toMatchObject({
      channel: 'uber_eats',
      storeId: 'ue-1-1',
      subTotal: toMills('37.00'),
      platformFee: toMills('11.10'),
      reportedFee: { column: 'Marketplace Fee', amount: toMills('11.10') },
      customerName: null,
    });
    expect(a!.lines).toEqual([
      {
        name: 'Uber Eats order (no item detail)',
        quantity: 1,
        unitPrice: toMills('37.00'),
        combos: [],
        specialRequest: null,
        lineTotal: toMills('37.00'),
      },
    ]);
    expect(b!.platformFee).toBe(0);
    expect(b!.reportedFee).toBeUndefined();
    expect(c).toMatchObject({ platformFee: toMills('368.85'), subTotal: toMills('1229.50') });
  });

  it.each([
    ['Completed', 'Finished'],
    ['COMPLETED', 'Finished'],
    ['Canceled', 'Canceled'],
    ['Cancelled', 'Canceled'],
    ['Refund', 'Canceled'],
    ['failed', 'Canceled'],
  ])('maps the status %s to %s', (word, status) => {
    const file = uberFile(
      `B,ue-1-1,UE-S,wf,Delivery,Uber Eats,${word},18/11/2026,12:30,1,0.1,1.10,0.33,0.77`,
    );
    const result = readMarketplaceCsv('uber_eats', file, MELBOURNE);
    expect(result.errors).toEqual([]);
    expect(result.orders[0]!.status).toBe(status);
  });

  it('reads the other spellings of the headings, in any order and case, with ISO dates', () => {
    const text = [
      'MARKETPLACE FEE,order id,External Store ID,Order Date / Refund date,Order Accept Time,order status, Sales (incl.  tax) ',
      '1.50,UE-X,ue-1-1,2026-11-18,12:30,Completed,5.00',
    ].join('\n');
    const result = readMarketplaceCsv('uber_eats', text, MELBOURNE);
    expect(result.errors).toEqual([]);
    expect(result.orders[0]).toMatchObject({
      externalId: 'UE-X',
      total: toMills('5.00'),
      platformFee: toMills('1.50'),
    });
    expect(result.orders[0]!.placedAt.toISOString()).toBe('2026-11-18T01:30:00.000Z');
  });

  it('names the column of an unknown status and of each bad cell, and leaves those orders out', () => {
    const file = uberFile(
      'B,ue-1-1,UE-A,wf,Delivery,Uber Eats,Completed,18/11/2026,12:30,33.64,3.36,37.00,11.10,25.90',
      'B,ue-1-1,UE-E,wf,Delivery,Uber Eats,Disputed,18/11/2026,12:30,1,0.1,1.10,,1',
      'B,ue-1-1,UE-F,wf,Delivery,Uber Eats,Completed,31/11/2026,13:60,1,0.1,1.1.0,--2,1',
      'B,ue-1-1,UE-G,wf,Delivery,Uber Eats,Completed,18/11/2026,12:30,-1,-0.1,-1.10,,-1',
      'B,,UE-H,wf,Delivery,Uber Eats,,18/11/2026,12:30,1,0.1,,,1',
      'B,ue-9-9,UE-A,wf,Delivery,Uber Eats,Refund,18/11/2026,12:30,-1,-0.1,-1.10,,-1',
    );
    const result = readMarketplaceCsv('uber_eats', file, MELBOURNE);
    expect(result.errors).toEqual([
      {
        row: 4,
        field: 'Order Status',
        message: '"Disputed" is not one of: completed, canceled, cancelled, refund, failed',
      },
      { row: 5, field: 'Order Date', message: '"31/11/2026" is not a date like DD/MM/YYYY' },
      { row: 5, field: 'Sales (incl. GST)', message: '"1.1.0" is not an amount like 12.50 or -12.50' },
      { row: 5, field: 'Marketplace Fee', message: '"--2" is not an amount like 12.50 or -12.50' },
      {
        row: 6,
        field: 'Sales (incl. GST)',
        message: 'order UE-G totals -1.10: only a canceled order can total less than 0',
      },
      { row: 7, field: 'Store ID', message: 'is required' },
      { row: 7, field: 'Order Status', message: 'is required' },
      { row: 7, field: 'Sales (incl. GST)', message: 'is required' },
      {
        row: 8,
        field: 'Store ID',
        message: 'differs from row 3 of order UE-A: an order belongs to one store',
      },
    ]);
    expect(result.orders).toEqual([]);
  });

  it('names a bad time', () => {
    const file = uberFile('B,ue-1-1,UE-T,wf,Delivery,Uber Eats,Completed,18/11/2026,13:05 PM,1,0.1,1.10,,1');
    expect(readMarketplaceCsv('uber_eats', file, MELBOURNE).errors).toEqual([
      { row: 3, field: 'Order Accept Time', message: '"13:05 PM" is not a time like HH:mm' },
    ]);
  });

  it('names a missing column on the heading row and reads nothing', () => {
    const text = UBER.replace('Marketplace Fee', 'Fee');
    const result = readMarketplaceCsv('uber_eats', text, MELBOURNE);
    expect(result.orders).toEqual([]);
    expect(result.errors).toEqual([
      {
        row: 2,
        field: 'Marketplace Fee',
        message:
          'the column "Marketplace Fee" (or "Uber Total Service Fee") is missing: is this the Uber Eats Payment Details report?',
      },
    ]);
  });

  it('says when there are no rows under the headings', () => {
    expect(readMarketplaceCsv('uber_eats', uberFile(), MELBOURNE).errors).toEqual([
      { row: 2, field: 'file', message: 'the file has no order rows' },
    ]);
  });
});

/**
 * The same four rows of a Payment Details report under each of its two heading sets: the one the
 * downloaded report writes (Order Accept Time, Sales (incl. GST), Marketplace Fee, Total payout) and
 * the one Uber's help page lists (Order Acceptance Time, Food sales (VAT included), Uber Total
 * Service Fee, Payment, Payment date), with every other column that page names.
 */
const REPORT_HEADINGS = UBER_PAYMENT_DETAILS_REPORT_HEADINGS_FILE;
const HELP_PAGE_HEADINGS = UBER_PAYMENT_DETAILS_HELP_PAGE_HEADINGS_FILE;

describe('both heading sets of the Uber Eats Payment Details report', () => {
  const figures = (text: string) => {
    const result = readMarketplaceCsv('uber_eats', text, MELBOURNE);
    expect(result.errors).toEqual([]);
    return result.orders.map((o) => [
      o.externalId,
      o.status,
      o.placedAt.toISOString(),
      o.total,
      o.platformFee,
      o.reportedFee?.amount ?? null,
    ]);
  };

  it("imports the help page's headings to the same orders as the report's", () => {
    expect(figures(HELP_PAGE_HEADINGS)).toEqual(figures(REPORT_HEADINGS));
    expect(figures(HELP_PAGE_HEADINGS)).toEqual([
      ['UE-A', 'Canceled', '2026-10-06T01:30:00.000Z', toMills('32.00'), toMills('9.60'), toMills('9.60')],
      ['UE-C', 'Canceled', '2026-10-08T13:00:00.000Z', 0, 0, 0],
      [
        'UE-D',
        'Finished',
        '2026-10-10T07:05:00.000Z',
        toMills('1234.50'),
        toMills('370.35'),
        toMills('370.35'),
      ],
    ]);
  });

  it('refuses a file with neither heading of a column, naming both', () => {
    const text = HELP_PAGE_HEADINGS.replace('Uber Total Service Fee', 'Service Fee').replace(
      'Food sales (VAT included)',
      'Food sales (gross)',
    );
    const result = readMarketplaceCsv('uber_eats', text, MELBOURNE);
    expect(result.orders).toEqual([]);
    expect(result.errors.map((e) => [e.row, e.field, e.message])).toEqual([
      [
        2,
        'Sales (incl. GST)',
        'the column "Sales (incl. GST)" (or "Sales (incl. tax)", "Food sales (VAT included)") is missing: is this the Uber Eats Payment Details report?',
      ],
      [
        2,
        'Marketplace Fee',
        'the column "Marketplace Fee" (or "Uber Total Service Fee") is missing: is this the Uber Eats Payment Details report?',
      ],
    ]);
  });
});

describe('an item-lines export', () => {
  const DELIVEROO =
    'Restaurant ID,Order ID,Order Placed,Order Status,Item,Item Quantity,Item Unit Price,Modifiers,Item Notes,Order Value,Commission';

  it('reports each bad cell with its row and column, and leaves that order out', () => {
    const text = [
      DELIVEROO,
      'dr-1-1,DR-A,2026-11-18 12:30,Delivered,Pad Thai,1,18.00,,,18.00,5.40',
      'dr-1-1,DR-B,2026-02-31 12:00,Delivered,Pad Thai,two,-18.00,cheese,,18.00,',
      'dr-1-1,DR-C,2026-11-18 12:30,Lost,Pad Thai,1,18.00,,,18.00,',
      'dr-1-2,DR-A,2026-11-18 12:30,Delivered,Spring Rolls,1,6.00,,,18.00,5.40',
    ].join('\n');
    const result = readMarketplaceCsv('deliveroo', text, MELBOURNE);
    expect(result.errors).toEqual([
      { row: 3, field: 'Order Placed', message: '"2026-02-31 12:00" is not a date like YYYY-MM-DD HH:mm' },
      { row: 3, field: 'Item Quantity', message: '"two" is not a whole number from 1 to 999' },
      { row: 3, field: 'Item Unit Price', message: '"-18.00" is not an amount like 12.50' },
      {
        row: 3,
        field: 'Modifiers',
        message: '"cheese" is not a modifier like "1x Extra cheese (1.50); 2x Bacon (2.00)"',
      },
      {
        row: 4,
        field: 'Order Status',
        message: '"Lost" is not one of: delivered, completed, cancelled, canceled, rejected',
      },
      {
        row: 5,
        field: 'Restaurant ID',
        message: 'differs from row 2 of order DR-A: every row of an order repeats its Restaurant ID',
      },
    ]);
    expect(result.orders).toEqual([]);
  });

  it.each([
    ['Delivered', 'Finished'],
    ['Completed', 'Finished'],
    ['Cancelled', 'Canceled'],
    ['Canceled', 'Canceled'],
    ['Rejected', 'Canceled'],
  ])('maps the Deliveroo status %s to %s', (word, status) => {
    const text = [DELIVEROO, `dr-1-1,DR-S,2026-11-18 12:30,${word},Pad Thai,1,18.00,,,18.00,`].join('\n');
    expect(readMarketplaceCsv('deliveroo', text, MELBOURNE).orders[0]!.status).toBe(status);
  });
});

describe('the other platforms', () => {
  it('reads a Deliveroo export (date and time in one column, "1x name (price)" modifiers)', () => {
    const text = [
      'Restaurant ID,Order ID,Order Placed,Order Status,Item,Item Quantity,Item Unit Price,Modifiers,Item Notes,Order Value,Commission',
      'dr-1-1,gb:1,2026-11-18 12:30,Delivered,Pad Thai,1,18.00,1x Prawns (2.50); 2x Egg (1.00),,22.50,6.75',
    ].join('\n');
    const result = readMarketplaceCsv('deliveroo', text, MELBOURNE);
    expect(result.errors).toEqual([]);
    expect(result.orders[0]).toMatchObject({
      status: 'Finished',
      total: toMills('22.50'),
      platformFee: toMills('6.75'),
      subTotal: toMills('22.50'),
    });
    expect(result.orders[0]!.placedAt.toISOString()).toBe('2026-11-18T01:30:00.000Z');
  });

  /**
   * DoorDash's Order Details report (ORDER_DETAIL v2) with the columns and example values of its
   * Reporting API reference (developer.doordash.com, cited in csv-formats.ts): one row per item.
   */
  it('reads a DoorDash Order Details report: item rows, no modifiers, no status (Finished), no fee', () => {
    const text = [
      'business_id,store_id,active_date,active_date_utc,dd_order_number,mx_order_number,external_order_id,business_name,store_name,merchant_store_id,item_merchant_supplied_id,order_item_id,dd_item_id,item_name,category_name,menu_name,timezone,is_consumer_pickup,dashpass,original_item_price,unit_price,order_item_quantity,subtotal,order_place_date,order_place_time',
      '185,24725,2026-11-18 0:00:00,2026-11-18 0:00:00,1df0588a-711d-4fb6-8899-a49882e8822d,,,Metro Pizza,Metro Pizza Main St,dd-1-1,40246,3000003058997073,2407118091,Chicken Bowl,Mains,All day,Australia/Melbourne,FALSE,TRUE,13.33,13.33,3,45.99,2026-11-18,12:30:00',
      '185,24725,2026-11-18 0:00:00,2026-11-18 0:00:00,1df0588a-711d-4fb6-8899-a49882e8822d,,,Metro Pizza,Metro Pizza Main St,dd-1-1,40247,3000003058997074,2407118092,Chocolate Chip (210 Cals),Sides,All day,Australia/Melbourne,FALSE,TRUE,3.00,3.00,2,45.99,2026-11-18,12:30:00',
    ].join('\n');
    const result = readMarketplaceCsv('doordash', text, MELBOURNE);
    expect(result.errors).toEqual([]);
    const [order] = result.orders;
    expect(order).toMatchObject({
      externalId: '1df0588a-711d-4fb6-8899-a49882e8822d',
      storeId: 'dd-1-1',
      status: 'Finished',
      total: toMills('45.99'),
      platformFee: 0,
    });
    expect(order!.reportedFee).toBeUndefined();
    expect(order!.placedAt.toISOString()).toBe('2026-11-18T01:30:00.000Z');
    expect(order!.lines.map((l) => [l.name, l.quantity, l.lineTotal, l.combos])).toEqual([
      ['Chicken Bowl', 3, toMills('39.99'), []],
      ['Chocolate Chip (210 Cals)', 2, toMills('6.00'), []],
    ]);
  });

  it('reads a Menulog export in the time zone of each store', () => {
    const text = [
      'Restaurant ID,Order ID,Order Date,Order Status,Item,Quantity,Unit Price,Extras,Notes,Order Total,Commission',
      'ml-perth,M-1,18/11/2026 12:30,Completed,Margherita,1,19.90,1 x Garlic base @ 4.00,,23.90,3.59',
    ].join('\n');
    const result = readMarketplaceCsv('menulog', text, {
      timeZoneOf: (store) => (store === 'ml-perth' ? 'Australia/Perth' : 'Australia/Melbourne'),
    });
    expect(result.errors).toEqual([]);
    expect(result.orders[0]!.placedAt.toISOString()).toBe('2026-11-18T04:30:00.000Z');
    expect(result.orders[0]!.lines[0]!.lineTotal).toBe(toMills('23.90'));
  });
});

describe('meal matching', () => {
  const match = mealMatcher([
    { id: 5, vendorId: 1, locationId: 1, name: 'Classic  Burger', enabled: false },
    { id: 7, vendorId: 2, locationId: 1, name: 'classic burger', enabled: true },
    { id: 9, vendorId: 3, locationId: 2, name: 'Classic Burger', enabled: true },
  ]);

  it('ignores case and spacing, and looks only at the store brand when it has one', () => {
    expect(match('  CLASSIC burger ', { locationId: 1, vendorId: 1 })).toEqual({ mealId: 5, vendorId: 1 });
    expect(match('Classic Burger', { locationId: 2, vendorId: null })).toEqual({ mealId: 9, vendorId: 3 });
  });

  it('prefers an enabled meal across the brands of a location, and says null for no match', () => {
    expect(match('Classic Burger', { locationId: 1, vendorId: null })).toEqual({ mealId: 7, vendorId: 2 });
    expect(match('Classic Burger (Reg)', { locationId: 1, vendorId: null })).toBeNull();
    expect(match('Classic Burger', { locationId: 3, vendorId: null })).toBeNull();
  });
});
