import { VENDOR_SEARCH_THRESHOLD, type Vendor } from '@kitchaco/domain';
import Fuse from 'fuse.js';
import { useMemo } from 'react';

/** Most results the search offers at once. */
const MAX_RESULTS = 8;

/**
 * Fuzzy search over brand titles and kitchen titles, with the spec's threshold (0.05: about one
 * typo in twenty letters). `ignoreLocation` lets a word match anywhere in a title ("burgers" finds
 * "Smash Bros Burgers"); without it Fuse would also count the distance from the start against the
 * threshold, and a threshold this strict would then only match the first few letters.
 */
export function useVendorSearch(vendors: readonly Vendor[] | undefined, query: string): Vendor[] {
  const fuse = useMemo(
    () =>
      new Fuse(vendors ?? [], {
        keys: ['title', 'kitchens.title'],
        threshold: VENDOR_SEARCH_THRESHOLD,
        ignoreLocation: true,
      }),
    [vendors],
  );
  return useMemo(() => {
    const text = query.trim();
    return text ? fuse.search(text, { limit: MAX_RESULTS }).map((result) => result.item) : [];
  }, [fuse, query]);
}
