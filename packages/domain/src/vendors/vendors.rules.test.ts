import { describe, expect, it } from 'vitest';
import { toMills } from '../money/money.js';
import {
  medianPrice,
  pickupEstimate,
  priceLevel,
  priceLevelName,
  priceLevelSymbol,
} from './vendors.rules.js';

const main = (price: string) => ({ price: toMills(price), category: 'Mains' });
const other = (price: string, category: string | null = 'Sides') => ({ price: toMills(price), category });

describe('price level', () => {
  it('takes the median: the middle price, or the mean of the middle two', () => {
    expect(medianPrice([])).toBeNull();
    expect(medianPrice([toMills('19.00'), toMills('12.00'), toMills('15.00')])).toBe(toMills('15.00'));
    expect(medianPrice([toMills('10.00'), toMills('13.00')])).toBe(toMills('11.50'));
  });

  it.each([
    ['14.99', 1],
    ['15.00', 2],
    ['19.99', 2],
    ['20.00', 3],
    ['24.99', 3],
    ['25.00', 4],
    ['40.00', 4],
  ] as const)('a median main of $%s is level %i', (price, level) => {
    expect(priceLevel([main(price)])).toBe(level);
  });

  it('judges a brand on its mains, not its drinks and sides', () => {
    const meals = [
      main('21.90'),
      main('23.50'),
      main('24.00'),
      other('4.50', 'Drinks'),
      other('6.00'),
      other('7.00'),
    ];
    expect(priceLevel(meals)).toBe(3);
  });

  it('uses every meal when the brand has no mains, and null when nothing is on sale', () => {
    expect(priceLevel([other('4.00', 'Drinks'), other('5.00', null), other('9.00', 'Desserts')])).toBe(1);
    expect(priceLevel([other('26.00', 'Platters')])).toBe(4);
    expect(priceLevel([])).toBeNull();
  });

  it('reads as $ to $$$$ and in words', () => {
    expect(priceLevelSymbol(1)).toBe('$');
    expect(priceLevelSymbol(4)).toBe('$$$$');
    expect(priceLevelName(2)).toBe('Moderately priced');
  });
});

describe('pickup estimate', () => {
  const now = new Date('2026-11-18T08:03:00Z');
  const open = () => true;
  const base = { now, capacity: null, load: new Map<number, number>(), busyUntil: null, open };

  it('is the default preparation to the end of its slot on a quiet kitchen', () => {
    // Ready at 08:18 at the earliest, in the slot of 08:30: 15 to 27 minutes, shown as 15-30.
    expect(pickupEstimate(base)).toEqual({ min_minutes: 15, max_minutes: 30 });
  });

  it('is at least 10 minutes wide', () => {
    expect(pickupEstimate({ ...base, now: new Date('2026-11-18T08:00:00Z') })).toEqual({
      min_minutes: 15,
      max_minutes: 25,
    });
  });

  it('moves to the first slot with room when the next ones are full', () => {
    const load = new Map([
      [Date.parse('2026-11-18T08:30:00Z'), 4],
      [Date.parse('2026-11-18T08:45:00Z'), 4],
    ]);
    // The slot of 09:00 (08:45 to 09:00) is the first with room: 42 to 57 minutes, shown as 40-60.
    expect(pickupEstimate({ ...base, capacity: 4, load })).toEqual({ min_minutes: 40, max_minutes: 60 });
    // With room for more, the full-looking slots still take one item.
    expect(pickupEstimate({ ...base, capacity: 5, load })).toEqual({ min_minutes: 15, max_minutes: 30 });
  });

  it('is null while the brand is closed, the kitchen is busy or fully booked for hours', () => {
    expect(pickupEstimate({ ...base, open: () => false })).toBeNull();
    expect(pickupEstimate({ ...base, busyUntil: new Date('2026-11-18T08:30:00Z') })).toEqual(null);
    expect(pickupEstimate({ ...base, busyUntil: new Date('2026-11-18T08:00:00Z') })).toEqual({
      min_minutes: 15,
      max_minutes: 30,
    });
    const full = new Map(
      Array.from({ length: 20 }, (_, i) => [Date.parse('2026-11-18T08:30:00Z') + i * 15 * 60_000, 1]),
    );
    expect(pickupEstimate({ ...base, capacity: 1, load: full })).toBeNull();
  });

  it('skips slots after closing time', () => {
    // Open until 08:25: the slot of 08:30 ends after closing, so nothing is offered.
    const closesAt = Date.parse('2026-11-18T08:25:00Z');
    expect(pickupEstimate({ ...base, open: (at) => at.getTime() < closesAt })).toBeNull();
  });
});
