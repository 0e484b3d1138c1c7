import { FEED_ITEMS_ON_MAP, type KitchacoLocation } from '@kitchaco/domain';
import { Grid, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { lazy, Suspense, useCallback } from 'react';
import { useChangeLocation } from '../../../features/customer-shell/hooks/use-change-location';
import { useGoToRestaurants } from '../../../features/customer-shell/hooks/use-customer-tab';
import { useSelectedLocation } from '../../../features/customer-shell/hooks/use-selected-location';
import { useFeed } from '../../../features/vendors/api/feed';
import { FeedPosts } from '../../../features/vendors/components/feed-posts';

// Leaflet is the heaviest piece of the customer site: it loads only when the map is shown.
const LocationsMap = lazy(async () => ({
  default: (await import('../../../features/map/components/locations-map')).LocationsMap,
}));

const MAP_HEIGHT = 560;

/** The Map tab: every pickup location on a map; choosing one shows its restaurants. */
export function MapTab() {
  const { location, locations } = useSelectedLocation();
  const changeLocation = useChangeLocation(location?.id);
  const goToRestaurants = useGoToRestaurants();
  const feed = useFeed(FEED_ITEMS_ON_MAP);

  const select = useCallback(
    (next: KitchacoLocation) => changeLocation(next, { onChanged: () => goToRestaurants() }),
    [changeLocation, goToRestaurants],
  );

  const loader = <Skeleton h={MAP_HEIGHT} radius="md" aria-hidden />;

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, lg: 8, xl: 9 }}>
        {locations.data ? (
          <Suspense fallback={loader}>
            <LocationsMap
              locations={locations.data}
              selected={location}
              onSelectLocation={select}
              height={MAP_HEIGHT}
            />
          </Suspense>
        ) : (
          loader
        )}
      </Grid.Col>
      <Grid.Col span={{ lg: 4, xl: 3 }} visibleFrom="lg">
        <Paper withBorder radius="md" p="lg" component="aside" aria-labelledby="whats-latest-title">
          <Stack gap="md">
            <Title order={2} fz="h3" id="whats-latest-title">
              What's Latest
            </Title>
            <FeedPosts posts={feed.data} loading={feed.isPending} failed={feed.isError} titleOrder={3} />
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
