import { describe, expect, it } from 'vitest';
import { withEnd, withStart } from './date-range';

describe('date range', () => {
  it('keeps the end when the new start is on or before it', () => {
    const range = { start: '2026-11-01', end: '2026-11-10' };
    expect(withStart(range, '2026-11-05')).toEqual({ start: '2026-11-05', end: '2026-11-10' });
    expect(withStart(range, '2026-11-10')).toEqual({ start: '2026-11-10', end: '2026-11-10' });
    expect(withStart(range, '2026-10-01')).toEqual({ start: '2026-10-01', end: '2026-11-10' });
  });

  it('moves the end with a start after it, keeping the length', () => {
    const range = { start: '2026-11-01', end: '2026-11-10' };
    expect(withStart(range, '2026-11-20')).toEqual({ start: '2026-11-20', end: '2026-11-29' });
    expect(withStart(range, '2026-12-28')).toEqual({ start: '2026-12-28', end: '2027-01-06' });
    expect(withStart({ start: null, end: '2026-11-10' }, '2026-11-12')).toEqual({
      start: '2026-11-12',
      end: '2026-11-12',
    });
  });

  it('moves the start with an end before it, keeping the length', () => {
    const range = { start: '2026-11-10', end: '2026-11-12' };
    expect(withEnd(range, '2026-11-11')).toEqual({ start: '2026-11-10', end: '2026-11-11' });
    expect(withEnd(range, '2026-11-01')).toEqual({ start: '2026-10-30', end: '2026-11-01' });
  });

  it('leaves an unset date alone', () => {
    expect(withStart({ start: '2026-11-01', end: null }, '2026-11-20')).toEqual({
      start: '2026-11-20',
      end: null,
    });
    expect(withStart({ start: '2026-11-01', end: '2026-11-10' }, null)).toEqual({
      start: null,
      end: '2026-11-10',
    });
  });
});
