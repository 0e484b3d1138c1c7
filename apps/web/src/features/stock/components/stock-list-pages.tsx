import { Group, Pagination, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { StockPage } from '../lib/stock-pages';

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** The search over a stock list, and how many of its items it shows. */
export function StockListSearch({
  query,
  onQuery,
  shown,
  size,
  total,
}: {
  query: string;
  onQuery: (query: string) => void;
  shown: StockPage<unknown>;
  size: number;
  total: number;
}) {
  const from = shown.matching === 0 ? 0 : (shown.page - 1) * size + 1;
  const to = (shown.page - 1) * size + shown.items.length;
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <TextInput
        type="search"
        label="Find an item"
        placeholder="Name or ID"
        leftSection={<IconSearch aria-hidden size={18} />}
        value={query}
        onChange={(e) => onQuery(e.currentTarget.value)}
        w={320}
      />
      <Text size="sm" c="dimmed" role="status">
        {shown.matching === 0
          ? `No items match "${query.trim()}"`
          : `Showing ${from}–${to} of ${shown.matching}${shown.matching < total ? ` matching (${total} items)` : ' items'}`}
      </Text>
    </Group>
  );
}

/** The pages of a stock list, when it has more than one. */
export function StockListPager({
  shown,
  onPage,
  label,
}: {
  shown: StockPage<unknown>;
  onPage: (page: number) => void;
  label: string;
}) {
  if (shown.pages <= 1) return null;
  return (
    <Group justify="center" component="nav" aria-label={label}>
      <Pagination
        total={shown.pages}
        value={shown.page}
        onChange={onPage}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        siblings={2}
      />
    </Group>
  );
}
