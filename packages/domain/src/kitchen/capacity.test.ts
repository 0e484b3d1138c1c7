import { describe, expect, it } from 'vitest';
import { fits, formatPickupTime, nextSlot, orderSlot, slotOf, slotsWithRoom } from './capacity.js';

const at = (iso: string) => new Date(iso);

describe('capacity slots', () => {
  it('names a slot by its end: a ready time rounded up to the quarter hour', () => {
    expect(slotOf(at('2026-11-18T08:30:00Z')).toISOString()).toBe('2026-11-18T08:30:00.000Z');
    expect(slotOf(at('2026-11-18T08:30:01Z')).toISOString()).toBe('2026-11-18T08:45:00.000Z');
    expect(slotOf(at('2026-11-18T08:44:59Z')).toISOString()).toBe('2026-11-18T08:45:00.000Z');
  });

  it('puts an ASAP order in the slot its default 15-minute preparation ends in, a scheduled one in its time', () => {
    expect(orderSlot(at('2026-11-18T08:20:00Z'), null).toISOString()).toBe('2026-11-18T08:45:00.000Z');
    expect(orderSlot(at('2026-11-18T08:15:00Z'), null).toISOString()).toBe('2026-11-18T08:30:00.000Z');
    expect(orderSlot(at('2026-11-18T08:20:00Z'), at('2026-11-18T10:05:00Z')).toISOString()).toBe(
      '2026-11-18T10:15:00.000Z',
    );
  });

  it('is the same quarter hour on the wall clock of half- and three-quarter-hour zones', () => {
    const slot = slotOf(at('2026-11-18T08:31:00Z'));
    expect(formatPickupTime(slot, 'Australia/Adelaide')).toBe('7:15 PM'); // +10:30
    expect(formatPickupTime(slot, 'Australia/Eucla')).toBe('5:30 PM'); // +8:45
    expect(formatPickupTime(slot, 'Australia/Melbourne')).toBe('7:45 PM'); // +11
  });

  it('finds the first slots with room, skipping full and closed ones', () => {
    const first = at('2026-11-18T08:45:00Z');
    const load = new Map([
      [first.getTime(), 5],
      [nextSlot(first).getTime(), 4],
    ]);
    expect(fits(4, 1, 5)).toBe(true);
    expect(fits(5, 1, 5)).toBe(false);
    expect(fits(500, 1, null)).toBe(true);
    const one = slotsWithRoom(first, 1, 5, load, { count: 2 }).map((s) => s.toISOString());
    expect(one).toEqual(['2026-11-18T09:00:00.000Z', '2026-11-18T09:15:00.000Z']);
    // Two items do not fit in 4 of 5; a closed slot is never offered.
    const two = slotsWithRoom(first, 2, 5, load, {
      count: 1,
      open: (s) => s.getTime() !== nextSlot(first, 2).getTime(),
    });
    expect(two.map((s) => s.toISOString())).toEqual(['2026-11-18T09:30:00.000Z']);
    expect(slotsWithRoom(first, 6, 5, load)).toEqual([]);
  });

  it('says the day when the time is not today', () => {
    const now = at('2026-11-18T08:20:00Z');
    expect(formatPickupTime(at('2026-11-18T09:00:00Z'), 'Australia/Melbourne', now)).toBe('8:00 PM');
    expect(formatPickupTime(at('2026-11-19T00:15:00Z'), 'Australia/Melbourne', now)).toBe('Thu 11:15 AM');
  });
});
