import type { BrandSchedule } from '@kitchaco/domain';
import { describe, expect, it } from 'vitest';
import { brandOpenness, isSoldOut, scheduleOf } from './availability';

const weekdays = { open: '11:00', close: '21:00' };
const wire: BrandSchedule = {
  time_zone: 'Australia/Sydney',
  opening_hours: { Monday: weekdays, Tuesday: weekdays, Wednesday: weekdays, Thursday: weekdays },
  closures: [],
};
// Wednesday 2026-12-02 in Sydney (UTC+11).
const at = (local: string) => new Date(`${local}+11:00`);

describe('scheduleOf', () => {
  it('turns the wire schedule into the domain shape', () => {
    const s = scheduleOf({
      ...wire,
      closures: [
        { starts_at: '2026-12-25T00:00:00+11:00', ends_at: '2026-12-26T00:00:00+11:00', reason: 'Christmas' },
      ],
    });
    expect(s.timeZone).toBe('Australia/Sydney');
    expect(s.hours).toBe(wire.opening_hours);
    expect(s.closures[0]?.startsAt.toISOString()).toBe('2026-12-24T13:00:00.000Z');
    expect(s.closures[0]?.endsAt.toISOString()).toBe('2026-12-25T13:00:00.000Z');
  });
});

describe('brandOpenness', () => {
  it('is open within the hours, and without a schedule', () => {
    expect(brandOpenness(wire, at('2026-12-02T12:00:00'))).toEqual({ open: true, label: null });
    expect(brandOpenness(undefined, at('2026-12-02T03:00:00'))).toEqual({ open: true, label: null });
  });

  it('says when a closed brand opens: later today, or on another day', () => {
    expect(brandOpenness(wire, at('2026-12-02T08:00:00'))).toEqual({
      open: false,
      label: 'Closed · opens 11:00 AM',
    });
    // Thursday night: Friday to Sunday closed, back on Monday.
    expect(brandOpenness(wire, at('2026-12-03T22:00:00')).label).toBe('Closed · opens Mon 11:00 AM');
  });

  it('names the closure, today or until a later opening', () => {
    const holiday: BrandSchedule = {
      ...wire,
      closures: [
        {
          starts_at: '2026-12-02T00:00:00+11:00',
          ends_at: '2026-12-03T00:00:00+11:00',
          reason: 'Staff party',
        },
      ],
    };
    expect(brandOpenness(holiday, at('2026-12-02T12:00:00')).label).toBe(
      'Closed today (Staff party) · opens Thu 11:00 AM',
    );
    const afternoon: BrandSchedule = {
      ...wire,
      closures: [
        { starts_at: '2026-12-02T11:00:00+11:00', ends_at: '2026-12-02T15:00:00+11:00', reason: 'Refit' },
      ],
    };
    expect(brandOpenness(afternoon, at('2026-12-02T12:00:00')).label).toBe('Closed (Refit) · opens 3:00 PM');
  });
});

describe('isSoldOut', () => {
  const now = at('2026-12-02T12:00:00');
  it('is sold out only until the time passes', () => {
    expect(isSoldOut({ sold_out_until: '2026-12-03T11:00:00+11:00' }, now)).toBe(true);
    expect(isSoldOut({ sold_out_until: '2026-12-02T11:59:00+11:00' }, now)).toBe(false);
    expect(isSoldOut({ sold_out_until: null }, now)).toBe(false);
    expect(isSoldOut({}, now)).toBe(false);
  });
});
