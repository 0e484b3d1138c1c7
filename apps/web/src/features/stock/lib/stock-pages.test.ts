import { describe, expect, it } from 'vitest';
import { SKIP_GROUP_SIZE, STOCK_PAGE_SIZE, skipGroups, stockPage } from './stock-pages';

const items = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  name: i % 2 ? `Milk chocolate ${i}` : `Flour ${i}`,
}));
const textOf = (item: (typeof items)[number]) => item.name;

describe('stockPage', () => {
  it('shows one page of the list at a time', () => {
    const first = stockPage(items, { query: '', page: 1, textOf });
    expect(first.items.map((i) => i.id)).toEqual(items.slice(0, STOCK_PAGE_SIZE).map((i) => i.id));
    expect(first.pages).toBe(Math.ceil(60 / STOCK_PAGE_SIZE));
    const last = stockPage(items, { query: '', page: first.pages, textOf });
    expect(last.items.at(-1)?.id).toBe(60);
    expect(last.items).toHaveLength(60 - (first.pages - 1) * STOCK_PAGE_SIZE);
  });

  it('finds items by every word of the search, in any case and order', () => {
    const found = stockPage(items, { query: '  CHOCOLATE milk 1', page: 1, size: 100, textOf });
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((i) => /^Milk chocolate \d*1\d*$/.test(i.name))).toBe(true);
    expect(found.items.map((i) => i.id)).toContain(22);
    expect(found.matching).toBe(found.items.length);
    expect(stockPage(items, { query: 'nothing like it', page: 1, textOf })).toMatchObject({
      items: [],
      pages: 1,
      matching: 0,
    });
  });

  it('gives the last page when the page asked for is past the end (a narrower search)', () => {
    const narrowed = stockPage(items, { query: 'flour', page: 3, size: 10, textOf });
    expect(narrowed).toMatchObject({ page: 3, pages: 3, matching: 30 });
    const fewer = stockPage(items, { query: 'flour 5', page: 3, size: 10, textOf });
    expect(fewer.page).toBe(1);
    expect(fewer.items.map((i) => i.name)).toEqual([
      'Flour 50',
      'Flour 52',
      'Flour 54',
      'Flour 56',
      'Flour 58',
    ]);
  });
});

describe('skipGroups', () => {
  it('cuts a page into runs of at most the group size, keeping every row in order', () => {
    const groups = skipGroups(items.slice(0, STOCK_PAGE_SIZE));
    expect(groups.every((g) => g.length <= SKIP_GROUP_SIZE)).toBe(true);
    expect(groups.flat()).toEqual(items.slice(0, STOCK_PAGE_SIZE));
    expect(skipGroups([])).toEqual([]);
  });
});
