import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/document-title';

interface StaffFrameProps {
  title: string;
  /** Shown under the title, e.g. the location name. */
  subtitle?: string | null;
  /** The right side of the header: the welcome line and Logout when signed in. */
  account?: ReactNode;
  /** The portal's navigation when signed in: under the title, or beside the page. */
  nav?: ReactNode;
  navPlacement?: 'top' | 'side';
  children: ReactNode;
}

const SIDEBAR_WIDTH = 210;

/** Header and main landmarks of every staff page; works at any window width. */
export function StaffFrame({
  title,
  subtitle,
  account,
  nav,
  navPlacement = 'top',
  children,
}: StaffFrameProps) {
  const side = nav && navPlacement === 'side';
  return (
    <>
      <DocumentTitle title={title} />
      <Box component="header" py="sm" style={headerStyle}>
        <Container size={side ? '100%' : 'xl'} px={side ? 'xl' : undefined}>
          <Group justify="space-between" gap="md">
            <Stack gap={0}>
              <Title order={1} size="h3">
                {title}
              </Title>
              {subtitle && <Text c="dimmed">{subtitle}</Text>}
            </Stack>
            {account}
          </Group>
          {nav && !side && <Box mt="sm">{nav}</Box>}
        </Container>
      </Box>
      {side ? (
        <Group align="flex-start" gap="xl" wrap="nowrap" px="xl" py="xl">
          <Box w={SIDEBAR_WIDTH} style={{ flex: 'none', position: 'sticky', top: 16 }}>
            {nav}
          </Box>
          <Box component="main" style={{ flex: 1, minWidth: 0 }}>
            {children}
          </Box>
        </Group>
      ) : (
        <Box component="main" py="xl">
          <Container size="xl">{children}</Container>
        </Box>
      )}
    </>
  );
}

const headerStyle = { borderBottom: '1px solid var(--mantine-color-default-border)' };
