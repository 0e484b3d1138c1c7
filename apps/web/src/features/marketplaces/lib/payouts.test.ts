import type { ReconciledOrderWire } from '@kitchaco/domain';
import { describe, expect, it } from 'vitest';
import { missingOrders, needsAttention, payoutColumns, stateCounts } from './payouts';

const order = (over: Partial<ReconciledOrderWire>): ReconciledOrderWire => ({
  location_id: 1,
  location: 'Reservoir',
  platform: 'uber_eats',
  platform_order_id: 'UE-1',
  order_id: 10,
  order_date: '2026-11-18',
  state: 'matched',
  ledger_status: 'Finished',
  ledger_total: 32,
  ledger_fee: 9.6,
  reported_sales: 32,
  reported_fee: 9.6,
  payout: 22.4,
  sales_difference: 0,
  payout_dates: ['2026-11-24'],
  ...over,
});

describe('stateCounts', () => {
  it('keeps the states with orders, in the order of the states', () => {
    expect(stateCounts({ unpaid: 2, matched: 5, missing: 0, amount_differs: 1 })).toEqual([
      { state: 'matched', count: 5 },
      { state: 'amount_differs', count: 1 },
      { state: 'unpaid', count: 2 },
    ]);
  });
});

describe('needsAttention', () => {
  it('leaves out the matched orders only', () => {
    const orders = [
      order({ platform_order_id: 'A' }),
      order({ platform_order_id: 'B', state: 'fee_differs' }),
      order({ platform_order_id: 'C', state: 'missing', order_id: null }),
    ];
    expect(needsAttention(orders).map((o) => o.platform_order_id)).toEqual(['B', 'C']);
  });
});

describe('missingOrders', () => {
  it('counts the missing orders and adds their reported sales exactly', () => {
    const orders = [
      order({ state: 'missing', reported_sales: 0.1 }),
      order({ state: 'missing', reported_sales: 0.2 }),
      order({ state: 'unpaid', reported_sales: null }),
    ];
    expect(missingOrders(orders)).toEqual({ count: 2, sales: 300 });
  });
});

describe('payoutColumns', () => {
  it("names each report's columns as the platform writes them", () => {
    expect(payoutColumns('uber_eats')).toContain('Total payout');
    expect(payoutColumns('doordash')).toContain('payout_date (optional)');
  });
});
