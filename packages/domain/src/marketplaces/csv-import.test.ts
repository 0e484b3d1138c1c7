import { describe, expect, it } from 'vitest';
import { toMills } from '../money/money.js';
import { parseDollars, readMarketplaceCsv } from './csv-import.js';
import { readCsv } from './csv-parse.js';
import { mealMatcher } from './meal-matching.js';

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
});

const UBER = [
  'Store ID,Order ID,Date Ordered,Time Ordered,Order Status,Item Name,Quantity,Item Price,Customisations,Special Instructions,Order Total,Marketplace Fee',
  'ue-1-1,UE-A,18/11/2026,12:30,Completed,Classic Burger,2,14.50,"Extra cheese~1=1.50",no pickles,37.00,11.10',
  'ue-1-1,UE-A,18/11/2026,12:30,Completed,Fries,1,5.00,,,37.00,11.10',
  'ue-1-1,UE-B,19/11/2026,18:05,Cancelled,Fries,1,$5.00,,,5.00,',
].join('\n');

describe('the Uber Eats order export', () => {
  it('groups rows into orders, with local times in the location time zone', () => {
    const result = readMarketplaceCsv('uber_eats', UBER, MELBOURNE);
    expect(result.errors).toEqual([]);
    expect(result.lines).toBe(3);
    expect(result.orders.map((o) => [o.externalId, o.status, o.placedAt.toISOString(), o.total])).toEqual([
      ['UE-A', 'Finished', '2026-11-18T01:30:00.000Z', toMills('37.00')],
      ['UE-B', 'Canceled', '2026-11-19T07:05:00.000Z', toMills('5.00')],
    ]);
    const [a] = result.orders;
    expect(a).toMatchObject({ channel: 'uber_eats', storeId: 'ue-1-1', platformFee: toMills('11.10') });
    expect(a!.subTotal).toBe(toMills('37.00'));
    expect(a!.lines[0]).toEqual({
      name: 'Classic Burger',
      quantity: 2,
      unitPrice: toMills('14.50'),
      combos: [{ name: 'Extra cheese', quantity: 1, price: toMills('1.50') }],
      specialRequest: 'no pickles',
      lineTotal: toMills('32.00'),
    });
  });

  it('finds columns by heading, in any order and case', () => {
    const shuffled = [
      'MARKETPLACE FEE,order id,Store ID,Date Ordered,Time Ordered,Order Status,Item Name,Quantity,Item Price,Customisations,Special Instructions, Order  Total ',
      '11.10,UE-A,ue-1-1,18/11/2026,12:30,Completed,Fries,1,5.00,,,5.00',
    ].join('\n');
    const result = readMarketplaceCsv('uber_eats', shuffled, MELBOURNE);
    expect(result.errors).toEqual([]);
    expect(result.orders[0]).toMatchObject({
      externalId: 'UE-A',
      total: toMills('5.00'),
      platformFee: toMills('11.10'),
    });
  });

  it('reports each bad cell with its row and column, and leaves that order out', () => {
    const bad = [
      UBER,
      'ue-1-1,UE-C,31/02/2026,12:00,Completed,Fries,two,5.00,,,5.00,',
      'ue-1-1,UE-D,01/12/2026,25:00,Lost,,1,5.001,cheese,,5.00,',
      'ue-1-2,UE-A,18/11/2026,12:30,Completed,Cola,1,4.00,,,37.00,11.10',
    ].join('\n');
    const result = readMarketplaceCsv('uber_eats', bad, MELBOURNE);
    expect(result.errors).toEqual([
      { row: 5, field: 'Date Ordered', message: '"31/02/2026" is not a date like DD/MM/YYYY' },
      { row: 5, field: 'Quantity', message: '"two" is not a whole number from 1 to 999' },
      { row: 6, field: 'Time Ordered', message: '"25:00" is not a time like HH:mm' },
      { row: 6, field: 'Order Status', message: expect.stringContaining('"Lost" is not one of: completed') },
      { row: 6, field: 'Item Name', message: 'is required' },
      { row: 6, field: 'Item Price', message: '"5.001" is not an amount like 12.50' },
      {
        row: 6,
        field: 'Customisations',
        message: '"cheese" is not a modifier like "Extra cheese~1=1.50, Bacon~2=2.00"',
      },
      {
        row: 7,
        field: 'Store ID',
        message: 'differs from row 2 of order UE-A: every row of an order repeats its Store ID',
      },
    ]);
    expect(result.orders.map((o) => o.externalId)).toEqual(['UE-B']);
  });

  it('names a missing column and reads nothing', () => {
    const text = UBER.replace('Marketplace Fee', 'Fee');
    const result = readMarketplaceCsv('uber_eats', text, MELBOURNE);
    expect(result.orders).toEqual([]);
    expect(result.errors).toEqual([
      {
        row: 1,
        field: 'Marketplace Fee',
        message: 'the column "Marketplace Fee" is missing: is this the Uber Eats order export?',
      },
    ]);
  });

  it('says when there are no rows', () => {
    expect(readMarketplaceCsv('uber_eats', UBER.split('\n')[0]!, MELBOURNE).errors).toEqual([
      { row: 1, field: 'file', message: 'the file has no order rows' },
    ]);
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

  it('reads a DoorDash export ("name (qty @ price)" options, separated by |)', () => {
    const text = [
      'Merchant Store ID,DoorDash Order ID,Order Date,Order Time,Final Order Status,Item Name,Item Quantity,Item Price,Options,Special Instructions,Order Subtotal,Commission',
      'dd-1-1,D-1,2026-11-18,12:30,Delivered,Chicken Bowl,3,13.33,Avocado (2 @ 1.00) | Chilli (1 @ 0),,45.99,',
    ].join('\n');
    const result = readMarketplaceCsv('doordash', text, MELBOURNE);
    expect(result.errors).toEqual([]);
    expect(result.orders[0]!.lines[0]!.lineTotal).toBe(toMills('45.99'));
    expect(result.orders[0]!.platformFee).toBe(0);
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
