import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../constants.js';
import { brandHours, endOfTradingDay, nextOpenAt, onSaleAt, openAt, type Schedule } from './availability.js';

// Melbourne is on daylight time (+11:00) in November; 2026-11-18 is a Wednesday.
const TZ = 'Australia/Melbourne';
const everyDay = (open: string, close: string) =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, { open, close }]));
const location: Schedule = { timeZone: TZ, hours: everyDay('11:00', '21:00'), closures: [] };
const at = (iso: string) => new Date(iso);

describe('brandHours', () => {
  it('narrows each day to the later opening and the earlier closing; a day either lacks is closed', () => {
    const place = {
      Monday: { open: '11:00', close: '21:00' },
      Tuesday: { open: '11:00', close: '21:00' },
      Wednesday: { open: '11:00', close: '15:00' },
    };
    const brand = { Monday: { open: '17:00', close: '23:00' }, Wednesday: { open: '16:00', close: '20:00' } };
    expect(brandHours(place, brand)).toEqual({ Monday: { open: '17:00', close: '21:00' } });
  });

  it("is the location's hours when the brand has none", () => {
    expect(brandHours(location.hours, null)).toBe(location.hours);
  });
});

describe('openAt', () => {
  it('is open from the opening time up to (not at) the closing time, on the local clock', () => {
    expect(openAt(at('2026-11-18T00:00:00Z'), location)).toBe(true); // Wed 11:00
    expect(openAt(at('2026-11-17T23:59:00Z'), location)).toBe(false); // Wed 10:59
    expect(openAt(at('2026-11-18T08:20:00Z'), location)).toBe(true); // Wed 19:20
    expect(openAt(at('2026-11-18T10:00:00Z'), location)).toBe(false); // Wed 21:00
  });

  it('is closed inside a closure and needs every schedule open', () => {
    const closed: Schedule = {
      ...location,
      closures: [{ startsAt: at('2026-11-18T01:00:00Z'), endsAt: at('2026-11-18T03:00:00Z') }],
    };
    expect(openAt(at('2026-11-18T02:00:00Z'), closed)).toBe(false); // Wed 13:00, closed 12:00-14:00
    expect(openAt(at('2026-11-18T03:00:00Z'), closed)).toBe(true); // Wed 14:00: the end is open
    expect(openAt(at('2026-11-18T02:00:00Z'), location, closed)).toBe(false);
  });
});

describe('nextOpenAt', () => {
  it('is now when open, else the next opening on the local clock', () => {
    expect(nextOpenAt(at('2026-11-18T08:20:00Z'), location)).toEqual(at('2026-11-18T08:20:00Z'));
    // Wed 21:30 → Thu 11:00 local = Thu 00:00 UTC.
    expect(nextOpenAt(at('2026-11-18T10:30:00Z'), location)).toEqual(at('2026-11-19T00:00:00Z'));
  });

  it('skips a closure spanning an opening: open at its end', () => {
    // Closed Thu 10:00-13:00 local: the 11:00 opening is lost, the kitchen opens at 13:00.
    const closed: Schedule = {
      ...location,
      closures: [{ startsAt: at('2026-11-18T23:00:00Z'), endsAt: at('2026-11-19T02:00:00Z') }],
    };
    expect(nextOpenAt(at('2026-11-18T10:30:00Z'), closed)).toEqual(at('2026-11-19T02:00:00Z'));
  });

  it('waits for every schedule: a brand opening at 17:00 within a location open from 11:00', () => {
    const brand: Schedule = { ...location, hours: brandHours(location.hours, everyDay('17:00', '23:00')) };
    // Wed 12:00 local → Wed 17:00 local (06:00 UTC).
    expect(nextOpenAt(at('2026-11-18T01:00:00Z'), location, brand)).toEqual(at('2026-11-18T06:00:00Z'));
  });

  it('is null when nothing opens within the window', () => {
    expect(nextOpenAt(at('2026-11-18T01:00:00Z'), { timeZone: TZ, hours: {}, closures: [] })).toBeNull();
  });
});

describe('endOfTradingDay', () => {
  it('is the next opening on a later local day', () => {
    // Set Wed 20:00 local (09:00 UTC) → Thu 11:00 local (Thu 00:00 UTC).
    expect(endOfTradingDay(at('2026-11-18T09:00:00Z'), location)).toEqual(at('2026-11-19T00:00:00Z'));
    // Set Wed 10:00 local, before the day's opening: still the next day's.
    expect(endOfTradingDay(at('2026-11-17T23:00:00Z'), location)).toEqual(at('2026-11-19T00:00:00Z'));
  });

  it('is midnight for a kitchen open around the clock, and skips a closed next day', () => {
    const always: Schedule = { timeZone: TZ, hours: everyDay('00:00', '24:00'), closures: [] };
    expect(endOfTradingDay(at('2026-11-18T09:00:00Z'), always)).toEqual(at('2026-11-18T13:00:00Z'));
    const { Thursday: _, ...noThursday } = location.hours;
    const closedThursday: Schedule = { ...location, hours: noThursday };
    // Wed 20:00 → Fri 11:00 local (Fri 00:00 UTC).
    expect(endOfTradingDay(at('2026-11-18T09:00:00Z'), closedThursday)).toEqual(at('2026-11-20T00:00:00Z'));
  });
});

describe('onSaleAt', () => {
  it('is on sale without an end, or from the end on', () => {
    expect(onSaleAt(null, at('2026-11-18T09:00:00Z'))).toBe(true);
    expect(onSaleAt('2026-11-19T00:00:00Z', at('2026-11-18T09:00:00Z'))).toBe(false);
    expect(onSaleAt('2026-11-19T00:00:00Z', at('2026-11-19T00:00:00Z'))).toBe(true);
  });
});
