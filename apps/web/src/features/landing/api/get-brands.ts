import type { Vendor } from '@kitchaco/domain';
import { useQuery } from '@tanstack/react-query';
import { publicRouteLazy } from '../../../api/call';

/** Every active brand of every location (a brand cooked in three locations is three vendors). */
export function useAllBrands() {
  return useQuery({
    queryKey: ['vendors', 'list', 'all'],
    queryFn: ({ signal }) =>
      publicRouteLazy(
        'vendorsCalls',
        'listVendors',
        { method: 'GET', url: '/api/v1/vendors/' },
        { query: {} },
        { signal },
      ),
    staleTime: 5 * 60_000,
  });
}

export interface Brand {
  id: number;
  title: string;
  description: string | null;
  image: string | null;
  kitchens: string[];
  locationIds: number[];
}

/** One entry per brand name, with the locations that cook it, sorted by name. */
export function groupBrands(vendors: readonly Vendor[]): Brand[] {
  const byTitle = new Map<string, Brand>();
  for (const v of vendors) {
    const brand = byTitle.get(v.title) ?? {
      id: v.id,
      title: v.title,
      description: v.description,
      image: v.image ?? v.logo,
      kitchens: [],
      locationIds: [],
    };
    for (const k of v.kitchens) if (!brand.kitchens.includes(k.title)) brand.kitchens.push(k.title);
    if (!brand.locationIds.includes(v.kitchaco.id)) brand.locationIds.push(v.kitchaco.id);
    byTitle.set(v.title, brand);
  }
  return [...byTitle.values()].sort((a, b) => a.title.localeCompare(b.title));
}
