import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { DocumentTitle } from '../../../components/document-title';
import { LocationHeading } from '../../../features/customer-shell/components/location-heading';
import { homeTabOf } from '../../../features/customer-shell/hooks/use-customer-tab';
import { useLocation } from '../../../lib/router';
import { MapTab } from './map-tab';

// Map is the tab `/` opens on; the Restaurants tab's code (brand cards, kitchen filters, search) loads
// once the first screen is up, so it is there when asked for without weighing on the first load.
const loadRestaurantsTab = () => import('./restaurants-tab');
const RestaurantsTab = lazy(async () => ({ default: (await loadRestaurantsTab()).RestaurantsTab }));

/** `/`: the selected location, then the Map or the Restaurants tab. */
export function CustomerHomePage() {
  const tab = homeTabOf(useLocation().state);
  useEffect(() => {
    loadRestaurantsTab().catch((error: unknown) => console.warn('Could not load the Restaurants tab', error));
  }, []);
  return (
    <Stack gap="xl">
      <DocumentTitle title={tab === 'map' ? 'Pickup locations map' : 'Restaurants'} />
      <LocationHeading />
      {tab === 'map' ? (
        <MapTab />
      ) : (
        <Suspense fallback={<Skeleton h={320} aria-hidden />}>
          <RestaurantsTab />
        </Suspense>
      )}
    </Stack>
  );
}
