import { useEffect } from 'react';
import { CUSTOMER_PATHS } from '../../../lib/customer-paths';
import { useLocations } from '../../../lib/locations';
import { useLocation, useNavigate } from '../../../lib/router';
import { changeSelectedLocation, useSelectedLocationId } from '../../../lib/selected-location';
import { recordWebsiteRedirect } from '../../../lib/website-redirect';
import { homeTabState } from './use-customer-tab';

/**
 * The spec's location link: "a value ending in a number after '='". We read it as the last query
 * parameter whose whole value is digits (`/?location=2`, `/?kitchaco=3`, `/?utm_source=site&loc=2`),
 * taken as a 1-based position in the location list sorted by id, as the provider's website numbers
 * its locations. Returns null when there is no such parameter.
 */
export function locationPositionFromSearch(search: string): number | null {
  const values = [...new URLSearchParams(search).values()];
  const digits = values.reverse().find((value) => /^\d{1,6}$/.test(value));
  return digits === undefined ? null : Number(digits);
}

/**
 * Follows a location link: selects that location (an unknown position keeps the current one), records
 * that the visit came from the provider's website, and shows `/` on the Restaurants tab without the
 * query, so a reload does not follow the link again.
 */
export function useLocationLink(): void {
  const { search } = useLocation();
  const navigate = useNavigate();
  const locations = useLocations('customer');
  const selectedId = useSelectedLocationId();
  const position = locationPositionFromSearch(search);

  useEffect(() => {
    if (position === null || !locations.data) return;
    const sorted = [...locations.data].sort((a, b) => a.id - b.id);
    const target = position >= 1 ? sorted[position - 1] : undefined;
    if (target && target.id !== selectedId) changeSelectedLocation(target.id);
    recordWebsiteRedirect();
    navigate(CUSTOMER_PATHS.home, { replace: true, state: homeTabState('restaurants') });
  }, [position, locations.data, selectedId, navigate]);
}
