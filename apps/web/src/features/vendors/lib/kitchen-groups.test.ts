import type { Vendor } from '@kitchaco/domain';
import { describe, expect, it } from 'vitest';
import { groupVendorsByKitchen, kitchenSlug, kitchensOf, vendorsOfKitchen } from './kitchen-groups';

const burgers = { id: 1, title: 'Burgers' };
const chicken = { id: 2, title: 'Chicken' };
const thai = { id: 3, title: 'Thai' };
const vendor = (id: number, title: string, kitchens = [burgers]): Vendor => ({
  id,
  title,
  address: null,
  logo: null,
  image: null,
  description: null,
  kitchaco: { id: 1, location: 'Reservoir' },
  kitchens,
});

const vendors = [
  vendor(1, 'Smash Bros'),
  vendor(2, 'Cluckin Good', [chicken, burgers]),
  vendor(3, 'Bangkok Street', [thai]),
  vendor(4, 'Mystery', []),
];

describe('kitchen groups', () => {
  it('shows each brand exactly once, under its first kitchen in the filters order', () => {
    const groups = groupVendorsByKitchen(vendors, [thai, burgers, chicken]);
    expect(groups.map((g) => [g.kitchen.title, g.vendors.map((v) => v.title)])).toEqual([
      ['Thai', ['Bangkok Street']],
      ['Burgers', ['Smash Bros', 'Cluckin Good']],
      ['More restaurants', ['Mystery']],
    ]);
    const shown = groups.flatMap((g) => g.vendors.map((v) => v.id));
    expect(shown.sort()).toEqual([1, 2, 3, 4]);
  });

  it('orders kitchens the filters do not list by title, after the listed ones', () => {
    expect(kitchensOf(vendors, [chicken]).map((k) => k.title)).toEqual(['Chicken', 'Burgers', 'Thai']);
  });

  it('filters by any kitchen of a brand', () => {
    expect(vendorsOfKitchen(vendors, chicken.id).map((v) => v.title)).toEqual(['Cluckin Good']);
    expect(vendorsOfKitchen(vendors, burgers.id).map((v) => v.title)).toEqual(['Smash Bros', 'Cluckin Good']);
  });

  it('names a kitchen in the address with a slug that is never only digits', () => {
    expect(kitchenSlug({ id: 4, title: 'Middle Eastern' })).toBe('middle-eastern');
    expect(kitchenSlug({ id: 5, title: 'Café & Bakery' })).toBe('cafe-bakery');
    expect(kitchenSlug({ id: 6, title: '24' })).toBe('kitchen-6');
    expect(kitchenSlug({ id: 7, title: '—' })).toBe('kitchen-7');
  });
});
