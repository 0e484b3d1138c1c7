import { Stack } from '@mantine/core';
import { useLocation } from 'react-router';
import { DocumentTitle } from '../../../components/document-title';
import { LocationHeading } from '../../../features/customer-shell/components/location-heading';
import { homeTabOf } from '../../../features/customer-shell/hooks/use-customer-tab';
import { MapTab } from './map-tab';
import { RestaurantsTab } from './restaurants-tab';

/** `/`: the selected location, then the Map or the Restaurants tab. */
export function CustomerHomePage() {
  const tab = homeTabOf(useLocation().state);
  return (
    <Stack gap="xl">
      <DocumentTitle title={tab === 'map' ? 'Pickup locations map' : 'Restaurants'} />
      <LocationHeading />
      {tab === 'map' ? <MapTab /> : <RestaurantsTab />}
    </Stack>
  );
}
