import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { DocumentTitle } from '../../components/document-title';
import { Link } from '../../lib/router';

/** Shown when a page fails to render or its code cannot be loaded (for example after a deploy). */
export function RouteErrorPage() {
  return (
    <main>
      <DocumentTitle title="Something went wrong" />
      <Container size="sm" py={64}>
        <Stack gap="md">
          <Title order={1}>Something went wrong</Title>
          <Text>This page could not be shown. Reloading usually helps.</Text>
          <Group>
            <Button onClick={() => window.location.reload()}>Reload the page</Button>
            <Anchor component={Link} to="/" reloadDocument fw={600}>
              Go to the home page
            </Anchor>
          </Group>
        </Stack>
      </Container>
    </main>
  );
}
