import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Logo } from '../../../components/logo';
import { customerAppUrl, LANDING_PATHS, LANDING_SECTIONS } from '../../../lib/landing-host';
import { Link } from '../../../lib/router';
import { SectionLink } from './section-link';

/** The site's footer: the other pages of the site, ordering, contact and the staff sign-in. */
export function LandingFooter() {
  return (
    <Box
      component="footer"
      py="xl"
      bg="gray.0"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="lg">
        <Group justify="space-between" align="flex-start" gap="xl">
          <div>
            <Logo size={28} />
            <Text size="sm" c="dimmed" maw={320} mt="sm">
              Multi-brand kitchens: many restaurant brands cooked from one kitchen, for pickup and delivery.
            </Text>
          </div>
          <Group component="nav" aria-label="Footer" gap="lg">
            <Anchor component={Link} to={LANDING_PATHS.ourBrands} size="sm">
              Our brands
            </Anchor>
            <Anchor component={Link} to={LANDING_PATHS.franchisingInfo} size="sm">
              Franchising info
            </Anchor>
            <SectionLink section={LANDING_SECTIONS.join} size="sm">
              Contact us
            </SectionLink>
            <Anchor href={customerAppUrl()} size="sm">
              Order food
            </Anchor>
            <Anchor component={Link} to="/operator-admin" size="sm">
              Operator sign in
            </Anchor>
          </Group>
        </Group>
        <Text size="xs" c="dimmed" mt="lg">
          © {new Date().getFullYear()} Kitchaco. All prices in AUD.
        </Text>
      </Container>
    </Box>
  );
}
