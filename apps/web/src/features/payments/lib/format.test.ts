import { describe, expect, it } from 'vitest';
import { duration, timeAgo } from './format';

describe('timeAgo', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  it('names the largest whole unit', () => {
    expect(timeAgo('2026-11-25T09:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-25T09:57:00Z', now)).toBe('3 minutes ago');
    expect(timeAgo('2026-11-25T07:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-24T09:00:00Z', now)).toBe('yesterday');
  });
});

describe('duration', () => {
  it('reads seconds, then minutes and seconds', () => {
    expect(duration(40)).toBe('under a second');
    expect(duration(1234)).toBe('1.2 s');
    expect(duration(95_000)).toBe('1 min 35 s');
  });
});
