import { FEED_ITEMS_ON_RESTAURANTS } from '@kitchaco/domain';
import { Button, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useSelectedLocation } from '../../../features/customer-shell/hooks/use-selected-location';
import { useFeed } from '../../../features/feed/api/feed';
import { FeedPosts } from '../../../features/feed/components/feed-posts';
import { useVendorFilters, useVendors } from '../../../features/vendors/api/vendors';
import { FeaturedVendors } from '../../../features/vendors/components/featured-vendors';
import { VendorGroups } from '../../../features/vendors/components/vendor-groups';

/** The Restaurants tab: featured brands and news on the left, every brand by kitchen on the right. */
export function RestaurantsTab() {
  const { location } = useSelectedLocation();
  const vendors = useVendors(location?.id);
  const filters = useVendorFilters();
  const feed = useFeed(FEED_ITEMS_ON_RESTAURANTS);

  useEffect(() => {
    if (vendors.error) console.warn('Could not load the restaurants', vendors.error);
    if (filters.error)
      console.warn('Could not load the kitchens; restaurants are grouped by title', filters.error);
  }, [vendors.error, filters.error]);

  return (
    <Grid gap="xl" align="flex-start">
      <Grid.Col span={3}>
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="featured-title">
            <Title order={2} fz="h4" id="featured-title" mb="sm">
              Restaurants of the Week!
            </Title>
            {vendors.data ? <FeaturedVendors vendors={vendors.data} /> : <Skeleton h={180} aria-hidden />}
          </Paper>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="latest-title">
            <Title order={2} fz="h4" id="latest-title" mb="sm">
              Checkout the latest
            </Title>
            <FeedPosts posts={feed.data} loading={feed.isPending} failed={feed.isError} titleOrder={3} />
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={9}>
        <Stack gap="lg" component="section" aria-labelledby="restaurants-title">
          <Title order={2} id="restaurants-title">
            {location ? `Restaurants at ${location.name}` : 'Restaurants'}
          </Title>
          {vendors.isPending && <Skeleton h={320} aria-hidden />}
          {vendors.isError && (
            <Stack gap="sm" align="flex-start">
              <Text>The restaurants could not be loaded.</Text>
              <Button variant="light" onClick={() => vendors.refetch()} loading={vendors.isFetching}>
                Try again
              </Button>
            </Stack>
          )}
          {vendors.data && <VendorGroups vendors={vendors.data} kitchenOrder={filters.data?.Kitchen ?? []} />}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
