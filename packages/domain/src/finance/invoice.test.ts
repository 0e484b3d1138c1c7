import { describe, expect, it } from 'vitest';
import { toMills } from '../money/money.js';
import {
  computeInvoice,
  fortnightStartOf,
  type InvoiceInput,
  isFortnightGridStart,
  miscCharge,
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

  it('commission per channel = rate x gross sales, each rounded to the cent', () => {
    expect(invoice.commissions.in_store_card).toEqual({
      rate: '0.10',
      gross: m('50.00'),
      gst: m('4.55'),
      net: m('45.45'),
    });
    expect(invoice.commissions.uber_eats.gross).toBe(m('700.00'));
    expect(invoice.commissions.deliveroo.gross).toBe(m('384.00'));
    expect(invoice.total_commission).toEqual({ gross: m('1529.00'), gst: m('139.01'), net: m('1389.99') });
  });

  it('purchases are commissions, stock and miscellaneous charges', () => {
    expect(invoice.stock.net).toBe(m('1255.00'));
    expect(invoice.total_misc).toEqual({ gross: m('160.00'), gst: m('10.00'), net: m('150.00') });
    expect(invoice.purchases).toEqual({ gross: m('3064.00'), gst: m('269.01'), net: m('2794.99') });
  });

  it('earnings = revenue - purchases; payout deducts cash by default', () => {
    expect(invoice.earnings).toEqual({ gross: m('3486.00'), gst: m('326.44'), net: m('3159.56') });
    expect(invoice.less_in_store_cash_sales).toBe(m('1000.00'));
    expect(invoice.less_in_store_card_sales).toBe(0);
    expect(invoice.payout_inc_gst).toBe(m('2486.00'));
  });

  it('deducts card sales too when asked, and nothing when neither is ticked', () => {
    expect(computeInvoice({ ...WORKED_EXAMPLE, less_in_store_card_sales: true }).payout_inc_gst).toBe(
      m('1986.00'),
    );
    expect(computeInvoice({ ...WORKED_EXAMPLE, less_in_store_cash_sales: false }).payout_inc_gst).toBe(
      m('3486.00'),
    );
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
