import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toFixedString, toMills } from '../money/money.js';
import { cartLineTotal, priceCart, promoDiscount } from './pricing.js';

describe('customer cart pricing', () => {
  it('multiplies each combo by the quantity', () => {
    expect(toFixedString(cartLineTotal(toMills('14.90'), [toMills('2.00'), toMills('4.50')], 3))).toBe(
      '64.20',
    );
  });

  it('prices a delivery cart with a percent promo', () => {
    const a = priceCart([toMills('64.20'), toMills('18.50')], toMills('6.50'), {
      percentOff: 10,
      amountOff: null,
      minSubTotal: 0,
    });
    expect(toFixedString(a.subTotal)).toBe('82.70');
    expect(toFixedString(a.discount)).toBe('8.27');
    expect(toFixedString(a.total)).toBe('80.93');
    expect(toFixedString(a.gst)).toBe('7.36');
    expect(toFixedString(a.transactionCharge)).toBe('1.00');
  });

  it('applies a fixed promo only above its minimum and never below zero', () => {
    const promo = { percentOff: null, amountOff: toMills('5'), minSubTotal: toMills('25') };
    expect(promoDiscount(toMills('24.99'), promo)).toBe(0);
    expect(promoDiscount(toMills('25'), promo)).toBe(toMills('5'));
    expect(promoDiscount(toMills('3'), { ...promo, minSubTotal: 0 })).toBe(toMills('3'));
  });

  it('property: total = sub total + delivery - discount, and never negative', () => {
    const cents = fc.integer({ min: 0, max: 1_000_000 }).map((c) => c * 10);
    fc.assert(
      fc.property(
        fc.array(cents, { maxLength: 20 }),
        cents,
        fc.integer({ min: 0, max: 100 }),
        (lines, fee, pct) => {
          const a = priceCart(lines, fee, { percentOff: pct, amountOff: null, minSubTotal: 0 });
          expect(a.total).toBe(a.subTotal + a.deliveryCharge - a.discount);
          expect(a.total).toBeGreaterThanOrEqual(0);
          expect(a.total % 10).toBe(0);
        },
      ),
    );
  });
});
