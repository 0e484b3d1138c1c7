/** How many items of a stock list one page shows: few enough to render at once on a slow machine. */
export const STOCK_PAGE_SIZE = 25;

/**
 * How many rows a run between two "Skip to place order" links holds: each row has up to three stops
 * (a recommended quantity, its explanation and the quantity), so the next link is at most 24 Tab
 * presses away from any quantity.
 */
export const SKIP_GROUP_SIZE = 8;

export interface StockPage<T> {
  /** The items of the page asked for (or of the last page, when fewer items match now). */
  items: T[];
  /** The page shown, from 1. */
  page: number;
  /** How many pages the matching items fill (at least 1). */
  pages: number;
  /** How many items match the search. */
  matching: number;
}

/** Lower-case words of a search, so "choc  MILK" finds "Milk chocolate". */
const wordsOf = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * The items whose text has every word of `query` (case-insensitive), cut to page `page` of `size`.
 * A page past the end gives the last page, so a narrower search never leaves an empty table.
 */
export function stockPage<T>(
  items: readonly T[],
  {
    query,
    page,
    size = STOCK_PAGE_SIZE,
    textOf,
  }: { query: string; page: number; size?: number; textOf: (item: T) => string },
): StockPage<T> {
  const words = wordsOf(query);
  const matching =
    words.length === 0
      ? [...items]
      : items.filter((item) => {
          const text = textOf(item).toLowerCase();
          return words.every((w) => text.includes(w));
        });
  const pages = Math.max(1, Math.ceil(matching.length / size));
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return {
    items: matching.slice((shown - 1) * size, shown * size),
    page: shown,
    pages,
    matching: matching.length,
  };
}

/** Splits the rows of a page into runs of `size`, each followed by a skip link to the order button. */
export function skipGroups<T>(items: readonly T[], size = SKIP_GROUP_SIZE): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}
