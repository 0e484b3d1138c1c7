import { describe, expect, it } from 'vitest';
import { budgetDay, phonePrefix, phoneWait, retryAfterSeconds, windowWait } from './sms-limits.js';

const at = (iso: string) => new Date(iso);
const T = '2026-11-18T02:00:00.000Z';
const plus = (ms: number) => new Date(at(T).getTime() + ms);

describe('the arithmetic of the sign-in code limits', () => {
  it('a window allowance waits until its oldest counted send leaves, and not a millisecond longer', () => {
    const sends = [plus(0), plus(1_000), plus(2_000)];
    expect(windowWait(sends, 4, 60_000, plus(3_000))).toBe(0);
    expect(windowWait(sends, 3, 60_000, plus(3_000))).toBe(57_000);
    expect(windowWait(sends, 2, 60_000, plus(3_000))).toBe(58_000);
    // Exactly one window after a send, it no longer counts.
    expect(windowWait(sends, 3, 60_000, plus(60_000))).toBe(0);
    expect(windowWait(sends, 3, 60_000, plus(59_999))).toBe(1);
  });

  it("spaces a number's codes 1, 2, 4, 8, then 10 minutes after the last, from the codes of 24 hours", () => {
    const spacing = { free: 3, firstWaitMs: 60_000, maxWaitMs: 600_000 };
    const sent = (n: number) => Array.from({ length: n }, () => plus(0));
    expect([0, 1, 2].map((n) => phoneWait(sent(n), spacing, plus(0)))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6, 7, 50].map((n) => phoneWait(sent(n), spacing, plus(0)))).toEqual([
      60_000, 120_000, 240_000, 480_000, 600_000, 600_000,
    ]);
    // Whatever came before, the next code is at most the longest wait after the last one.
    expect(phoneWait(sent(10_000), spacing, plus(600_000))).toBe(0);
    // Codes older than 24 hours no longer count.
    expect(phoneWait([plus(-86_400_000), plus(-86_400_000), plus(-86_400_000)], spacing, plus(0))).toBe(0);
  });

  it('names a range by the number without its last 4 digits, and the budget day in UTC', () => {
    expect(phonePrefix('+61412345678')).toBe('+6141234');
    expect(phonePrefix('+447700900123')).toBe('+44770090');
    expect(budgetDay(at('2026-11-18T23:59:59Z'))).toEqual({
      start: at('2026-11-18T00:00:00Z'),
      end: at('2026-11-19T00:00:00Z'),
    });
    expect(retryAfterSeconds(57_001)).toBe(58);
    expect(retryAfterSeconds(1)).toBe(1);
  });
});
