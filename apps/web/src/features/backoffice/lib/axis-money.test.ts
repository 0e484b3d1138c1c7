import { describe, expect, it } from 'vitest';
import { axisMoney } from './axis-money';

describe('axisMoney', () => {
  it('writes whole dollars, thousands as k', () => {
    expect(axisMoney(0)).toBe('$0');
    expect(axisMoney(500)).toBe('$500');
    expect(axisMoney(12_000)).toBe('$12k');
    expect(axisMoney(2_500)).toBe('$2.5k');
  });

  it('puts the sign before the dollar', () => {
    expect(axisMoney(-2_500)).toBe('-$2.5k');
    expect(axisMoney(-400)).toBe('-$400');
    expect(axisMoney(-12_000)).toBe('-$12k');
  });

  it('never writes a negative zero', () => {
    expect(axisMoney(-0.2)).toBe('$0');
  });
});
