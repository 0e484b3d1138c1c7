import { FEATURED_VENDOR_COUNT, type Vendor } from '@kitchaco/domain';
import { Text } from '@mantine/core';
import classes from './featured-vendors.module.css';
import { VendorCard } from './vendor-card';

/**
 * "Restaurants of the Week!": the first three brands of the location as large picture cards, side by
 * side on wide screens and a row to swipe through on phones.
 */
export function FeaturedVendors({ vendors, now }: { vendors: readonly Vendor[]; now: Date }) {
  const featured = vendors.slice(0, FEATURED_VENDOR_COUNT);
  if (featured.length === 0) return <Text size="sm">No restaurants yet.</Text>;
  return (
    <ul className={classes.row}>
      {featured.map((vendor) => (
        <li key={vendor.id} className={classes.item}>
          <VendorCard vendor={vendor} now={now} imageHeight={200} titleOrder={3} />
        </li>
      ))}
    </ul>
  );
}
