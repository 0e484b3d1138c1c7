import type { Kitchen, Vendor } from '@kitchaco/domain';

export interface KitchenGroup {
  kitchen: Kitchen;
  vendors: Vendor[];
}

/** Kitchens in the order of the vendor filters, then any the filters do not list, by title. */
function kitchenRank(order: readonly Kitchen[]) {
  const rank = new Map(order.map((k, i) => [k.id, i]));
  return (a: Kitchen, b: Kitchen) =>
    (rank.get(a.id) ?? order.length) - (rank.get(b.id) ?? order.length) || a.title.localeCompare(b.title);
}

/** The kitchens the brands have between them, each once, in the filters' order. */
export function kitchensOf(vendors: readonly Vendor[], order: readonly Kitchen[]): Kitchen[] {
  const byId = new Map(vendors.flatMap((v) => v.kitchens).map((k) => [k.id, k]));
  return [...byId.values()].sort(kitchenRank(order));
}

/**
 * Brands grouped by kitchen title, each brand exactly once: under its first kitchen in the filters'
 * order (a burger-and-chicken brand shows under Burgers only; the Chicken filter still finds it).
 * Brands without a kitchen come last, under "More restaurants" (kitchen id 0).
 */
export function groupVendorsByKitchen(vendors: readonly Vendor[], order: readonly Kitchen[]): KitchenGroup[] {
  const compare = kitchenRank(order);
  const groups = new Map<number, KitchenGroup>();
  const unsorted: Vendor[] = [];
  for (const vendor of vendors) {
    const [primary] = [...vendor.kitchens].sort(compare);
    if (!primary) {
      unsorted.push(vendor);
      continue;
    }
    const group = groups.get(primary.id) ?? { kitchen: primary, vendors: [] };
    group.vendors.push(vendor);
    groups.set(primary.id, group);
  }
  const sorted = [...groups.values()].sort((a, b) => compare(a.kitchen, b.kitchen));
  return unsorted.length > 0
    ? [...sorted, { kitchen: { id: 0, title: 'More restaurants' }, vendors: unsorted }]
    : sorted;
}

/**
 * A kitchen's name in the address (`/?cuisine=korean`): its title in lower case with dashes. Never
 * only digits: the customer app reads a digits-only value as the website's location link.
 */
export function kitchenSlug(kitchen: Kitchen): string {
  const slug = kitchen.title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug === '' || /^\d+$/.test(slug) ? `kitchen-${kitchen.id}` : slug;
}

/** The brands with a kitchen (any of theirs), in the list's order. */
export function vendorsOfKitchen(vendors: readonly Vendor[], kitchenId: number): Vendor[] {
  return vendors.filter((v) => v.kitchens.some((k) => k.id === kitchenId));
}
