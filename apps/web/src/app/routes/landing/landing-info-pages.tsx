import { Badge, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DocumentTitle } from '../../../components/document-title';
import { groupBrands, useAllBrands } from '../../../features/landing/api/get-brands';
import { BrandCard } from '../../../features/landing/components/brand-card';
import { SectionLink } from '../../../features/landing/components/section-link';
import { LANDING_SECTIONS } from '../../../lib/landing-host';
import { useLocations } from '../../../lib/locations';

function PageHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <Stack gap="xs" maw={720}>
      <Title order={1}>{title}</Title>
      <Text size="lg" c="dimmed">
        {intro}
      </Text>
    </Stack>
  );
}

/**
 * `/our-brands`: the brands we cook, each with its cuisine, what it serves and the locations where
 * it can be ordered, read from the live brand list (not dummy text).
 */
export function OurBrandsPage() {
  const brands = useAllBrands();
  const locations = useLocations('customer');
  const suburbOf = new Map((locations.data ?? []).map((l) => [l.id, l.suburb ?? l.name]));
  const grouped = groupBrands(brands.data ?? []);
  return (
    <Container size="lg" py={64}>
      <DocumentTitle title="Our brands" />
      <Stack gap="xl">
        <PageHeading
          title="Our brands"
          intro="Every brand comes with its recipes, photography and listings on the delivery apps. These are cooking in our kitchens today."
        />
        {brands.isPending && <Text>Loading...</Text>}
        {brands.isError && (
          <Text c="red" role="alert">
            The brands could not be loaded. Please try again later.
          </Text>
        )}
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="lg"
          component="ul"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {grouped.map((brand) => (
            <BrandCard key={brand.title} brand={brand} size="full">
              <Group gap={6} mt={4}>
                {brand.kitchens.map((k) => (
                  <Badge key={k}>{k}</Badge>
                ))}
              </Group>
              {brand.description && (
                <Text size="sm" c="dimmed" mt="sm">
                  {brand.description}
                </Text>
              )}
              <Text size="sm" mt="sm">
                <Text span fw={600}>
                  Order it in:{' '}
                </Text>
                {brand.locationIds.map((id) => suburbOf.get(id) ?? `location ${id}`).join(', ')}
              </Text>
            </BrandCard>
          ))}
        </SimpleGrid>
        <Text>
          Want these brands in your kitchen?{' '}
          <SectionLink section={LANDING_SECTIONS.join}>Get in touch</SectionLink>.
        </Text>
      </Stack>
    </Container>
  );
}

/** `/franchising-info`: what a franchisee gets, does and is paid, in plain words. */
export function FranchisingInfoPage() {
  return (
    <Container size="lg" py={64}>
      <DocumentTitle title="Franchising info" />
      <Stack gap="xl" maw={820}>
        <PageHeading
          title="Franchising info"
          intro="A Kitchaco franchise is a kitchen that cooks several of our brands for pickup and delivery. Here is how it works."
        />
        <section aria-labelledby="what-you-get">
          <Title order={2} size="h3" id="what-you-get">
            What you get
          </Title>
          <List mt="sm" spacing="xs">
            <List.Item>
              Brand licences with recipes, photography and listings on Uber Eats, Deliveroo, DoorDash and
              Menulog.
            </List.Item>
            <List.Item>
              Our own ordering app and in-store kiosks with card terminals for pickup customers.
            </List.Item>
            <List.Item>
              Stock ordering for every brand at once, with recommended quantities from your sales.
            </List.Item>
            <List.Item>
              A back office with sales by channel, brand and hour, and every order with its live status.
            </List.Item>
          </List>
        </section>
        <section aria-labelledby="how-you-are-paid">
          <Title order={2} size="h3" id="how-you-are-paid">
            How you are paid
          </Title>
          <Text mt="sm">
            Every fortnight (Monday to Sunday, two weeks) you receive a statement: your sales on each channel,
            the commission on each channel at your agreed rate, the stock you bought, any other charges, and
            the payout. The statement is approved by us and emailed to you as a PDF, and every figure can be
            traced to the orders behind it.
          </Text>
        </section>
        <section aria-labelledby="what-you-do">
          <Title order={2} size="h3" id="what-you-do">
            What you do
          </Title>
          <Text mt="sm">
            Run the kitchen: cook the orders as they arrive on one screen, keep the menus current (we review
            each change before customers see it), and order stock for the week.
          </Text>
        </section>
        <Text>
          Ready to talk? <SectionLink section={LANDING_SECTIONS.join}>Send us your details</SectionLink> and
          we reply within 2 business days.
        </Text>
      </Stack>
    </Container>
  );
}
