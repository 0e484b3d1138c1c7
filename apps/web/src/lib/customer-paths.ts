/** Addresses of the customer site. Map and Restaurants are both tabs of `/`. */
export const CUSTOMER_PATHS = {
  home: '/',
  orders: '/orders',
  cart: '/cart',
  checkout: '/checkout',
} as const;

/** A brand's page: `/vendor:12`, the form the provider's links already use. */
export function vendorPath(vendorId: number): string {
  return `/vendor:${vendorId}`;
}

/**
 * The vendor id of a `vendor:{id}` path segment (the number after the last colon), or null when the
 * segment is not of that form. React Router cannot express a parameter glued to a prefix, so the
 * router matches one dynamic segment and asks this.
 */
export function vendorIdFromSegment(segment: string | undefined): number | null {
  if (!segment?.startsWith('vendor:')) return null;
  const id = segment.slice(segment.lastIndexOf(':') + 1);
  return /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null;
}

export function vendorIdFromPath(pathname: string): number | null {
  const match = /^\/([^/]+)\/?$/.exec(pathname);
  return vendorIdFromSegment(match?.[1]);
}
