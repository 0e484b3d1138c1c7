import { idOfSegment, prefixedPath } from './prefixed-paths';

/** Addresses of the customer site. Map and Restaurants are both tabs of `/`. */
export const CUSTOMER_PATHS = {
  home: '/',
  orders: '/orders',
  cart: '/cart',
  checkout: '/checkout',
} as const;

/** A brand's page: `/vendor:12`, the form the provider's links already use. */
export function vendorPath(vendorId: number): string {
  return prefixedPath('vendor', vendorId);
}

/** The vendor id of a `vendor:{id}` path segment, or null when the segment is not of that form. */
export function vendorIdFromSegment(segment: string | undefined): number | null {
  return idOfSegment(segment, 'vendor');
}

export function vendorIdFromPath(pathname: string): number | null {
  const match = /^\/([^/]+)\/?$/.exec(pathname);
  return vendorIdFromSegment(match?.[1]);
}
