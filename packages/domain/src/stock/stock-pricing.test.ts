import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toFixedString, toMills } from '../money/money.js';
import { stockLineInput } from './stock.schemas.js';
import { isBelowMinimum, priceStockOrder, recommendedQuantity, sameAmount } from './stock-pricing.js';

describe('priceStockOrder', () => {
  it('prices lines at 2 dp, GST at 3 dp only with has_gst, and the order at 2 dp with the fee', () => {
    const order = priceStockOrder(
      [
        { price: toMills('12.345'), qty: 3, hasGst: true }, // 37.035 -> 37.04; GST 3.7035 -> 3.704
        { price: toMills('4.99'), qty: 2, hasGst: false }, // 9.98, no GST
        { price: toMills('7.10'), qty: 1.5, hasGst: true }, // 10.65; GST 1.065
      ],
      { deliveryCharge: toMills('25') },
    );
    expect(order.lines.map((l) => [toFixedString(l.subTotal), toFixedString(l.gst, 3)])).toEqual([
      ['37.04', '3.704'],
      ['9.98', '0.000'],
      ['10.65', '1.065'],
    ]);
    expect(toFixedString(order.subTotal)).toBe('57.67');
    expect(toFixedString(order.gst)).toBe('4.77');
    expect(toFixedString(order.total)).toBe('87.44');
  });

  it('subtracts a removed fee through the admin adjustment', () => {
    const order = priceStockOrder([{ price: toMills('10'), qty: 1, hasGst: false }], {
      deliveryCharge: toMills('25'),
      adminAdjustment: toMills('-25'),
    });
    expect(toFixedString(order.total)).toBe('10.00');
  });

  it('total is always sub total + GST + charges, and never negative for non-negative input', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 0, max: 500_000 }),
            qty: fc.integer({ min: 0, max: 50_000 }).map((q) => q / 1000),
            hasGst: fc.boolean(),
          }),
          { maxLength: 30 },
        ),
        fc.integer({ min: 0, max: 100_000 }).map((c) => c * 10),
        (lines, fee) => {
          const order = priceStockOrder(lines, { deliveryCharge: fee });
          expect(order.total).toBe(order.subTotal + order.gst + fee);
          expect(order.subTotal % 10).toBe(0);
          expect(order.gst % 10).toBe(0);
          expect(order.total).toBeGreaterThanOrEqual(0);
          order.lines.forEach((l, i) => {
            expect(l.gst === 0 || lines[i]!.hasGst).toBe(true);
            expect(l.subTotal % 10).toBe(0);
          });
        },
      ),
    );
  });
});

describe('isBelowMinimum and sameAmount', () => {
  it('compares to the minimum and ignores a zero minimum', () => {
    expect(isBelowMinimum(toMills('99.99'), toMills('100'))).toBe(true);
    expect(isBelowMinimum(toMills('100'), toMills('100'))).toBe(false);
    expect(isBelowMinimum(0, 0)).toBe(false);
  });
  it('accepts a missing client figure and one equal to the cent', () => {
    expect(sameAmount(undefined, 1234)).toBe(true);
    expect(sameAmount(1.23, 1230)).toBe(true);
    expect(sameAmount(1.24, 1230)).toBe(false);
  });
});

describe('recommendedQuantity', () => {
  it.each([
    // usage over 112 days, delivery days a week, whole units, recommended
    [0, 2, true, 0],
    [160, 1, true, 10], // 10 a week, one delivery
    [160, 2, true, 5], // 10 a week over two deliveries
    [161, 2, true, 6], // 5.03 rounds up
    [48, 3, false, 1], // 1.0 exactly: no rounding up for float noise
    [50, 3, false, 1.1], // 1.0416 up to 0.1
    [16, 0, true, 1], // no delivery days listed: one delivery a week
  ])('usage %d with %d delivery days (whole %s) -> %d', (usage, days, whole, expected) => {
    expect(recommendedQuantity(usage, days, whole)).toBe(expected);
  });
});

describe('stockLineInput', () => {
  it('refuses negative and over-precise quantities and lines without an item', () => {
    expect(stockLineInput.safeParse({ id: 1, qty: -1 }).success).toBe(false);
    expect(stockLineInput.safeParse({ id: 1, qty: 1.0001 }).success).toBe(false);
    expect(stockLineInput.safeParse({ qty: 1 }).success).toBe(false);
    expect(stockLineInput.safeParse({ stock_list_id: 3, qty: 2.5 }).success).toBe(true);
  });
});
