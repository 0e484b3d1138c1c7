import { Anchor, Box, Burger, Button, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { customerAppUrl, LANDING_PATHS, LANDING_SECTIONS } from '../../../lib/landing-host';
import { SectionLink } from './section-link';

/** The navbar's section links, in the spec's order. */
export const NAV_SECTIONS = [
  { section: LANDING_SECTIONS.why, label: 'Why Multibrands' },
  { section: LANDING_SECTIONS.customers, label: 'What customers say' },
  { section: LANDING_SECTIONS.process, label: "What's the process" },
  { section: LANDING_SECTIONS.join, label: 'Join Us' },
] as const;

/**
 * The landing site's navbar: the name (home), the four section links and a way to order food. Below
 * 900 px the links fold into a burger menu with a drawer.
 */
export function LandingHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={LANDING_PATHS.home} fw={800} fz="xl" underline="never" c="inherit">
            Kitchaco
          </Anchor>
          <Group component="nav" aria-label="Landing" gap="lg" visibleFrom="md" wrap="nowrap">
            {NAV_SECTIONS.map((item) => (
              <SectionLink key={item.section} section={item.section} c="inherit" fw={600} fz="sm">
                {item.label}
              </SectionLink>
            ))}
            <Button component="a" href={customerAppUrl()} variant="light" size="sm">
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
      <Drawer opened={opened} onClose={close} title="Kitchaco" position="right" size="xs" hiddenFrom="md">
        <Stack component="nav" aria-label="Landing menu">
          {NAV_SECTIONS.map((item) => (
            <SectionLink key={item.section} section={item.section} onClick={close} fw={600}>
              {item.label}
            </SectionLink>
          ))}
          <Anchor href={customerAppUrl()} fw={600}>
            Order food
          </Anchor>
        </Stack>
      </Drawer>
    </Box>
  );
}
