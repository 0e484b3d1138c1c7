import type { Vendor } from '@kitchaco/domain';
import { Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FoodImage } from '../../../components/food-image';
import { vendorPath } from '../../../lib/customer-paths';
import classes from './vendor-card.module.css';

/** A brand as a card with its picture and title; the whole card opens the brand's menu. */
export function VendorCard({ vendor }: { vendor: Vendor }) {
  return (
    <Card component={Link} to={vendorPath(vendor.id)} withBorder padding="sm" className={classes.card}>
      <Card.Section>
        <FoodImage
          src={vendor.image ?? vendor.logo}
          name={vendor.title}
          seed={vendor.id}
          h={150}
          radius="xs"
        />
      </Card.Section>
      <Stack gap={2} mt="sm">
        <Text fw={700} size="lg" lineClamp={1}>
          {vendor.title}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {vendor.kitchens.map((k) => k.title).join(' · ')}
        </Text>
      </Stack>
    </Card>
  );
}
