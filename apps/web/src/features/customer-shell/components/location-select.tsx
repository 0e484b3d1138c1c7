import { Select, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMapPin } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { changeSelectedLocation } from '../../../lib/selected-location';
import { useSelectedLocation } from '../hooks/use-selected-location';

/** The header's location dropdown. A change is confirmed first, because it empties the cart. */
export function LocationSelect() {
  const { location, locations } = useSelectedLocation();
  const navigate = useNavigate();
  const list = locations.data ?? [];

  const confirmChange = (value: string | null) => {
    const next = list.find((l) => String(l.id) === value);
    if (!next || next.id === location?.id) return;
    modals.openConfirmModal({
      title: 'Change pickup location?',
      children: (
        <Text size="sm">
          Switching to {next.name} ({next.location}) empties your cart, because each location has its own
          restaurants.
        </Text>
      ),
      labels: { confirm: 'Change location', cancel: 'Keep current location' },
      onConfirm: () => {
        changeSelectedLocation(next.id);
        navigate('/');
      },
    });
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
      w={260}
    />
  );
}
