import type { KitchacoLocation } from '@kitchaco/domain';
import { Select } from '@mantine/core';

interface LocationSelectProps {
  locations: readonly KitchacoLocation[];
  value: number;
  onChange: (locationId: number) => void;
  /** Offer "All" (id 0) first. */
  withAll?: boolean;
  label?: string;
  disabled?: boolean;
  w?: number | string;
}

export function locationLabel(l: Pick<KitchacoLocation, 'name' | 'suburb'>): string {
  return l.name || l.suburb;
}

/** The location filter of the back-office screens (All plus locations where the screen allows it). */
export function LocationSelect({
  locations,
  value,
  onChange,
  withAll = false,
  label = 'Location',
  disabled,
  w = 280,
}: LocationSelectProps) {
  const data = [
    ...(withAll ? [{ value: '0', label: 'All' }] : []),
    ...locations.map((l) => ({ value: String(l.id), label: locationLabel(l) })),
  ];
  return (
    <Select
      label={label}
      data={data}
      value={String(value)}
      onChange={(next) => next !== null && onChange(Number(next))}
      allowDeselect={false}
      searchable
      disabled={disabled}
      w={w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
