import type { Vendor } from '@kitchaco/domain';
import { describe, expect, it } from 'vitest';
import { ORDER_FOR_LATER, pickupText } from './vendor-card';

const vendor = (pickup_estimate: Vendor['pickup_estimate']) => ({ pickup_estimate }) as Vendor;

describe('pickupText', () => {
  it('says when an order placed now could be picked up', () => {
    expect(pickupText(vendor({ min_minutes: 15, max_minutes: 30 }))).toBe('Pickup in 15-30 min');
  });

  it('offers an order for later when the server says none placed now could be picked up', () => {
    // An open brand whose kitchen closes before an order could be ready, is paused or is full.
    expect(pickupText(vendor(null))).toBe(ORDER_FOR_LATER);
  });

  it('says nothing when the server sent no estimate (an older server)', () => {
    expect(pickupText(vendor(undefined))).toBeNull();
  });
});
