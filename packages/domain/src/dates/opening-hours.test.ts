import { describe, expect, it } from 'vitest';
import { isOpenAt, nextOpening } from './opening-hours.js';

const MEL = 'Australia/Melbourne';
const hours = { Monday: { open: '11:00', close: '22:00' }, Tuesday: { open: '11:00', close: '22:00' } };

describe('opening hours', () => {
  it('is open between open and close, local time', () => {
    // Monday 23 Nov 2026, 12:00 in Melbourne is 01:00 UTC.
    expect(isOpenAt(new Date('2026-11-23T01:00:00Z'), MEL, hours)).toBe(true);
    // 22:00 local is closed.
    expect(isOpenAt(new Date('2026-11-23T11:00:00Z'), MEL, hours)).toBe(false);
    // Sunday is closed.
    expect(isOpenAt(new Date('2026-11-22T01:00:00Z'), MEL, hours)).toBe(false);
  });

  it('finds the next opening', () => {
    // Sunday 12:00 local -> Monday 11:00 local (00:00 UTC).
    expect(nextOpening(new Date('2026-11-22T01:00:00Z'), MEL, hours)?.toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    // Monday 23:00 local -> Tuesday 11:00 local.
    expect(nextOpening(new Date('2026-11-23T12:00:00Z'), MEL, hours)?.toISOString()).toBe(
      '2026-11-24T00:00:00.000Z',
    );
    expect(nextOpening(new Date('2026-11-23T01:00:00Z'), MEL, {})).toBeNull();
  });
});
