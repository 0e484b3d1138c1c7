import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sum, toMills } from '../money/money.js';
import {
  type LedgerPayoutOrder,
  type PayoutLine,
  payoutOrders,
  reconcile,
  reconcileOrder,
  reconciliationTotals,
} from './payout-reconcile.js';

const order = (
  externalId: string,
  total: string,
  fee: string,
  status: LedgerPayoutOrder['status'] = 'Finished',
): LedgerPayoutOrder => ({
  orderId: Number(externalId.replace(/\D/g, '')) || 1,
  channel: 'uber_eats',
  externalId,
  locationId: 1,
  status,
  total: toMills(total),
  platformFee: toMills(fee),
  orderDate: '2026-10-06',
});

const line = (
  externalId: string,
  kind: PayoutLine['kind'],
  sales: string,
  fee: string,
  payout: string,
): PayoutLine => ({
  channel: 'uber_eats',
  externalId,
  locationId: 1,
  orderDate: '2026-10-06',
  kind,
  sales: toMills(sales),
  fee: toMills(fee),
  payout: toMills(payout),
  payoutDate: '2026-10-14',
});

const paidFor = (...lines: PayoutLine[]) => payoutOrders(lines)[0]!;

describe('the state of one order', () => {
  it('is matched when the platform reports our total and our fee, whichever sign it writes the fee with', () => {
    expect(
      reconcileOrder(order('A1', '37.00', '11.10'), paidFor(line('A1', 'sale', '37.00', '11.10', '25.90'))),
    ).toBe('matched');
    expect(
      reconcileOrder(order('A1', '37.00', '11.10'), paidFor(line('A1', 'sale', '37.00', '-11.10', '25.90'))),
    ).toBe('matched');
  });

  it.each([
    [
      'another amount',
      order('A2', '37.00', '11.10'),
      [line('A2', 'sale', '36.00', '11.10', '24.90')],
      'amount_differs',
    ],
    [
      'another fee',
      order('A3', '37.00', '11.10'),
      [line('A3', 'sale', '37.00', '12.00', '25.00')],
      'fee_differs',
    ],
    [
      'a refund row',
      order('A4', '37.00', '11.10'),
      [line('A4', 'sale', '37.00', '11.10', '25.90'), line('A4', 'refund', '-5.00', '0', '-5.00')],
      'refunded',
    ],
    [
      'an error charge',
      order('A5', '30.00', '9.00'),
      [line('A5', 'sale', '30.00', '9.00', '21.00'), line('A5', 'adjustment', '0', '0', '-4.50')],
      'adjusted',
    ],
    [
      'canceled there, counted here',
      order('A6', '20.00', '6.00'),
      [line('A6', 'canceled', '0', '0', '0')],
      'amount_differs',
    ],
    [
      'canceled on both sides',
      order('A7', '20.00', '6.00', 'Canceled'),
      [line('A7', 'canceled', '0', '0', '0')],
      'matched',
    ],
    [
      'paid for an order we canceled',
      order('A8', '20.00', '6.00', 'Canceled'),
      [line('A8', 'sale', '20.00', '6.00', '14.00')],
      'amount_differs',
    ],
  ] as const)('with %s is %s', (_, ledger, lines, state) => {
    expect(reconcileOrder(ledger, paidFor(...lines))).toBe(state);
  });

  it('compares no fee for an order without one (the platforms send none with a webhook order)', () => {
    expect(
      reconcileOrder(order('A9', '37.00', '0'), paidFor(line('A9', 'sale', '37.00', '11.10', '25.90'))),
    ).toBe('matched');
  });

  it('is missing when only the platform has it, unpaid when only we do, and nothing for a canceled order of ours alone', () => {
    expect(reconcileOrder(null, paidFor(line('B1', 'sale', '10.00', '3.00', '7.00')))).toBe('missing');
    expect(reconcileOrder(order('B2', '10.00', '3.00'), null)).toBe('unpaid');
    expect(reconcileOrder(order('B3', '10.00', '3.00', 'Canceled'), null)).toBeNull();
  });
});

describe('a fortnight reconciled', () => {
  const ledger = [order('C1', '37.00', '11.10'), order('C2', '20.00', '6.00'), order('C3', '15.00', '4.50')];
  const lines = [
    line('C1', 'sale', '37.00', '11.10', '25.90'),
    line('C2', 'sale', '20.00', '7.00', '13.00'),
    line('C9', 'sale', '12.00', '3.60', '8.40'),
  ];

  it('lists every order once with its state, and adds each location and platform up to the cent', () => {
    const orders = reconcile(ledger, payoutOrders(lines), () => true);
    expect(orders.map((o) => [o.externalId, o.state])).toEqual([
      ['C1', 'matched'],
      ['C2', 'fee_differs'],
      ['C3', 'unpaid'],
      ['C9', 'missing'],
    ]);
    const [totals] = reconciliationTotals(orders);
    expect(totals).toMatchObject({
      counts: {
        matched: 1,
        fee_differs: 1,
        unpaid: 1,
        missing: 1,
        amount_differs: 0,
        refunded: 0,
        adjusted: 0,
      },
      ledgerSales: toMills('72.00'),
      reportedSales: toMills('69.00'),
      ledgerFees: toMills('21.60'),
      reportedFees: toMills('21.70'),
      payout: toMills('47.30'),
    });
  });

  it('calls no order unpaid for a platform and location without a report', () => {
    const orders = reconcile(ledger, [], () => false);
    expect(orders).toEqual([]);
  });

  it('gives every order of either side exactly one row, and totals that are the sums of the rows', () => {
    // Zero often: a canceled order paid nothing is the edge between matched and amount_differs.
    const cents = fc.oneof(
      fc.constant(0),
      fc.integer({ min: 0, max: 50_000 }).map((c) => c * 10),
    );
    const entry = fc.record({
      id: fc.integer({ min: 1, max: 40 }),
      total: cents,
      fee: cents,
      ours: fc.boolean(),
      theirs: fc.constantFrom('none', 'same', 'other-amount', 'other-fee', 'refund'),
      canceled: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), (entries) => {
        const unique = [...new Map(entries.map((e) => [e.id, e])).values()];
        const ours: LedgerPayoutOrder[] = unique
          .filter((e) => e.ours)
          .map((e) => ({
            ...order(`O${e.id}`, '0', '0', e.canceled ? 'Canceled' : 'Finished'),
            total: e.total,
            platformFee: e.fee,
          }));
        const theirs: PayoutLine[] = unique.flatMap((e): PayoutLine[] => {
          const base = {
            ...line(`O${e.id}`, 'sale', '0', '0', '0'),
            sales: e.total,
            fee: e.fee,
            payout: e.total - e.fee,
          };
          if (e.theirs === 'none') return [];
          if (e.theirs === 'other-amount') return [{ ...base, sales: e.total + 10 }];
          if (e.theirs === 'other-fee') return [{ ...base, fee: e.fee + 10 }];
          if (e.theirs === 'refund')
            return [base, { ...base, kind: 'refund', sales: -10, fee: 0, payout: -10 }];
          return [base];
        });
        const rows = reconcile(ours, payoutOrders(theirs), () => true);
        const ids = rows.map((r) => r.externalId);
        expect(new Set(ids).size).toBe(ids.length);
        for (const e of unique) {
          const row = rows.find((r) => r.externalId === `O${e.id}`);
          const expected = !e.ours
            ? e.theirs === 'none'
              ? undefined
              : 'missing'
            : e.theirs === 'none'
              ? e.canceled
                ? undefined
                : 'unpaid'
              : e.theirs === 'refund'
                ? 'refunded'
                : e.canceled
                  ? e.total === 0 && e.fee === 0 && e.theirs !== 'other-amount'
                    ? 'matched'
                    : 'amount_differs'
                  : e.theirs === 'other-amount'
                    ? 'amount_differs'
                    : e.theirs === 'other-fee' && e.fee !== 0
                      ? 'fee_differs'
                      : 'matched';
          expect(row?.state).toBe(expected);
        }
        const totals = reconciliationTotals(rows);
        expect(sum(totals.map((t) => t.payout))).toBe(sum(theirs.map((l) => l.payout)));
        expect(sum(totals.map((t) => t.ledgerSales))).toBe(
          sum(
            ours
              .filter((o) => o.status !== 'Canceled' && rows.some((r) => r.externalId === o.externalId))
              .map((o) => o.total),
          ),
        );
      }),
    );
  });
});
