import { describe, expect, it } from 'vitest';
import { toMills } from '../money/money.js';
import {
  commissionOf,
  computeInvoice,
  fortnightStartOf,
  type InvoiceInput,
  isFortnightGridStart,
  miscCharge,
  REVENUE_LINES,
  revenueLines,
} from './invoice.js';

const m = toMills;

/** The worked example of docs/finance.md. */
export const WORKED_EXAMPLE: InvoiceInput = {
  sales: {
    in_store_cash: m('1000.00'),
    in_store_card: m('500.00'),
    online_pickup: m('800.00'),
    online_delivery: m('700.00'),
    uber_eats: m('2000.00'),
    doordash: m('300.00'),
    deliveroo: m('1200.00'),
    menulog: m('100.00'),
    deliveroo_adjustments: m('-50.00'),
  },
  stock: { gross: m('1375.00'), gst: m('120.00'), delivery_charge: m('25.00'), admin_adjustment: 0 },
  rates: {
    in_store_cash: '0.10',
    in_store_card: '0.10',
    online_pickup: '0.12',
    online_delivery: '0.12',
    uber_eats: '0.35',
    doordash: '0.30',
    deliveroo: '0.32',
    menulog: '0.25',
  },
  misc: [
    { label: 'Marketing', gross: m('110.00'), has_gst: true },
    { label: 'Equipment repair', gross: m('50.00'), has_gst: false },
  ],
  less_in_store_cash_sales: true,
  less_in_store_card_sales: false,
};

describe('computeInvoice: the worked example to the cent', () => {
  const invoice = computeInvoice(WORKED_EXAMPLE);

  it('revenue is every channel plus Deliveroo adjustments, GST = gross / 11', () => {
    expect(invoice.revenue).toEqual({ gross: m('6550.00'), gst: m('595.45'), net: m('5954.55') });
    expect(invoice.instore_sales).toBe(m('1500.00'));
    expect(invoice.online_sales).toBe(m('1500.00'));
    expect(invoice.kitchaco_sales).toBe(m('3000.00'));
  });

  it('commission per channel = rate x gross sales ex GST, GST 10% on top', () => {
    // By hand (docs/finance.md, worked example):
    //   channel     sales   x rate = ex GST  | GST (10%) | inc GST
    //   cash        1000.00 x 10%  =  100.00 |    10.00  |  110.00
    //   card         500.00 x 10%  =   50.00 |     5.00  |   55.00
    //   pickup       800.00 x 12%  =   96.00 |     9.60  |  105.60
    //   delivery     700.00 x 12%  =   84.00 |     8.40  |   92.40
    //   Uber Eats   2000.00 x 35%  =  700.00 |    70.00  |  770.00
    //   DoorDash     300.00 x 30%  =   90.00 |     9.00  |   99.00
    //   Deliveroo   1200.00 x 32%  =  384.00 |    38.40  |  422.40
    //   Menulog      100.00 x 25%  =   25.00 |     2.50  |   27.50
    //   total                        1529.00 |   152.90  | 1681.90
    expect(invoice.commissions.in_store_cash).toEqual({
      rate: '0.10',
      gross: m('110.00'),
      gst: m('10.00'),
      net: m('100.00'),
    });
    expect(invoice.commissions.in_store_card).toEqual({
      rate: '0.10',
      gross: m('55.00'),
      gst: m('5.00'),
      net: m('50.00'),
    });
    expect(invoice.commissions.online_pickup).toEqual({
      rate: '0.12',
      gross: m('105.60'),
      gst: m('9.60'),
      net: m('96.00'),
    });
    expect(invoice.commissions.online_delivery).toEqual({
      rate: '0.12',
      gross: m('92.40'),
      gst: m('8.40'),
      net: m('84.00'),
    });
    expect(invoice.commissions.uber_eats).toEqual({
      rate: '0.35',
      gross: m('770.00'),
      gst: m('70.00'),
      net: m('700.00'),
    });
    expect(invoice.commissions.doordash).toEqual({
      rate: '0.30',
      gross: m('99.00'),
      gst: m('9.00'),
      net: m('90.00'),
    });
    expect(invoice.commissions.deliveroo).toEqual({
      rate: '0.32',
      gross: m('422.40'),
      gst: m('38.40'),
      net: m('384.00'),
    });
    expect(invoice.commissions.menulog).toEqual({
      rate: '0.25',
      gross: m('27.50'),
      gst: m('2.50'),
      net: m('25.00'),
    });
    expect(invoice.total_commission).toEqual({ gross: m('1681.90'), gst: m('152.90'), net: m('1529.00') });
  });

  it('purchases are commissions (inc GST), stock and miscellaneous charges', () => {
    // Stock 1375.00 / 120.00 / 1255.00; misc 160.00 / 10.00 / 150.00.
    // Purchases: gross 1681.90 + 1375.00 + 160.00 = 3216.90; GST 152.90 + 120.00 + 10.00 = 282.90;
    // net 1529.00 + 1255.00 + 150.00 = 2934.00 (and 282.90 + 2934.00 = 3216.90).
    expect(invoice.stock.net).toBe(m('1255.00'));
    expect(invoice.total_misc).toEqual({ gross: m('160.00'), gst: m('10.00'), net: m('150.00') });
    expect(invoice.purchases).toEqual({ gross: m('3216.90'), gst: m('282.90'), net: m('2934.00') });
  });

  it('earnings = revenue - purchases; payout deducts cash by default', () => {
    // Earnings: 6550.00 - 3216.90 = 3333.10; GST 595.45 - 282.90 = 312.55; net 5954.55 - 2934.00 =
    // 3020.55. Payout: 3333.10 - cash 1000.00 = 2333.10.
    expect(invoice.earnings).toEqual({ gross: m('3333.10'), gst: m('312.55'), net: m('3020.55') });
    expect(invoice.less_in_store_cash_sales).toBe(m('1000.00'));
    expect(invoice.less_in_store_card_sales).toBe(0);
    expect(invoice.payout_inc_gst).toBe(m('2333.10'));
  });

  it('deducts card sales too when asked, and nothing when neither is ticked', () => {
    // 3333.10 - 1000.00 - 500.00 = 1833.10; with neither ticked, the earnings: 3333.10.
    expect(computeInvoice({ ...WORKED_EXAMPLE, less_in_store_card_sales: true }).payout_inc_gst).toBe(
      m('1833.10'),
    );
    expect(computeInvoice({ ...WORKED_EXAMPLE, less_in_store_cash_sales: false }).payout_inc_gst).toBe(
      m('3333.10'),
    );
  });

  it('adds carried lines to the payout, each with its GST, leaving earnings as they were', () => {
    // An Uber Eats refund of -78.55 with GST (GST -7.14, net -71.41) and a paid invoice's adjustment
    // note of +63.78 without: 2333.10 - 78.55 + 63.78 = 2318.33.
    const carried = computeInvoice({
      ...WORKED_EXAMPLE,
      carried: [
        { label: 'Uber Eats refund', gross: m('-78.55'), has_gst: true },
        { label: 'Adjustment note', gross: m('63.78'), has_gst: false },
      ],
    });
    expect(carried.total_carried).toEqual({ gross: m('-14.77'), gst: m('-7.14'), net: m('-7.63') });
    expect(carried.earnings).toEqual(invoice.earnings);
    expect(carried.payout_inc_gst).toBe(m('2318.33'));
    expect(invoice.total_carried).toEqual({ gross: 0, gst: 0, net: 0 });
  });

  it('keeps at most five miscellaneous slots and drops empty ones', () => {
    const many = Array.from({ length: 7 }, (_, i) => ({
      label: `Charge ${i}`,
      gross: m('1.00'),
      has_gst: false,
    }));
    const empty = { label: ' ', gross: 0, has_gst: true };
    const invoice2 = computeInvoice({ ...WORKED_EXAMPLE, misc: [empty, ...many] });
    expect(invoice2.misc).toHaveLength(5);
    expect(invoice2.total_misc.gross).toBe(m('5.00'));
  });
});

describe('commissionOf: ex GST = rate x sales, GST 10% of that, each rounded to the cent once', () => {
  it('rounds the ex-GST commission from the exact product, then the GST from that rounded figure', () => {
    // 123.45 x 35% = 43.2075 -> 43.21; GST 4.321 -> 4.32; inc 47.53.
    expect(commissionOf(m('123.45'), '0.35')).toEqual({ gross: m('47.53'), gst: m('4.32'), net: m('43.21') });
    // 33.35 x 15% = 5.0025 -> 5.00; GST 0.50; inc 5.50.
    expect(commissionOf(m('33.35'), '0.15')).toEqual({ gross: m('5.50'), gst: m('0.50'), net: m('5.00') });
    // 41.17 x 30% = 12.351 -> 12.35; GST 1.235 -> 1.24 (half away from zero); inc 13.59.
    expect(commissionOf(m('41.17'), '0.30')).toEqual({ gross: m('13.59'), gst: m('1.24'), net: m('12.35') });
    // 0.15 x 10% = 0.015 -> 0.02; GST 0.002 -> 0.00; inc 0.02.
    expect(commissionOf(m('0.15'), '0.1')).toEqual({ gross: m('0.02'), gst: 0, net: m('0.02') });
  });

  it('a negative channel (refunds over sales) gives a negative commission, rounded away from zero', () => {
    // -41.17 x 30% = -12.351 -> -12.35; GST -1.235 -> -1.24; inc -13.59.
    expect(commissionOf(m('-41.17'), '0.30')).toEqual({
      gross: m('-13.59'),
      gst: m('-1.24'),
      net: m('-12.35'),
    });
  });

  it('nothing sold or a zero rate is no commission', () => {
    expect(commissionOf(0, '0.35')).toEqual({ gross: 0, gst: 0, net: 0 });
    expect(commissionOf(m('999.99'), '0')).toEqual({ gross: 0, gst: 0, net: 0 });
  });

  it('is what computeInvoice charges per channel, and inc GST = ex GST + GST always', () => {
    const invoice = computeInvoice({
      ...WORKED_EXAMPLE,
      sales: { ...WORKED_EXAMPLE.sales, uber_eats: m('123.45'), doordash: m('-41.17') },
    });
    expect(invoice.commissions.uber_eats).toEqual({ rate: '0.35', ...commissionOf(m('123.45'), '0.35') });
    expect(invoice.commissions.doordash).toEqual({ rate: '0.30', ...commissionOf(m('-41.17'), '0.30') });
    for (const cents of [1, 5, 99, 1234, 55555, -77, -12345]) {
      for (const rate of ['0.1', '0.125', '0.3333', '0.35']) {
        const c = commissionOf(cents * 10, rate);
        expect(c.net + c.gst).toBe(c.gross);
        // Whole cents (mills divisible by 10).
        expect(Math.abs(c.net % 10)).toBe(0);
        expect(Math.abs(c.gst % 10)).toBe(0);
      }
    }
  });
});

describe('miscCharge', () => {
  it('with GST: gst = gross/11 and net = gross/1.1; always adding back to the gross', () => {
    expect(miscCharge(m('100.00'), true)).toEqual({ gross: m('100.00'), gst: m('9.09'), net: m('90.91') });
    for (const cents of [1, 5, 99, 1234, 55555]) {
      const c = miscCharge(cents * 10, true);
      expect(c.gst + c.net).toBe(c.gross);
    }
  });
  it('without GST: gst 0, net = gross', () => {
    expect(miscCharge(m('100.00'), false)).toEqual({ gross: m('100.00'), gst: 0, net: m('100.00') });
  });
});

describe('fortnightStartOf', () => {
  it('finds the Monday that starts the fortnight', () => {
    expect(fortnightStartOf('2024-01-01')).toBe('2024-01-01');
    expect(fortnightStartOf('2024-01-14')).toBe('2024-01-01');
    expect(fortnightStartOf('2024-01-15')).toBe('2024-01-15');
    expect(fortnightStartOf('2023-12-31')).toBe('2023-12-18');
    expect(fortnightStartOf('2026-11-23')).toBe('2026-11-16');
  });
});

describe('isFortnightGridStart', () => {
  it('knows the Mondays of the grid from the Mondays between', () => {
    expect(isFortnightGridStart('2026-10-05')).toBe(true);
    expect(isFortnightGridStart('2026-10-19')).toBe(true);
    expect(isFortnightGridStart('2026-10-12')).toBe(false);
    expect(isFortnightGridStart('2026-10-06')).toBe(false);
  });
});

describe('revenueLines: each revenue row with its GST and ex GST', () => {
  it('splits each line of the worked example, gross / 11 to the cent, adding up to the revenue', () => {
    const invoice = computeInvoice(WORKED_EXAMPLE);
    const lines = revenueLines(invoice.sales, invoice.revenue);
    // By hand: 1000.00 / 11 = 90.909 -> 90.91; 500.00 / 11 = 45.4545 -> 45.45; -50.00 / 11 -> -4.55.
    expect(lines.in_store_cash).toEqual({ gross: m('1000.00'), gst: m('90.91'), net: m('909.09') });
    expect(lines.in_store_card).toEqual({ gross: m('500.00'), gst: m('45.45'), net: m('454.55') });
    expect(lines.doordash).toEqual({ gross: m('300.00'), gst: m('27.27'), net: m('272.73') });
    expect(lines.deliveroo_adjustments).toEqual({ gross: m('-50.00'), gst: m('-4.55'), net: m('-45.45') });
    const sum = (k: 'gross' | 'gst' | 'net') => REVENUE_LINES.reduce((a, l) => a + lines[l][k], 0);
    expect({ gross: sum('gross'), gst: sum('gst'), net: sum('net') }).toEqual(invoice.revenue);
  });

  it('puts a cent of rounding on a line so the rows add up to the total', () => {
    const zero = Object.fromEntries(REVENUE_LINES.map((l) => [l, 0])) as Parameters<typeof revenueLines>[0];
    // Three lines of 0.15: each 0.0136 of GST -> 0.01, 0.03 in all; the total 0.45 / 11 = 0.0409 -> 0.04.
    const sales = { ...zero, uber_eats: m('0.15'), doordash: m('0.15'), menulog: m('0.15') };
    const revenue = { gross: m('0.45'), gst: m('0.04'), net: m('0.41') };
    const lines = revenueLines(sales, revenue);
    const gst = REVENUE_LINES.reduce((a, l) => a + lines[l].gst, 0);
    expect(gst).toBe(m('0.04'));
    expect([lines.uber_eats.gst, lines.doordash.gst, lines.menulog.gst].sort()).toEqual([
      m('0.01'),
      m('0.01'),
      m('0.02'),
    ]);
    for (const l of REVENUE_LINES) expect(lines[l].gst + lines[l].net).toBe(lines[l].gross);
  });
});
