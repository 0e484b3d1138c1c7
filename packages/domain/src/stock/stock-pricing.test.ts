import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../constants.js';
import { addDays, weekdayOfDate } from '../dates/business-time.js';
import { toFixedString, toMills } from '../money/money.js';
import { stockLineInput } from './stock.schemas.js';
import {
  deliveryCover,
  isBelowMinimum,
  priceStockOrder,
  recommendStock,
  roundUpToUnit,
  sameAmount,
  WEEKDAY_SHORT,
} from './stock-pricing.js';

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

describe('roundUpToUnit', () => {
  it.each([
    // quantity, whole units, recommended
    [0, true, 0],
    [10, true, 10],
    [5.03125, true, 6], // rounds up
    [1.0000000000000002, false, 1], // 1.0 exactly: no rounding up for float noise
    [1.0416, false, 1.1], // up to 0.1
  ])('%d (whole %s) -> %d', (quantity, whole, expected) => {
    expect(roundUpToUnit(quantity, whole)).toBe(expected);
  });
});

describe('deliveryCover', () => {
  const monThu = ['Monday', 'Thursday'] as const;
  it('covers from the next delivery day up to, not including, the one after it', () => {
    // Friday 27 Nov 2026: delivered Monday 30 Nov, lasts until Thursday 3 Dec.
    expect(deliveryCover('2026-11-27', monThu)).toEqual({
      deliveryDay: 'Monday',
      nextDeliveryDay: 'Thursday',
      covers: ['Monday', 'Tuesday', 'Wednesday'],
    });
    // Monday is a delivery day itself: an order placed on it comes on Thursday, lasting to Monday.
    expect(deliveryCover('2026-11-30', monThu)).toEqual({
      deliveryDay: 'Thursday',
      nextDeliveryDay: 'Monday',
      covers: ['Thursday', 'Friday', 'Saturday', 'Sunday'],
    });
    expect(deliveryCover('2026-12-02', monThu)?.deliveryDay).toBe('Thursday'); // Wednesday
  });

  it('covers a whole week with one delivery day, and nothing without any', () => {
    expect(deliveryCover('2026-12-01', ['Tuesday'])).toEqual({
      deliveryDay: 'Tuesday',
      nextDeliveryDay: 'Tuesday',
      covers: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'Monday'],
    });
    expect(deliveryCover('2026-12-01', [])).toBeNull();
  });
});

describe('recommendStock', () => {
  // A hand-computed case. Buns used on each weekday over the last 16 weeks (112 days), and the
  // average of each weekday (usage / 16):
  //
  //   Mon  52 / 16 = 3.25      Fri  88 / 16 = 5.5
  //   Tue  40 / 16 = 2.5       Sat 120 / 16 = 7.5
  //   Wed  64 / 16 = 4         Sun  70 / 16 = 4.375
  //   Thu  36 / 16 = 2.25      (470 in all: 29.375 a week)
  //
  // A location delivering Monday and Thursday:
  //   delivered Monday, lasts Mon-Wed:       3.25 + 2.5 + 4          =  9.75  -> 10 buns
  //   delivered Thursday, lasts Thu-Sun:     2.25 + 5.5 + 7.5 + 4.375 = 19.625 -> 20 buns
  //   weighed (kg) the same figures:          9.75 -> 9.8 kg, 19.625 -> 19.7 kg
  // The old rule gave 29.375 / 2 = 14.6875 -> 15 for both deliveries.
  // Without delivery days an order lasts the whole week: 29.375 -> 30.
  const usage = [52, 40, 64, 36, 88, 120, 70];
  const perWeekday = { Mon: 3.25, Tue: 2.5, Wed: 4, Thu: 2.25, Fri: 5.5, Sat: 7.5, Sun: 4.375 };
  const monThu = ['Monday', 'Thursday'] as const;
  const friday = '2026-11-27';
  const monday = '2026-11-30';

  it('sums the weekday averages of the days a Monday delivery covers', () => {
    expect(recommendStock(usage, deliveryCover(friday, monThu), true)).toEqual({
      recommended: 10,
      recommendation: {
        covers: ['Mon', 'Tue', 'Wed'],
        delivery_day: 'Monday',
        next_delivery_day: 'Thursday',
        per_weekday: perWeekday,
        total: 9.75,
        weeks: 16,
      },
    });
    expect(recommendStock(usage, deliveryCover(friday, monThu), false).recommended).toBe(9.8);
  });

  it('sums the weekday averages of the days a Thursday delivery covers: a different figure', () => {
    const { recommended, recommendation } = recommendStock(usage, deliveryCover(monday, monThu), true);
    expect(recommended).toBe(20);
    expect(recommendation).toMatchObject({
      covers: ['Thu', 'Fri', 'Sat', 'Sun'],
      delivery_day: 'Thursday',
      next_delivery_day: 'Monday',
      total: 19.625,
    });
    expect(recommendStock(usage, deliveryCover(monday, monThu), false).recommended).toBe(19.7);
  });

  it('covers the whole week without delivery days, and recommends nothing without usage', () => {
    expect(recommendStock(usage, null, true)).toEqual({ recommended: 30 });
    expect(recommendStock([0, 0, 0, 0, 0, 0, 0], deliveryCover(friday, monThu), true)).toMatchObject({
      recommended: 0,
      recommendation: { total: 0 },
    });
  });

  it('adds up the days covered over every week, whatever the delivery days', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 7, maxLength: 7 }),
        fc.subarray([...WEEKDAYS], { minLength: 1 }),
        (used, days) => {
          // Over the seven days of a week, the orders of one week cover each weekday exactly once.
          let total = 0;
          const seen: string[] = [];
          for (let d = 0; d < 7; d++) {
            const today = addDays('2026-11-23', d - 1);
            if (!days.includes(weekdayOfDate(addDays(today, 1)))) continue;
            const r = recommendStock(used, deliveryCover(today, days), true).recommendation!;
            total += r.total;
            seen.push(...r.covers);
          }
          expect(seen.sort()).toEqual([...WEEKDAY_SHORT].sort());
          expect(total).toBeCloseTo(used.reduce((a, b) => a + b, 0) / 16, 5);
        },
      ),
    );
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
