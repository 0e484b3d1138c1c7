import { describe, expect, it } from 'vitest';
import { EMPTY_CART } from './cart';
import { storedCart } from './cart-schema';

describe('the stored cart', () => {
  it('reads as the empty cart from nothing: EMPTY_CART (used before its schema loads) is what the schema gives', () => {
    expect(storedCart.parse({})).toEqual(EMPTY_CART);
  });

  it('keeps what it can of an older or damaged value and drops the rest', () => {
    const cart = storedCart.parse({ locationId: 2, lines: 'not lines', orderType: 'drone', discount: 1.5 });
    expect(cart).toEqual({ ...EMPTY_CART, locationId: 2, discount: 1.5 });
  });
});
