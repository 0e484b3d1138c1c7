import { describe, expect, it } from 'vitest';
import { allDayOn, hoursToRows, rowProblem, rowsToHours, zonedInputToIso } from './hours';

describe('weekly hours rows', () => {
  it('round-trips hours, a missing day closed and midnight as 00:00 on the form', () => {
    const hours = { Monday: { open: '11:00', close: '21:00' }, Friday: { open: '17:00', close: '24:00' } };
    const rows = hoursToRows(hours);
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.day === 'Tuesday')?.open).toBe(false);
    expect(rows.find((r) => r.day === 'Friday')).toEqual({
      day: 'Friday',
      open: true,
      from: '17:00',
      to: '00:00',
    });
    expect(rowsToHours(rows)).toEqual(hours);
  });

  it('says when a day closes before it opens', () => {
    expect(rowProblem({ day: 'Monday', open: true, from: '21:00', to: '11:00' })).toBe(
      'The closing time must be after the opening time.',
    );
    expect(rowProblem({ day: 'Monday', open: true, from: '21:00', to: '00:00' })).toBeNull();
    expect(rowProblem({ day: 'Monday', open: false, from: '', to: '' })).toBeNull();
  });
});

describe('closure times on the location clock', () => {
  it('reads a datetime-local value and a whole day in the location time zone', () => {
    expect(zonedInputToIso('2026-12-25T09:30', 'Australia/Sydney')).toBe('2026-12-24T22:30:00.000Z');
    expect(allDayOn('2026-12-25', 'Australia/Sydney')).toEqual({
      starts_at: '2026-12-24T13:00:00.000Z',
      ends_at: '2026-12-25T13:00:00.000Z',
    });
    expect(zonedInputToIso('', 'Australia/Sydney')).toBeNull();
  });
});
