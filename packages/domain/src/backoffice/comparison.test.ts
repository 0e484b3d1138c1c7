import { describe, expect, it } from 'vitest';
import { previousPeriod, relativeChange } from './comparison.js';

describe('previousPeriod', () => {
  it('is the same number of days just before the chosen period', () => {
    expect(previousPeriod('2026-11-01', '2026-11-14')).toEqual({ from: '2026-10-18', to: '2026-10-31' });
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
  });

  it('compares one day with the day before, across a year end', () => {
    expect(previousPeriod('2026-01-01', '2026-01-01')).toEqual({ from: '2025-12-31', to: '2025-12-31' });
  });
});

describe('relativeChange', () => {
  it('is the change as a fraction of the previous figure', () => {
    expect(relativeChange(112.4, 100)).toBeCloseTo(0.124, 10);
    expect(relativeChange(50, 200)).toBe(-0.75);
  });

  it('measures against the size of a negative previous figure (refunds)', () => {
    expect(relativeChange(-30, -20)).toBe(-0.5);
  });

  it('has nothing to compare with when the previous figure is 0 or missing', () => {
    expect(relativeChange(10, 0)).toBeNull();
    expect(relativeChange(10, undefined)).toBeNull();
  });
});
