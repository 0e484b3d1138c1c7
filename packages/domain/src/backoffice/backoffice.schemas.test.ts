import { describe, expect, it } from 'vitest';
import { deliverooDetailsUnavailableReason, uberDetailsUnavailableReason } from './backoffice.schemas.js';

describe('detail modal date rules', () => {
  it('Uber Eats details: one day, from 19 Jun 2021, up to yesterday', () => {
    const why = uberDetailsUnavailableReason;
    expect(why('2026-11-20', '2026-11-20', '2026-11-23')).toBeNull();
    expect(why('2026-11-22', '2026-11-22', '2026-11-23')).toBeNull();
    expect(why('2026-11-23', '2026-11-23', '2026-11-23')).toMatch(/up to yesterday/);
    expect(why('2021-06-18', '2021-06-18', '2026-11-23')).toMatch(/19 Jun 2021/);
    expect(why('2021-06-19', '2021-06-19', '2026-11-23')).toBeNull();
    expect(why('2026-11-01', '2026-11-02', '2026-11-23')).toMatch(/single day/);
  });

  it('Deliveroo details: a Monday-start 14-day period that ended before this week', () => {
    const why = deliverooDetailsUnavailableReason;
    // Today Monday 23 Nov 2026: the fortnight 9..22 Nov has ended.
    expect(why('2026-11-09', '2026-11-22', '2026-11-23')).toBeNull();
    // Today Sunday 22 Nov: that fortnight ends today, inside this week.
    expect(why('2026-11-09', '2026-11-22', '2026-11-22')).toMatch(/up to last week/);
    expect(why('2026-11-10', '2026-11-23', '2026-12-30')).toMatch(/starting on a Monday/);
    expect(why('2026-11-09', '2026-11-15', '2026-12-30')).toMatch(/14-day/);
  });
});
