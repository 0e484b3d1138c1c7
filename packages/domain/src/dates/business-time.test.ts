import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatWireDate,
  formatWireTime,
  fortnightEnd,
  isDeliveryDay,
  isFortnightStart,
  localDate,
  parseDeliveryDays,
  parseWireDate,
  weekdayOfDate,
  zonedInstant,
  zonedRange,
} from './business-time.js';

const MEL = 'Australia/Melbourne';

describe('business time', () => {
  it('finds the local date across the UTC day boundary', () => {
    // 14:30 UTC on 20 Nov is 01:30 on 21 Nov in Melbourne (AEDT, +11).
    expect(localDate(new Date('2026-11-20T14:30:00Z'), MEL)).toBe('2026-11-21');
    expect(localDate(new Date('2026-11-20T12:59:00Z'), MEL)).toBe('2026-11-20');
  });

  it('finds the instant of local midnight in summer and winter time', () => {
    expect(zonedInstant('2026-11-21', MEL).toISOString()).toBe('2026-11-20T13:00:00.000Z');
    expect(zonedInstant('2026-06-21', MEL).toISOString()).toBe('2026-06-20T14:00:00.000Z');
    const { start, end } = zonedRange('2026-04-05', '2026-04-05', MEL); // DST ends: a 25-hour day
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(25);
  });

  it('formats and parses the wire formats', () => {
    expect(formatWireDate('2026-03-05')).toBe('05 Mar 2026');
    expect(formatWireTime(new Date('2026-03-05T03:05:00Z'), MEL)).toBe('02:05 PM');
    expect(formatWireTime(new Date('2026-03-04T13:07:00Z'), MEL)).toBe('12:07 AM');
    expect(parseWireDate('05 Mar 2026')).toBe('2026-03-05');
    expect(parseWireDate('5 mar 2026')).toBe('2026-03-05');
    expect(parseWireDate('2026-02-28')).toBe('2026-02-28');
    expect(parseWireDate('31 Feb 2026')).toBeNull();
    expect(parseWireDate('yesterday')).toBeNull();
  });

  it('knows weekdays, delivery days and fortnights', () => {
    expect(weekdayOfDate('2026-11-23')).toBe('Monday');
    expect(parseDeliveryDays('Monday, Thursday,Funday')).toEqual(['Monday', 'Thursday']);
    // Sunday 23:30 UTC is Monday 10:30 in Melbourne.
    expect(isDeliveryDay(new Date('2026-11-22T23:30:00Z'), MEL, ['Monday'])).toBe(true);
    expect(isDeliveryDay(new Date('2026-11-22T10:00:00Z'), MEL, ['Monday'])).toBe(false);
    expect(isFortnightStart('2026-11-23')).toBe(true);
    expect(isFortnightStart('2026-11-24')).toBe(false);
    expect(fortnightEnd('2026-11-23')).toBe('2026-12-06');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
