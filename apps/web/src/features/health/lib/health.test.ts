import { describe, expect, it } from 'vitest';
import { ago, waited, worstLevel } from './health';

describe('health page wording', () => {
  const now = Date.parse('2026-11-27T09:00:00Z');
  it('says how long ago, in the largest unit that reads well', () => {
    expect(ago(null, now)).toBe('never');
    expect(ago('2026-11-27T08:59:15Z', now)).toBe('45 s ago');
    expect(ago('2026-11-27T08:30:00Z', now)).toBe('30 min ago');
    expect(ago('2026-11-27T03:00:00Z', now)).toBe('6 h ago');
    expect(ago('2026-11-20T09:00:00Z', now)).toBe('7 days ago');
  });

  it('takes the worst level for the page title', () => {
    expect(worstLevel(['ok', 'attention', 'ok'])).toBe('attention');
    expect(worstLevel(['ok', 'failing', 'attention'])).toBe('failing');
    expect(worstLevel(['ok'])).toBe('ok');
  });

  it('shows waiting times in seconds, then minutes', () => {
    expect(waited(null)).toBe('—');
    expect(waited(45)).toBe('45 s');
    expect(waited(600)).toBe('10 min');
  });
});
