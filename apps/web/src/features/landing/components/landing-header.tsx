import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazyDialog } from '../../../components/lazy-dialog';
import { Logo } from '../../../components/logo';
import { customerAppUrl, LANDING_PATHS } from '../../../lib/landing-host';
import { Link } from '../../../lib/router';
import { NAV_SECTIONS } from './landing-nav';
import { SectionLink } from './section-link';

// The drawer (Modal, scroll lock, focus trap, Floating UI) loads when the burger first opens it.
const LandingMenuDrawer = lazyDialog(async () => (await import('./landing-menu-drawer')).LandingMenuDrawer);

/**
 * The landing site's navbar, kept at the top while scrolling: the logo (home), the four section
 * links and a way to order food. Below 900 px the links fold into a burger menu with a drawer.
 */
export function LandingHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Box
      component="header"
      py="sm"
      bg="var(--mantine-color-body)"
      pos="sticky"
      top={0}
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={LANDING_PATHS.home} underline="never" display="flex">
            <Logo size={34} />
          </Anchor>
          <Group component="nav" aria-label="Landing" gap="lg" visibleFrom="md" wrap="nowrap">
            {NAV_SECTIONS.map((item) => (
              <SectionLink key={item.section} section={item.section} c="inherit" fw={600} fz="sm">
                {item.label}
              </SectionLink>
            ))}
            <Button component="a" href={customerAppUrl()} size="sm">
              Order food
            </Button>
          </Group>
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="md"
            aria-label={opened ? 'Close the menu' : 'Open the menu'}
          />
        </Group>
      </Container>
      <LandingMenuDrawer opened={opened} onClose={close} />
    </Box>
  );
}
