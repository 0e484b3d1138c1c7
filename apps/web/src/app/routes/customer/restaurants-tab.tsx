import { FEED_ITEMS_ON_RESTAURANTS } from '@kitchaco/domain';
import { Grid, Paper, ScrollArea, Skeleton, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { QueryRetry } from '../../../components/query-state';
import { useSelectedLocation } from '../../../features/customer-shell/hooks/use-selected-location';
import { useFeed } from '../../../features/vendors/api/feed';
import { useVendorFilters, useVendors } from '../../../features/vendors/api/vendors';
import { FeaturedVendors } from '../../../features/vendors/components/featured-vendors';
import { FeedPosts } from '../../../features/vendors/components/feed-posts';
import { VendorGroups } from '../../../features/vendors/components/vendor-groups';

/**
 * The Restaurants tab (docs/customer-app.md): a hero with the Restaurants of the Week and the latest
 * news beside them, then every brand of the location once, grouped by kitchen, with cuisine chips.
 */
export function RestaurantsTab() {
  const { location } = useSelectedLocation();
  const vendors = useVendors(location?.id);
  const filters = useVendorFilters();
  const feed = useFeed(FEED_ITEMS_ON_RESTAURANTS);
  const now = new Date();

  useEffect(() => {
    if (vendors.error) console.warn('Could not load the restaurants', vendors.error);
    if (filters.error)
      console.warn('Could not load the kitchens; restaurants are grouped by title', filters.error);
  }, [vendors.error, filters.error]);

  return (
    <Stack gap={40}>
      <Grid gap="xl" align="stretch">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md" component="section" aria-labelledby="featured-title" h="100%">
            <Title order={2} id="featured-title">
              Restaurants of the Week!
            </Title>
            {vendors.data ? (
              <FeaturedVendors vendors={vendors.data} now={now} />
            ) : (
              <Skeleton h={320} aria-hidden />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md" component="section" aria-labelledby="latest-title" h="100%">
            <Title order={2} id="latest-title">
              Checkout the latest
            </Title>
            <Paper withBorder radius="md" p={0} flex={1} mih={0}>
              <ScrollArea.Autosize mah={336} type="auto" offsetScrollbars p="md">
                <FeedPosts
                  posts={feed.data}
                  loading={feed.isPending}
                  failed={feed.isError}
                  titleOrder={3}
                  compact
                />
              </ScrollArea.Autosize>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack gap="lg" component="section" aria-labelledby="restaurants-title">
        <Title order={2} id="restaurants-title">
          {location ? `Restaurants at ${location.name}` : 'Restaurants'}
        </Title>
        {vendors.isPending && <Skeleton h={320} aria-hidden />}
        {vendors.isError && (
          <QueryRetry
            message="The restaurants could not be loaded."
            onRetry={() => vendors.refetch()}
            retrying={vendors.isFetching}
          />
        )}
        {vendors.data && <VendorGroups vendors={vendors.data} kitchenOrder={filters.data?.Kitchen ?? []} />}
      </Stack>
    </Stack>
  );
}
