import type { Vendor } from '@kitchaco/domain';
import { Badge, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FoodImage } from '../../../components/food-image';
import { vendorPath } from '../../../lib/customer-paths';
import { brandOpenness } from '../lib/availability';
import classes from './vendor-card.module.css';

/**
 * A brand as a card with its picture and title; the whole card opens the brand's menu. A closed
 * brand is greyed and says when it opens, and still opens (customers may order for later).
 */
export function VendorCard({ vendor, now }: { vendor: Vendor; now: Date }) {
  const { open, label } = brandOpenness(vendor.schedule, now);
  return (
    <Card
      component={Link}
      to={vendorPath(vendor.id)}
      withBorder
      padding="sm"
      className={classes.card}
      data-closed={open ? undefined : true}
    >
      <Card.Section className={classes.picture}>
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
        {label && (
          <Badge variant="light" color="gray" c="dark.7" radius="sm" tt="none" fw={600} maw="100%">
            {label}
          </Badge>
        )}
      </Stack>
    </Card>
  );
}
