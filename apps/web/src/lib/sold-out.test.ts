import { describe, expect, it } from 'vitest';
import { backAt, saleState } from './sold-out';

const zone = 'Australia/Sydney';
// Wednesday 2026-12-02 in Sydney (UTC+11).
const at = (local: string) => new Date(`${local}+11:00`);
const now = at('2026-12-02T12:00:00');

describe('saleState', () => {
  it('is on sale without a sold-out time, or once it has passed', () => {
    expect(saleState(null, zone, now)).toBe('On sale');
    expect(saleState('2026-12-02T11:00:00+11:00', zone, now)).toBe('On sale');
    expect(saleState('2026-12-02T12:00:00+11:00', zone, now)).toBe('On sale');
  });

  it('says when a meal sold out until later today is back', () => {
    expect(saleState('2026-12-02T17:30:00+11:00', zone, now)).toBe('Sold out · back 5:30 PM');
  });

  it('names the weekday when the meal is back on another day', () => {
    expect(saleState('2026-12-03T11:00:00+11:00', zone, now)).toBe('Sold out · back Thu 11:00 AM');
    expect(saleState('2026-12-07T11:00:00+11:00', zone, now)).toBe('Sold out · back Mon 11:00 AM');
  });

  it("reads the time on the location's clock, whatever the instant's offset", () => {
    // 00:00 UTC on Thursday is 11:00 AM on Thursday in Sydney, and 4:00 PM on Wednesday in Los Angeles.
    expect(saleState('2026-12-03T00:00:00Z', zone, now)).toBe('Sold out · back Thu 11:00 AM');
    expect(saleState('2026-12-03T00:00:00Z', 'America/Los_Angeles', new Date('2026-12-02T20:00:00Z'))).toBe(
      'Sold out · back 4:00 PM',
    );
  });
});

describe('backAt', () => {
  it('gives the time alone, for "sold out until …" (the kitchen panel\'s notice)', () => {
    expect(backAt('2026-12-02T17:30:00+11:00', zone, now)).toBe('5:30 PM');
    expect(backAt('2026-12-03T11:00:00+11:00', zone, now)).toBe('Thu 11:00 AM');
  });
});
