import type { TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search field's look and name, shared by the stand-in and the full search (same field twice). */
export const VENDOR_SEARCH_FIELD = {
  'aria-label': 'Search restaurants',
  placeholder: 'Search restaurants or cuisines',
  type: 'search',
  leftSection: <IconSearch aria-hidden size={18} />,
  w: 300,
} satisfies TextInputProps & { 'aria-label': string };
