import { FEATURED_VENDOR_COUNT, type Vendor } from '@kitchaco/domain';
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { FoodImage } from '../../../components/food-image';
import { vendorPath } from '../../../lib/customer-paths';
import classes from './featured-vendors.module.css';

/** "Restaurants of the Week!": the first three brands of the location. */
export function FeaturedVendors({ vendors }: { vendors: readonly Vendor[] }) {
  const featured = vendors.slice(0, FEATURED_VENDOR_COUNT);
  if (featured.length === 0) return <Text size="sm">No restaurants yet.</Text>;
  return (
    <Stack gap="xs" component="ul" className={classes.list}>
      {featured.map((vendor) => (
        <li key={vendor.id}>
          <UnstyledButton component={Link} to={vendorPath(vendor.id)} className={classes.item}>
            <Group gap="sm" wrap="nowrap">
              <FoodImage
                src={vendor.logo ?? vendor.image}
                name={vendor.title}
                seed={vendor.id}
                h={56}
                w={56}
                radius="sm"
              />
              <Stack gap={0} miw={0}>
                <Text fw={700} lineClamp={1}>
                  {vendor.title}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {vendor.kitchens.map((k) => k.title).join(' · ')}
                </Text>
              </Stack>
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
