import { Anchor, AppShell, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { CustomerUserMenu } from '../../features/auth/components/customer-user-menu';
import { LocationSelect } from '../../features/customer-shell/components/location-select';
import { DesktopOnly } from '../guards/desktop-only';

/** The customer site: header with location and user menu above the page; desktop widths only. */
export function CustomerLayout() {
  return (
    <DesktopOnly>
      <AppShell header={{ height: 72 }} padding="xl">
        <AppShell.Header px="xl">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="xl" wrap="nowrap">
              <Anchor
                component={Link}
                to="/"
                fw={800}
                fz="xl"
                underline="never"
                c="var(--mantine-color-text)"
              >
                Kitchaco
              </Anchor>
              <LocationSelect />
            </Group>
            <CustomerUserMenu />
          </Group>
        </AppShell.Header>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </DesktopOnly>
  );
}
