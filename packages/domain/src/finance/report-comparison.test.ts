import { describe, expect, it } from 'vitest';
import type { ReportFigures, SalesReportRow } from './finance.schemas.js';
import { compareReports, liveDiffers, rowDifference } from './report-comparison.js';

const row = (kitchaco: number, changes: Partial<SalesReportRow> = {}): SalesReportRow => ({
  kitchaco,
  kitchaco__suburb: kitchaco === 1 ? 'Reservoir' : 'Fremantle',
  in_store_cash_sales: 1388,
  in_store_card_sales: 50,
  online_pickup_sales: 0,
  online_delivery_sales: 0,
  uber_total_sales: 200,
  doordash_total_sales: 0,
  deliveroo_total_sales: 0,
  deliveroo_adjustments: 0,
  menulog_total_sales: 0,
  card_refunds: 0,
  status: 'approved',
  generated_at: null,
  ...changes,
});

const amount = (gross: number) => ({ gross, gst: 0, net: 0 });

/** A report whose compared figures are given; the rest are zero. */
function figures(rows: SalesReportRow[], payout: number, revenue = 1638): ReportFigures {
  return {
    sales_data: rows,
    gross_stock_purchased: 10,
    net_stock_purchased: 9.09,
    gst_stock_purchased: 0.91,
    admin_adjustment_stock_purchased: 0,
    delivery_charge_stock_purchased: 0,
    gross_kitchaco_in_store_cash_sales: 0,
    gross_kitchaco_in_store_card_sales: 0,
    gross_kitchaco_online_pickup_sales: 0,
    gross_kitchaco_online_delivery_sales: 0,
    gross_uber_eats_sales: 0,
    gross_doordash_sales: 0,
    gross_deliveroo_sales: 0,
    gross_menulog_sales: 0,
    invoice: {
      revenue: amount(revenue),
      total_commission: amount(100),
      total_misc: amount(0),
      purchases: amount(110),
      earnings: amount(revenue - 110),
      less_in_store_cash_sales: 1388,
      less_in_store_card_sales: 0,
      payout_inc_gst: payout,
    } as unknown as ReportFigures['invoice'],
  };
}

describe('approved and live figures', () => {
  it('are the same when nothing moved', () => {
    const approved = figures([row(1), row(2)], 140);
    expect(liveDiffers(approved, JSON.parse(JSON.stringify(approved)) as ReportFigures)).toBe(false);
    expect(compareReports(approved, approved).filter((c) => c.differs)).toEqual([]);
  });

  it('names each figure that moved, approved and live, compared exactly', () => {
    // Reservoir's cash: $1,388.00 approved, $1,448.60 now; the payout follows.
    const approved = figures([row(1), row(2)], 140);
    const live = figures([row(1, { in_store_cash_sales: 1448.6 }), row(2)], 140, 1698.6);
    expect(liveDiffers(approved, live)).toBe(true);
    expect(compareReports(approved, live).filter((c) => c.differs)).toEqual([
      {
        key: 'row:1:in_store_cash_sales',
        label: 'Reservoir: In-store cash',
        approved: 1388,
        live: 1448.6,
        differs: true,
      },
      { key: 'total:Total revenue', label: 'Total revenue', approved: 1638, live: 1698.6, differs: true },
      { key: 'total:Total earnings', label: 'Total earnings', approved: 1528, live: 1588.6, differs: true },
    ]);
    expect(rowDifference(row(1), row(1, { in_store_cash_sales: 1448.6 }), 'in_store_cash_sales')).toEqual({
      approved: 1388,
      live: 1448.6,
    });
    expect(rowDifference(row(1), row(1), 'in_store_cash_sales')).toBeNull();
  });

  it('no float noise: 0.1 + 0.2 is 0.3', () => {
    const approved = figures([row(1, { uber_total_sales: 0.3 })], 140);
    const live = figures([row(1, { uber_total_sales: 0.1 + 0.2 })], 140);
    expect(liveDiffers(approved, live)).toBe(false);
  });

  it('a payout that moved differs; a location only in one counts as zero in the other', () => {
    const approved = figures([row(1)], 140);
    const live = figures([row(1), row(2)], 95.53);
    const moved = compareReports(approved, live).filter((c) => c.differs);
    expect(moved.map((c) => c.key)).toContain('total:Payout (inc GST)');
    expect(moved.find((c) => c.key === 'row:2:uber_total_sales')).toMatchObject({ approved: 0, live: 200 });
  });

  it('an approval made before refunds were reported has no refund figure to compare', () => {
    const old = row(1);
    delete old.card_refunds;
    const approved = figures([old], 140);
    const live = figures([row(1, { card_refunds: -12.5 })], 140);
    expect(liveDiffers(approved, live)).toBe(false);
    expect(rowDifference(old, row(1, { card_refunds: -12.5 }), 'card_refunds')).toBeNull();
  });
});
