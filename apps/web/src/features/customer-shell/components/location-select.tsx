import { Select } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { CUSTOMER_PATHS } from '../../../lib/customer-paths';
import { useChangeLocation } from '../hooks/use-change-location';
import { useSelectedLocation } from '../hooks/use-selected-location';

/** The header's location dropdown. A change is confirmed first, because it empties the cart. */
export function LocationSelect() {
  const { location, locations } = useSelectedLocation();
  const navigate = useNavigate();
  const changeLocation = useChangeLocation(location?.id);
  const list = locations.data ?? [];

  const confirmChange = (value: string | null) => {
    const next = list.find((l) => String(l.id) === value);
    if (!next || next.id === location?.id) return;
    changeLocation(next, { alwaysConfirm: true, onChanged: () => navigate(CUSTOMER_PATHS.home) });
  };

  return (
    <Select
      aria-label="Pickup location"
      placeholder={locations.isPending ? 'Loading locations…' : 'No locations'}
      data={list.map((l) => ({ value: String(l.id), label: l.name }))}
      value={location ? String(location.id) : null}
      onChange={confirmChange}
      allowDeselect={false}
      disabled={list.length === 0}
      leftSection={<IconMapPin aria-hidden size={18} />}
      w={220}
    />
  );
}
