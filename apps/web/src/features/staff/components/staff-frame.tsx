import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/document-title';

interface StaffFrameProps {
  title: string;
  /** Shown under the title, e.g. the location name. */
  subtitle?: string | null;
  /** The right side of the header: the welcome line and Logout when signed in. */
  account?: ReactNode;
  /** Under the title: the portal's navigation when signed in. */
  nav?: ReactNode;
  children: ReactNode;
}

/** Header and main landmarks of every staff page; works at any window width. */
export function StaffFrame({ title, subtitle, account, nav, children }: StaffFrameProps) {
  return (
    <>
      <DocumentTitle title={title} />
      <Box component="header" py="sm" style={headerStyle}>
        <Container size="xl">
          <Group justify="space-between" gap="md">
            <Stack gap={0}>
              <Title order={1} size="h3">
                {title}
              </Title>
              {subtitle && <Text c="dimmed">{subtitle}</Text>}
            </Stack>
            {account}
          </Group>
          {nav && <Box mt="sm">{nav}</Box>}
        </Container>
      </Box>
      <Box component="main" py="xl">
        <Container size="xl">{children}</Container>
      </Box>
    </>
  );
}

const headerStyle = { borderBottom: '1px solid var(--mantine-color-default-border)' };
