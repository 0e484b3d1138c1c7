/**
 * Addresses with an id glued to a prefix by a colon (`/vendor:12`, `/stock-order-edit:7`), the form
 * the provider's links and staff bookmarks already use. The id is the text after the last colon.
 */
export const PREFIXED_PAGES = [
  'vendor',
  'stock-order-edit',
  'operator-stock-order-edit',
  'stock-admin-order-edit',
] as const;
export type PrefixedPage = (typeof PREFIXED_PAGES)[number];

/** `prefixedPath('stock-order-edit', 7)` -> `/stock-order-edit:7`. */
export function prefixedPath(page: PrefixedPage, id: number): string {
  return `/${page}:${id}`;
}

/** The page and id of a `prefix:{id}` path segment, or null when the segment is not of that form. */
export function parsePrefixedSegment(segment: string | undefined): { page: PrefixedPage; id: number } | null {
  if (!segment) return null;
  const colon = segment.lastIndexOf(':');
  if (colon < 0) return null;
  const prefix = segment.slice(0, segment.indexOf(':'));
  const id = segment.slice(colon + 1);
  const page = PREFIXED_PAGES.find((p) => p === prefix);
  if (!page || !/^\d{1,9}$/.test(id) || Number(id) <= 0) return null;
  return { page, id: Number(id) };
}

/** The id of a segment for one page (`idOfSegment('vendor:12', 'vendor')` -> 12), else null. */
export function idOfSegment(segment: string | undefined, page: PrefixedPage): number | null {
  const parsed = parsePrefixedSegment(segment);
  return parsed?.page === page ? parsed.id : null;
}
