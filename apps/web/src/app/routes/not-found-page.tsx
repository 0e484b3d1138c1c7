import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { DocumentTitle } from '../../components/document-title';
import { Link } from '../../lib/router';

export function NotFoundPage() {
  return (
    <main>
      <DocumentTitle title="Page not found" />
      <Container size="sm" py={64}>
        <Stack gap="md">
          <Text fw={700} size="sm">
            Error 404
          </Text>
          <Title order={1}>Page not found</Title>
          <Text>
            The address you opened does not match any page. Check the address, or start again from home.
          </Text>
          <Anchor component={Link} to="/" fw={600}>
            Go to the home page
          </Anchor>
        </Stack>
      </Container>
    </main>
  );
}
