import { TextInput } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { VENDOR_SEARCH_FIELD } from './vendor-search-field';

const VendorSearchCombobox = lazy(async () => ({
  default: (await import('./vendor-search-combobox')).VendorSearchCombobox,
}));

/**
 * The header's restaurant search: brands of the selected location; choosing one opens its menu.
 * Its result list (Mantine Combobox, Floating UI, Fuse.js) loads after the first render; until then
 * the same field stands in, keeping what is typed and the focus.
 */
export function VendorSearch({ locationId }: { locationId: number | undefined }) {
  const [query, setQuery] = useState('');
  const hadFocus = useRef(false);
  return (
    <Suspense
      fallback={
        <TextInput
          {...VENDOR_SEARCH_FIELD}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onFocus={() => {
            hadFocus.current = true;
          }}
          onBlur={() => {
            hadFocus.current = false;
          }}
        />
      }
    >
      <VendorSearchCombobox locationId={locationId} query={query} setQuery={setQuery} hadFocus={hadFocus} />
    </Suspense>
  );
}
