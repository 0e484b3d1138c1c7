import { describe, expect, it } from 'vitest';
import { explainRecommendation, formatUsage } from './recommendation';

describe('explainRecommendation', () => {
  it('writes out the sum of the weekday averages a delivery covers', () => {
    const perWeekday = { Mon: 3.25, Tue: 2.5, Wed: 4, Thu: 2.25, Fri: 5.5, Sat: 7.5, Sun: 4.375 };
    expect(
      explainRecommendation({
        recommended_order: 10,
        qty_type__qty_type: 'box',
        recommendation: {
          covers: ['Mon', 'Tue', 'Wed'],
          delivery_day: 'Monday',
          next_delivery_day: 'Thursday',
          per_weekday: perWeekday,
          total: 9.75,
          weeks: 16,
        },
      }),
    ).toEqual({
      heading: 'Delivered Monday, lasts until Thursday',
      sum: 'Mon 3.25 + Tue 2.50 + Wed 4.00 = 9.75 → 10 box (average of the last 16 weeks)',
    });
  });

  it('says "next" when one delivery a week lasts until the same weekday', () => {
    const explained = explainRecommendation({
      recommended_order: 1,
      qty_type__qty_type: 'kg',
      recommendation: {
        covers: ['Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mon'],
        delivery_day: 'Tuesday',
        next_delivery_day: 'Tuesday',
        per_weekday: { Mon: 0.0625, Tue: 0, Wed: 0, Thu: 0, Fri: 0, Sat: 0, Sun: 0 },
        total: 0.0625,
        weeks: 16,
      },
    });
    expect(explained.heading).toBe('Delivered Tuesday, lasts until next Tuesday');
    expect(formatUsage(0.065625)).toBe('0.0656');
  });
});
