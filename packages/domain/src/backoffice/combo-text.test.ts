import { describe, expect, it } from 'vitest';
import { formatComboText, parseComboText } from './combo-text.js';

describe('marketplace combo text', () => {
  it('reads name~quantity=price entries, price optional', () => {
    expect(parseComboText('Extra cheese~2=1.50, No onion~1')).toEqual([
      { name: 'Extra cheese', quantity: 2, price: 1.5 },
      { name: 'No onion', quantity: 1, price: 0 },
    ]);
  });

  it('treats a bare name as one of it and skips empty entries', () => {
    expect(parseComboText('Chips,, ')).toEqual([{ name: 'Chips', quantity: 1, price: 0 }]);
    expect(parseComboText('')).toEqual([]);
    expect(parseComboText(null)).toEqual([]);
  });

  it('keeps a tilde inside a name', () => {
    expect(parseComboText('Salt~n~Pepper~3=0.5')).toEqual([
      { name: 'Salt~n~Pepper', quantity: 3, price: 0.5 },
    ]);
  });

  it('formats what it parses', () => {
    const text = 'Extra cheese~2=1.50, No onion~1';
    expect(formatComboText(parseComboText(text))).toBe(text);
  });
});
