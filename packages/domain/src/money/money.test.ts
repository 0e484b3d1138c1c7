import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstOfInclusive, netOfInclusive, priceLine, totalOrder } from './gst.js';
import {
  applyRate,
  divide,
  formatAUD,
  multiply,
  roundMills,
  toAmount,
  toFixedString,
  toMills,
} from './money.js';

describe('money', () => {
  it.each([
    ['12.5', 12_500],
    ['0.1', 100],
    ['-3.125', -3125],
    ['7', 7000],
    [0.1 + 0.2, 300],
    [19.99, 19_990],
  ])('parses %s exactly', (input, mills) => {
    expect(toMills(input)).toBe(mills);
  });

  it('refuses what is not an amount', () => {
    expect(() => toMills('12.3456')).toThrow(RangeError);
    expect(() => toMills('abc')).toThrow(RangeError);
    expect(() => toMills(Number.NaN)).toThrow(RangeError);
  });

  it.each([
    // price, qty, expected sub total (2 dp)
    ['2.35', 3, '7.05'],
    ['0.333', 3, '1.00'],
    ['1.005', 1, '1.01'],
    ['19.99', '2.5', '49.98'],
    ['4.15', '0.333', '1.38'],
  ])('multiplies %s x %s = %s at 2 decimals, half away from zero', (price, qty, expected) => {
    expect(toFixedString(multiply(toMills(price), qty))).toBe(expected);
  });

  it('prices a line as the spec says: sub total 2 dp, GST 10% at 3 dp only with GST', () => {
    expect(priceLine(toMills('12.345'), 1, true)).toEqual({ subTotal: 12_350, gst: 1235, total: 13_585 });
    expect(priceLine(toMills('4.99'), 3, true)).toEqual({ subTotal: 14_970, gst: 1497, total: 16_467 });
    expect(priceLine(toMills('4.99'), 3, false)).toEqual({ subTotal: 14_970, gst: 0, total: 14_970 });
  });

  it('totals an order at 2 decimals with extra charges', () => {
    const lines = [priceLine(toMills('4.99'), 3, true), priceLine(toMills('10.00'), 2, false)];
    const order = totalOrder(lines, [toMills('25')]);
    expect(toFixedString(order.subTotal)).toBe('34.97');
    expect(toFixedString(order.gst)).toBe('1.50');
    expect(toFixedString(order.total)).toBe('61.47');
  });

  it('splits GST out of inclusive amounts (gross/11 and gross/1.1)', () => {
    expect(toFixedString(gstOfInclusive(toMills('110')))).toBe('10.00');
    expect(toFixedString(netOfInclusive(toMills('110')))).toBe('100.00');
    expect(toFixedString(gstOfInclusive(toMills('100')))).toBe('9.09');
    expect(toFixedString(netOfInclusive(toMills('100')))).toBe('90.91');
  });

  it('applies rates and divides exactly', () => {
    expect(toFixedString(applyRate(toMills('100'), '0.0123'))).toBe('1.23');
    expect(toFixedString(applyRate(toMills('1234.56'), '0.3'))).toBe('370.37');
    expect(toFixedString(divide(toMills('10'), 3))).toBe('3.33');
  });

  it('formats for people in AUD', () => {
    expect(formatAUD(toMills('1234.5'))).toBe('$1,234.50');
    expect(toAmount(toMills('12.50'))).toBe(12.5);
  });

  const cents = fc.integer({ min: 0, max: 10_000_000 }).map((c) => c * 10);
  const quantity = fc.integer({ min: 0, max: 1000 });

  it('property: a line total is always its sub total plus its GST, and GST is 10% within half a mill', () => {
    fc.assert(
      fc.property(cents, quantity, fc.boolean(), (price, qty, hasGst) => {
        const line = priceLine(price, qty, hasGst);
        expect(line.total).toBe(line.subTotal + line.gst);
        expect(line.subTotal % 10).toBe(0);
        expect(Math.abs(line.gst - (hasGst ? (price * qty) / 10 : 0))).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('property: whole-cent prices times whole quantities need no rounding', () => {
    fc.assert(
      fc.property(cents, quantity, (price, qty) => {
        expect(multiply(price, qty)).toBe(price * qty);
      }),
    );
  });

  it('property: rounding is idempotent and moves by less than half a step', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (mills) => {
        const rounded = roundMills(mills, 2);
        expect(roundMills(rounded, 2)).toBe(rounded);
        expect(Math.abs(rounded - mills)).toBeLessThanOrEqual(5);
      }),
    );
  });

  it('property: order totals equal the sum of their parts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(cents, quantity, fc.boolean()), { maxLength: 30 }),
        cents,
        (rows, fee) => {
          const lines = rows.map(([p, q, g]) => priceLine(p, q, g));
          const order = totalOrder(lines, [fee]);
          expect(order.total).toBe(order.subTotal + order.gst + fee);
        },
      ),
    );
  });

  it('property: toFixedString and toMills round-trip at 2 decimals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }).map((c) => c * 10),
        (mills) => {
          expect(toMills(toFixedString(mills))).toBe(mills);
        },
      ),
    );
  });
});
