import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRouteLazy } from '../../../api/call';

const FIVE_MINUTES = 5 * 60_000;

export const vendorQueries = {
  all: () => ['vendors'] as const,
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...vendorQueries.all(), 'list', locationId] as const,
      queryFn: ({ signal }) => getVendors(locationId, signal),
      // Each brand's pickup estimate follows the kitchen's load: a minute old at most.
      staleTime: 60_000,
    }),
  filters: () =>
    queryOptions({
      queryKey: [...vendorQueries.all(), 'filters'] as const,
      queryFn: ({ signal }) => getVendorFilters(signal),
      staleTime: FIVE_MINUTES,
    }),
  menu: (vendorId: number) =>
    queryOptions({
      queryKey: [...vendorQueries.all(), vendorId, 'menu'] as const,
      queryFn: ({ signal }) => getVendorMenu(vendorId, signal),
      staleTime: 60_000,
    }),
};

/** The active brands of one pickup location, sorted by id, each with its kitchens. */
export function getVendors(locationId: number, signal?: AbortSignal) {
  return publicRouteLazy(
    'vendorsCalls',
    'listVendors',
    { method: 'GET', url: '/api/v1/vendors/' },
    { query: { kitchaco: locationId } },
    { signal },
  );
}

/** The kitchens (cuisines) brands are grouped by, in the server's order. */
export function getVendorFilters(signal?: AbortSignal) {
  return publicRouteLazy(
    'vendorsCalls',
    'vendorFilters',
    { method: 'GET', url: '/api/v1/vendor-filters/' },
    {},
    { signal },
  );
}

/** A brand with its enabled meals; 404 for an unknown or inactive brand. */
export function getVendorMenu(vendorId: number, signal?: AbortSignal) {
  return publicRouteLazy(
    'vendorsCalls',
    'vendorMenu',
    { method: 'GET', url: '/api/v1/vendors/:id/menu/' },
    { params: { id: vendorId } },
    { signal },
  );
}

export function useVendors(locationId: number | undefined) {
  return useQuery({ ...vendorQueries.list(locationId ?? 0), enabled: locationId !== undefined });
}

export function useVendorFilters() {
  return useQuery(vendorQueries.filters());
}

export function useVendorMenu(vendorId: number) {
  return useQuery(vendorQueries.menu(vendorId));
}
