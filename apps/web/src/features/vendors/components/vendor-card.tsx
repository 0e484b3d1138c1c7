import { priceLevelName, priceLevelSymbol, type Vendor } from '@kitchaco/domain';
import { Badge, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { FoodImage } from '../../../components/food-image';
import { vendorPath } from '../../../lib/customer-paths';
import { Link } from '../../../lib/router';
import { brandOpenness } from '../lib/availability';
import classes from './vendor-card.module.css';

interface VendorCardProps {
  vendor: Vendor;
  now: Date;
  /** Picture height: taller for the featured brands. */
  imageHeight?: number;
  /** Heading level of the brand's name inside its section. */
  titleOrder?: 3 | 4;
}

/**
 * "Pickup in 15-30 min"; "Order for later" when the server says no order placed now can be picked
 * up (the brand is open but the kitchen is paused, full for hours, or closes before an order could be
 * ready); null when it sent no estimate at all (an older server).
 */
export function pickupText(vendor: Vendor): string | null {
  const estimate = vendor.pickup_estimate;
  if (estimate === null) return ORDER_FOR_LATER;
  return estimate ? `Pickup in ${estimate.min_minutes}-${estimate.max_minutes} min` : null;
}

export const ORDER_FOR_LATER = 'Order for later';

/**
 * A brand as a card: picture, name, cuisines, price level and when an order could be picked up; the
 * whole card opens the brand's menu. A closed brand is greyed and says when it opens, and still
 * opens (customers may order for later).
 */
export function VendorCard({ vendor, now, imageHeight = 160, titleOrder = 4 }: VendorCardProps) {
  const { open, label } = brandOpenness(vendor.schedule, now);
  const pickup = open ? pickupText(vendor) : null;
  const level = vendor.price_level;
  const cuisines = vendor.kitchens.map((k) => k.title).join(' · ');
  return (
    <Card
      component={Link}
      to={vendorPath(vendor.id)}
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      data-closed={open ? undefined : true}
    >
      <Card.Section className={classes.picture}>
        <FoodImage
          src={vendor.image ?? vendor.logo}
          name={vendor.title}
          seed={vendor.id}
          h={imageHeight}
          radius="xs"
        />
      </Card.Section>
      <Stack gap={4} mt="sm" className={classes.body}>
        <Text component={`h${titleOrder}`} fw={700} size="lg" lineClamp={1} className={classes.title}>
          {vendor.title}
        </Text>
        <Group gap={6} wrap="nowrap" c="dimmed" fz="sm">
          {cuisines && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {cuisines}
            </Text>
          )}
          {level != null && (
            <Text size="sm" c="dimmed" fw={600} className={classes.price}>
              {cuisines && <span aria-hidden>· </span>}
              <span aria-hidden>{priceLevelSymbol(level)}</span>
              <VisuallyHidden>{`, ${priceLevelName(level)}`}</VisuallyHidden>
            </Text>
          )}
        </Group>
        <div className={classes.status}>
          {label ? (
            <Badge variant="light" color="gray" c="dark.7" radius="sm" tt="none" fw={600} maw="100%">
              {label}
            </Badge>
          ) : (
            pickup && (
              <Group gap={6} wrap="nowrap">
                <IconClock size={16} stroke={1.8} aria-hidden />
                <Text size="sm" fw={600}>
                  {pickup}
                </Text>
              </Group>
            )
          )}
        </div>
      </Stack>
    </Card>
  );
}
