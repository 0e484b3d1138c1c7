import { describe, expect, it } from 'vitest';
import { eventName, eventReference, inboxDateTime, inboxTime, olderPageCursor } from './inbox';

describe('inboxTime', () => {
  it.each([
    // Melbourne in summer (AEDT, +11) and winter (AEST, +10).
    ['2026-11-19T01:30:05.123Z', '19 Nov 2026 12:30:05 PM'],
    ['2026-06-30T14:00:00Z', '01 Jul 2026 12:00:00 AM'],
    ['2026-06-30T23:59:59Z', '01 Jul 2026 09:59:59 AM'],
    ['2026-01-31T12:07:09Z', '31 Jan 2026 11:07:09 PM'],
  ])('%s reads %s on the business clock', (iso, shown) => {
    expect(inboxTime(iso)).toBe(shown);
  });

  it('splits into the date and the time for a narrow column', () => {
    expect(inboxDateTime('2026-11-19T01:30:05Z')).toEqual({ date: '19 Nov 2026', time: '12:30:05 PM' });
  });
});

describe('eventReference', () => {
  it("is the platform's order id when the event names one", () => {
    expect(eventReference({ resource_id: 'ord-9', event_id: 'evt-1' })).toEqual({
      kind: 'order',
      id: 'ord-9',
    });
  });
  it("falls back to the event's id", () => {
    expect(eventReference({ resource_id: null, event_id: 'evt-1' })).toEqual({ kind: 'event', id: 'evt-1' });
    expect(eventReference({ resource_id: '', event_id: 'evt-2' })).toEqual({ kind: 'event', id: 'evt-2' });
  });
});

describe('eventName', () => {
  it("names the platform as people write it and the platform's event id", () => {
    expect(eventName({ platform: 'uber_eats', event_id: 'evt-1' })).toBe('Uber Eats event evt-1');
    expect(eventName({ platform: 'doordash', event_id: 'a b' })).toBe('DoorDash event a b');
  });
});

describe('olderPageCursor', () => {
  const rows = (...ids: number[]) => ids.map((id) => ({ id }));
  it('is the last id of a full page', () => {
    expect(olderPageCursor(rows(9, 7, 4), 3)).toBe(4);
  });
  it('is absent after a short or empty page: there is nothing older', () => {
    expect(olderPageCursor(rows(9, 7), 3)).toBeUndefined();
    expect(olderPageCursor([], 3)).toBeUndefined();
  });
});
