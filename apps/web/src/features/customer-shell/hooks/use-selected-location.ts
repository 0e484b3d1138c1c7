import type { KitchacoLocation } from '@kitchaco/domain';
import { useSelectedLocationId } from '../../../lib/selected-location';
import { useLocations } from '../api/locations';

/**
 * The customer's location with the list it comes from. A stored id that no longer exists falls back
 * to the first location, so the header and the page always agree.
 */
export function useSelectedLocation() {
  const locations = useLocations();
  const selectedId = useSelectedLocationId();
  const list = locations.data ?? [];
  const location: KitchacoLocation | undefined = list.find((l) => l.id === selectedId) ?? list[0];
  return { location, locations };
}
