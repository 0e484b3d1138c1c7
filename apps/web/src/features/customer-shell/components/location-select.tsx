import { NativeSelect } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { CUSTOMER_PATHS } from '../../../lib/customer-paths';
import { useChangeLocation } from '../hooks/use-change-location';
import { useSelectedLocation } from '../hooks/use-selected-location';

/**
 * The header's location dropdown. A change is confirmed first, because it empties the cart. A native
 * select: the browser gives it its list, keyboard use and screen reader support, and it spares every
 * first screen the code of Mantine's Combobox and Floating UI (docs/performance.md).
 */
export function LocationSelect() {
  const { location, locations } = useSelectedLocation();
  const navigate = useNavigate();
  const changeLocation = useChangeLocation(location?.id);
  const list = locations.data ?? [];

  const confirmChange = (value: string) => {
    const next = list.find((l) => String(l.id) === value);
    if (!next || next.id === location?.id) return;
    changeLocation(next, { alwaysConfirm: true, onChanged: () => navigate(CUSTOMER_PATHS.home) });
  };

  return (
    <NativeSelect
      aria-label="Pickup location"
      value={location ? String(location.id) : ''}
      onChange={(event) => confirmChange(event.currentTarget.value)}
      disabled={list.length === 0}
      leftSection={<IconMapPin aria-hidden size={18} />}
      w={220}
    >
      {list.length === 0 ? (
        <option value="">{locations.isPending ? 'Loading locations…' : 'No locations'}</option>
      ) : (
        list.map((l) => (
          <option key={l.id} value={String(l.id)}>
            {l.name}
          </option>
        ))
      )}
    </NativeSelect>
  );
}
