import { Box, Burger, Container, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';
import { DocumentTitle } from '../../../components/document-title';
import { LogoMark } from '../../../components/logo';

interface StaffFrameProps {
  title: string;
  /** Shown under the title, e.g. the location name. */
  subtitle?: string | null;
  /** The right side of the header: the welcome line and Logout when signed in. */
  account?: ReactNode;
  /**
   * The portal's navigation when signed in: a sidebar on wide screens, a drawer opened by the
   * header's menu button below the md breakpoint (992 px). Given `close` to call when a link is
   * followed in the drawer.
   */
  nav?: (close: () => void) => ReactNode;
  children: ReactNode;
}

const SIDEBAR_WIDTH = 230;

/**
 * The one layout of every back-office portal (super admin, operator, stock admin, stock ordering):
 * a header with the product, the portal and the account, the portal's grouped navigation and the
 * page in the main landmark. Works at any window width.
 */
export function StaffFrame({ title, subtitle, account, nav, children }: StaffFrameProps) {
  const [opened, drawer] = useDisclosure(false);
  const drawerId = useId();
  return (
    <>
      <DocumentTitle title={title} />
      <Box component="header" py="sm" style={headerStyle}>
        <Container size={nav ? '100%' : 'xl'} px={nav ? 'xl' : undefined}>
          <Group justify="space-between" gap="md" wrap="nowrap">
            <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
              {nav && (
                <Burger
                  hiddenFrom="md"
                  opened={opened}
                  onClick={drawer.toggle}
                  aria-label="Open navigation"
                  aria-expanded={opened}
                  aria-controls={opened ? drawerId : undefined}
                />
              )}
              <LogoMark size={40} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="xs" fw={800} tt="uppercase" c="dimmed" lts={1}>
                  Kitchaco
                </Text>
                <Title order={1} size="h3">
                  {title}
                </Title>
                {subtitle && <Text c="dimmed">{subtitle}</Text>}
              </Stack>
            </Group>
            {account}
          </Group>
        </Container>
      </Box>
      {nav ? (
        <>
          <Group align="flex-start" gap="xl" wrap="nowrap" px={{ base: 'md', sm: 'xl' }} py="xl">
            <Box visibleFrom="md" w={SIDEBAR_WIDTH} style={sidebarStyle}>
              {nav(drawer.close)}
            </Box>
            <Box component="main" style={{ flex: 1, minWidth: 0 }}>
              {children}
            </Box>
          </Group>
          <Drawer
            id={drawerId}
            opened={opened}
            onClose={drawer.close}
            title={title}
            size={280}
            hiddenFrom="md"
            closeButtonProps={{ 'aria-label': 'Close navigation' }}
          >
            {nav(drawer.close)}
          </Drawer>
        </>
      ) : (
        <Box component="main" py="xl">
          <Container size="xl">{children}</Container>
        </Box>
      )}
    </>
  );
}

const headerStyle = { borderBottom: '1px solid var(--mantine-color-default-border)' };
const sidebarStyle = {
  flex: 'none',
  position: 'sticky',
  top: 16,
  maxHeight: 'calc(100vh - 32px)',
  overflowY: 'auto',
} as const;
