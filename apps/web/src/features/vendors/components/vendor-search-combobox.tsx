import { Combobox, Group, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { FoodImage } from '../../../components/food-image';
import { vendorPath } from '../../../lib/customer-paths';
import { useNavigate } from '../../../lib/router';
import { useVendors } from '../api/vendors';
import { useVendorSearch } from '../hooks/use-vendor-search';
import { VENDOR_SEARCH_FIELD } from './vendor-search-field';

export interface VendorSearchComboboxProps {
  locationId: number | undefined;
  query: string;
  setQuery: (query: string) => void;
  /** Whether the stand-in field had the focus when this code arrived: it then moves here. */
  hadFocus: RefObject<boolean>;
}

/**
 * The restaurant search with its result list (Mantine Combobox and Fuse.js), loaded after the first
 * render by VendorSearch.
 */
export function VendorSearchCombobox({ locationId, query, setQuery, hadFocus }: VendorSearchComboboxProps) {
  const input = useRef<HTMLInputElement>(null);
  const vendors = useVendors(locationId);
  const results = useVendorSearch(vendors.data, query);
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const searching = query.trim() !== '';

  useLayoutEffect(() => {
    if (hadFocus.current) input.current?.focus();
  }, [hadFocus]);

  // Enter opens the best match.
  useEffect(() => {
    if (results.length > 0) combobox.selectFirstOption();
  }, [results, combobox.selectFirstOption]);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        setQuery('');
        combobox.closeDropdown();
        navigate(vendorPath(Number(value)));
      }}
      width={360}
      position="bottom-start"
    >
      <Combobox.Target>
        <TextInput
          {...VENDOR_SEARCH_FIELD}
          ref={input}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setQuery('');
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching}>
        <Combobox.Options aria-label="Matching restaurants">
          {results.map((vendor) => (
            <Combobox.Option key={vendor.id} value={String(vendor.id)}>
              <Group gap="sm" wrap="nowrap">
                <FoodImage
                  src={vendor.logo ?? vendor.image}
                  name={vendor.title}
                  seed={vendor.id}
                  h={36}
                  w={36}
                  radius="sm"
                />
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {vendor.title}
                  </Text>
                  {/* Inherits the option's colour: white on the highlighted option, dark otherwise. */}
                  <Text size="xs" c="inherit">
                    {vendor.kitchens.map((k) => k.title).join(' · ')}
                  </Text>
                </Stack>
              </Group>
            </Combobox.Option>
          ))}
          {searching && results.length === 0 && (
            <Combobox.Empty>
              {vendors.isPending ? 'Loading restaurants…' : 'No restaurant at this location matches.'}
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
