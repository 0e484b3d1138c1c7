import type { KitchacoLocation } from '@kitchaco/domain';
import { useLocations } from '../../../lib/locations';
import { useSelectedLocationId } from '../../../lib/selected-location';

/**
 * The customer's location with the list it comes from. A stored id that no longer exists falls back
 * to the first location, so the header and the page always agree.
 */
export function useSelectedLocation() {
  const locations = useLocations('customer');
  const selectedId = useSelectedLocationId();
  const list = locations.data ?? [];
  const location: KitchacoLocation | undefined = list.find((l) => l.id === selectedId) ?? list[0];
  return { location, locations };
}
