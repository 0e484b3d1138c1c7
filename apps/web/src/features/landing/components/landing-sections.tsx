import {
  Blockquote,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBuildingStore, IconChartBar, IconPackage, IconToolsKitchen2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { customerAppUrl, LANDING_SECTIONS } from '../../../lib/landing-host';
import { FIGURES, REASONS, TESTIMONIAL } from '../content';
import { SectionLink } from './section-link';

/**
 * A titled part of the landing page a navbar link can jump to: focusable (tabIndex -1) so focus
 * follows the jump, and labelled by its heading.
 */
export function LandingSection({
  id,
  title,
  intro,
  children,
  tinted = false,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <Box
      component="section"
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      py={64}
      bg={tinted ? 'var(--mantine-color-gray-0)' : undefined}
      style={{ scrollMarginTop: 16, outline: 'none' }}
    >
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap="xs" maw={720}>
            <Title order={2} id={`${id}-title`}>
              {title}
            </Title>
            {intro && (
              <Text c="dimmed" size="lg">
                {intro}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

/** A card of the landing page: a mark on top (icon or badge), a title and a short text. */
export function InfoCard({ top, title, text }: { top: ReactNode; title: string; text: string }) {
  return (
    <Card withBorder padding="lg" radius="md" h="100%">
      {top}
      <Title order={3} size="h4" mt="sm">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mt="xs">
        {text}
      </Text>
    </Card>
  );
}

/** The opening: what the business is, and the two ways in (join, or order food). */
export function Hero() {
  return (
    <Box py={96} bg="var(--mantine-color-orange-0)">
      <Container size="lg">
        <Stack gap="lg" maw={720}>
          <Title order={1} fz={48} lh={1.1}>
            One kitchen. Up to 24 restaurant brands.
          </Title>
          <Text size="xl" c="dark.6">
            Kitchaco brings proven delivery brands, stock ordering and every sales channel to your kitchen, so
            you cook for many more customers without adding rent.
          </Text>
          <Group>
            <Button component={SectionLink} section={LANDING_SECTIONS.join} size="lg" c="white">
              Join us
            </Button>
            <Button component="a" href={customerAppUrl()} size="lg" variant="default">
              Order food
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

/** The spec's claims, large, each with what it counts read right after it. */
export function Figures() {
  return (
    <Box component="section" aria-label="Kitchaco in numbers" py={48}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xl">
          {FIGURES.map((figure) => (
            <Stack key={figure.value} gap={0} align="center" ta="center">
              <Text fz={40} fw={800} c="orange.9">
                {figure.value}
              </Text>
              <Text c="dimmed">{figure.label}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

const REASON_ICONS = [IconToolsKitchen2, IconBuildingStore, IconPackage, IconChartBar];

/** Why choose multi-brand: four cards. */
export function Reasons() {
  return (
    <LandingSection
      id={LANDING_SECTIONS.why}
      title="Why Multibrands"
      intro="Delivery customers choose by craving. A kitchen that cooks many brands is found by many more of them."
      tinted
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {REASONS.map((reason, i) => {
          const Icon = REASON_ICONS[i % REASON_ICONS.length] ?? IconToolsKitchen2;
          return (
            <InfoCard
              key={reason.title}
              top={<Icon size={32} aria-hidden color="var(--mantine-color-orange-7)" />}
              title={reason.title}
              text={reason.text}
            />
          );
        })}
      </SimpleGrid>
    </LandingSection>
  );
}

/** What an operator says about it. */
export function Testimonial() {
  return (
    <LandingSection id={LANDING_SECTIONS.customers} title="What customers say">
      <Blockquote color="orange" cite={`— ${TESTIMONIAL.author}, ${TESTIMONIAL.place}`} fz="lg" maw={860}>
        {TESTIMONIAL.quote}
      </Blockquote>
    </LandingSection>
  );
}
