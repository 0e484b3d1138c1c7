import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import { DocumentTitle } from './document-title';

export const APP_STORE_URL = 'https://apps.apple.com/';
export const GOOGLE_PLAY_URL = 'https://play.google.com/store/apps';

/** What narrow browsers see instead of the customer site. */
export function MobileAppPrompt() {
  return (
    <main>
      <DocumentTitle title="Get the app" />
      <Container size="sm" py={64}>
        <Stack align="center" ta="center" gap="lg">
          <Title order={1}>Order with the Kitchaco app</Title>
          <Text size="lg">
            This website is made for wide screens. On a phone or tablet, download the Kitchaco app to browse
            the restaurants at your pickup location and order.
          </Text>
          <Group justify="center">
            <Button
              component="a"
              href={APP_STORE_URL}
              size="md"
              leftSection={<IconBrandApple aria-hidden size={20} />}
            >
              Download on the App Store
            </Button>
            <Button
              component="a"
              href={GOOGLE_PLAY_URL}
              size="md"
              leftSection={<IconBrandGooglePlay aria-hidden size={20} />}
            >
              Get it on Google Play
            </Button>
          </Group>
        </Stack>
      </Container>
    </main>
  );
}
