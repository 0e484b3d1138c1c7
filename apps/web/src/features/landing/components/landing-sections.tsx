import {
  Anchor,
  Badge,
  Blockquote,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBuildingStore,
  IconChartBar,
  IconPackage,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FoodImage } from '../../../components/food-image';
import { customerAppUrl, LANDING_PATHS, LANDING_SECTIONS } from '../../../lib/landing-host';
import { Link } from '../../../lib/router';
import { type Brand, groupBrands, useAllBrands } from '../api/get-brands';
import { FIGURES, REASONS, TESTIMONIAL } from '../content';
import { BrandCard } from './brand-card';
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
      bg={tinted ? 'accent.0' : undefined}
      // Clear of the sticky navbar when a link jumps here.
      style={{ scrollMarginTop: 80, outline: 'none' }}
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
    <Card padding="lg" h="100%">
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

/** A brand's picture with its name on a label, for the hero's mosaic. */
function BrandTile({ brand, h }: { brand: Brand; h: number }) {
  return (
    <Box pos="relative">
      <FoodImage src={brand.image} name={brand.title} seed={brand.id} h={h} radius="lg" />
      <Paper pos="absolute" bottom={12} left={12} px="sm" py={4} radius="xl" shadow="md">
        <Text size="sm" fw={700}>
          {brand.title}
        </Text>
      </Paper>
    </Box>
  );
}

const MOSAIC_HEIGHTS = [220, 150, 150, 220] as const;

/**
 * The hero's picture: four of the brands we cook, in two staggered columns. Brands with a picture
 * come first; until the list arrives, tinted tiles of the same size hold the place.
 */
function BrandMosaic() {
  const brands = useAllBrands();
  const shown = groupBrands(brands.data ?? [])
    .sort((a, b) => Number(Boolean(b.image)) - Number(Boolean(a.image)))
    .slice(0, MOSAIC_HEIGHTS.length);
  const columns = [
    [0, 1],
    [2, 3],
  ] as const;
  return (
    <SimpleGrid cols={2} spacing="md" aria-hidden={shown.length === 0 || undefined} visibleFrom="sm">
      {columns.map((column, c) => (
        <Stack key={column.join()} gap="md" mt={c === 1 ? 48 : 0}>
          {column.map((i) => {
            const brand = shown[i];
            return brand ? (
              <BrandTile key={brand.id} brand={brand} h={MOSAIC_HEIGHTS[i]} />
            ) : (
              <Box
                key={i}
                h={MOSAIC_HEIGHTS[i]}
                bg="brand.1"
                style={{ borderRadius: 'var(--mantine-radius-lg)' }}
              />
            );
          })}
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** The opening: what the business is, the way to order, and the way in for kitchen owners. */
export function Hero() {
  return (
    <Box
      py={{ base: 48, md: 80 }}
      style={{
        background: 'linear-gradient(180deg, var(--mantine-color-brand-0), var(--mantine-color-body))',
      }}
    >
      <Container size="lg">
        <Grid gap={48} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Badge size="lg" w="fit-content">
                Multi-brand virtual kitchens
              </Badge>
              <Title order={1} fz="var(--kitchaco-display)" lh={1.05} style={{ letterSpacing: '-0.02em' }}>
                One kitchen.{' '}
                <Text span inherit c="brand.8">
                  Up to 24 restaurant brands.
                </Text>
              </Title>
              <Text size="xl" c="dark.6" maw={560}>
                Kitchaco brings proven delivery brands, stock ordering and every sales channel to your
                kitchen, so you cook for many more customers without adding rent.
              </Text>
              <Group gap="sm">
                <Button
                  component="a"
                  href={customerAppUrl()}
                  size="lg"
                  rightSection={<IconArrowRight aria-hidden size={20} />}
                >
                  Order food
                </Button>
                <Button component={SectionLink} section={LANDING_SECTIONS.join} size="lg" variant="outline">
                  Join us
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <BrandMosaic />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

/** The spec's claims, large, each with what it counts read right after it, on a card over the hero. */
export function Figures() {
  return (
    <Box component="section" aria-label="Kitchaco in numbers" pb={32}>
      <Container size="lg">
        <Paper shadow="md" withBorder p="xl">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xl">
            {FIGURES.map((figure) => (
              <Stack key={figure.value} gap={4} align="center" ta="center">
                <Text fz={40} fw={800} c="brand.8" lh={1.1}>
                  {figure.value}
                </Text>
                <Text c="dimmed" size="sm">
                  {figure.label}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
      </Container>
    </Box>
  );
}

/** Some of the brands, with their pictures, and the way to all of them. */
export function BrandsShowcase() {
  const brands = useAllBrands();
  const shown = groupBrands(brands.data ?? []).slice(0, 8);
  return (
    <LandingSection
      id="brands"
      title="Brands in our kitchens"
      intro="Each one arrives with its recipes, photography and delivery listings, ready to cook from day one."
    >
      {brands.isError && <Text role="alert">The brands could not be loaded. Please try again later.</Text>}
      <SimpleGrid
        cols={{ base: 2, md: 4 }}
        spacing="lg"
        component="ul"
        style={{ listStyle: 'none', padding: 0 }}
      >
        {shown.map((brand) => (
          <BrandCard key={brand.title} brand={brand} size="compact">
            {brand.kitchens[0] && (
              <Text size="sm" c="dimmed">
                {brand.kitchens.join(' · ')}
              </Text>
            )}
          </BrandCard>
        ))}
      </SimpleGrid>
      <Anchor component={Link} to={LANDING_PATHS.ourBrands} fw={700} w="fit-content">
        See all our brands
      </Anchor>
    </LandingSection>
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
              top={
                <ThemeIcon size={48} radius="md" variant="light">
                  <Icon size={28} aria-hidden />
                </ThemeIcon>
              }
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
      <Blockquote
        color="brand"
        radius="lg"
        cite={`— ${TESTIMONIAL.author}, ${TESTIMONIAL.place}`}
        fz="lg"
        maw={860}
      >
        {TESTIMONIAL.quote}
      </Blockquote>
    </LandingSection>
  );
}
