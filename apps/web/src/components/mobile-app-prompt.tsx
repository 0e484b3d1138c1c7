import { siteCalls } from '@kitchaco/domain';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { publicRoute } from '../api';
import { DocumentTitle } from './document-title';
import { LogoMark } from './logo';

/**
 * The customer app's store listings, set by the deployment (APP_STORE_URL, PLAY_STORE_URL;
 * docs/operations.md). They change only with a restart of the server.
 */
function useAppLinks() {
  return useQuery({
    queryKey: ['site', 'app-links'],
    queryFn: ({ signal }) => publicRoute(siteCalls.appLinks, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * What narrow browsers see instead of the customer site: the app's store buttons, one for each
 * store with a listing. Without any (not set, or not loaded), the app is named so it can be found
 * in the store, rather than sending people to a store's home page.
 */
export function MobileAppPrompt() {
  const links = useAppLinks();
  const appStore = links.data?.app_store_url;
  const playStore = links.data?.play_store_url;
  return (
    <main>
      <DocumentTitle title="Get the app" />
      <Container size="sm" py={64}>
        <Stack align="center" ta="center" gap="lg">
          <LogoMark size={72} />
          <Title order={1}>Order with the Kitchaco app</Title>
          <Text size="lg">
            This website is made for wide screens. On a phone or tablet, download the Kitchaco app to browse
            the restaurants at your pickup location and order.
          </Text>
          {(appStore || playStore) && (
            <Group justify="center">
              {appStore && (
                <Button
                  component="a"
                  href={appStore}
                  size="lg"
                  color="dark"
                  leftSection={<IconBrandApple aria-hidden size={22} />}
                >
                  Download on the App Store
                </Button>
              )}
              {playStore && (
                <Button
                  component="a"
                  href={playStore}
                  size="lg"
                  color="dark"
                  leftSection={<IconBrandGooglePlay aria-hidden size={22} />}
                >
                  Get it on Google Play
                </Button>
              )}
            </Group>
          )}
          {!links.isPending && !(appStore && playStore) && (
            <Text c="dimmed">
              {appStore || playStore
                ? 'Or search for “Kitchaco” in your phone’s app store.'
                : 'Search for “Kitchaco” in the App Store or on Google Play.'}
            </Text>
          )}
        </Stack>
      </Container>
    </main>
  );
}
