import { describe, expect, it } from 'vitest';
import { normalisePhone } from './phone.js';

describe('phone numbers', () => {
  it.each([
    ['+61 412 345 678', undefined, '+61412345678'],
    ['0412 345 678', 'AU', '+61412345678'],
    ['+44 7700 123456', undefined, '+447700123456'],
    ['07700 123456', 'GB', '+447700123456'],
  ] as const)('normalises %s', (input, country, expected) => {
    expect(normalisePhone(input, country)).toBe(expected);
  });

  it.each(['+1 415 555 0100', '+33 6 12 34 56 78', '0412', 'abc', ''])('refuses %s', (input) => {
    expect(normalisePhone(input)).toBeNull();
  });
});
