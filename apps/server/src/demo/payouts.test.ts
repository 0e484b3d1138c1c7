import { describe, expect, it } from 'vitest';
import { lowestLocation } from './payouts.js';

describe('the demo payout report at a large scale', () => {
  it('finds the first location among more orders than a call may take as arguments', () => {
    // 300,000 orders: `Math.min(...ids)` throws "Maximum call stack size exceeded" on Node 20.
    const orders = Array.from({ length: 300_000 }, (_, i) => ({ location_id: String(7 + (i % 5)) }));
    orders.push({ location_id: '3' });
    expect(lowestLocation(orders)).toBe(3);
    expect(lowestLocation([])).toBe(Number.POSITIVE_INFINITY);
  });
});
