import type { Kitchen, Vendor } from '@kitchaco/domain';
import { Chip, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { VendorCard } from './vendor-card';

interface KitchenGroup {
  kitchen: Kitchen;
  vendors: Vendor[];
}

/**
 * Brands under each of their kitchens (a brand with two kitchens shows under both), kitchens in the
 * order of the vendor filters, then any the filters do not list, by title.
 */
export function groupVendorsByKitchen(vendors: readonly Vendor[], order: readonly Kitchen[]): KitchenGroup[] {
  const groups = new Map<number, KitchenGroup>();
  for (const vendor of vendors) {
    for (const kitchen of vendor.kitchens) {
      const group = groups.get(kitchen.id) ?? { kitchen, vendors: [] };
      group.vendors.push(vendor);
      groups.set(kitchen.id, group);
    }
  }
  const rank = new Map(order.map((k, i) => [k.id, i]));
  return [...groups.values()].sort(
    (a, b) =>
      (rank.get(a.kitchen.id) ?? order.length) - (rank.get(b.kitchen.id) ?? order.length) ||
      a.kitchen.title.localeCompare(b.kitchen.title),
  );
}

interface VendorGroupsProps {
  vendors: readonly Vendor[];
  kitchenOrder: readonly Kitchen[];
}

const ALL = 'all';

/** The Restaurants tab's right side: a kitchen filter, then brand cards grouped by kitchen title. */
export function VendorGroups({ vendors, kitchenOrder }: VendorGroupsProps) {
  const groups = useMemo(() => groupVendorsByKitchen(vendors, kitchenOrder), [vendors, kitchenOrder]);
  const [kitchen, setKitchen] = useState(ALL);
  // Read once per render: whether each brand is open now (refreshed whenever the list renders again).
  const now = new Date();
  const shown = kitchen === ALL ? groups : groups.filter((g) => String(g.kitchen.id) === kitchen);

  if (vendors.length === 0) {
    return <Text>There are no restaurants at this location yet.</Text>;
  }

  return (
    <Stack gap="xl">
      {groups.length > 1 && (
        <Chip.Group multiple={false} value={kitchen} onChange={setKitchen}>
          <Group gap="xs" role="group" aria-label="Show kitchen">
            <Chip value={ALL} variant="outline">
              All kitchens
            </Chip>
            {groups.map((g) => (
              <Chip key={g.kitchen.id} value={String(g.kitchen.id)} variant="outline">
                {g.kitchen.title}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {shown.map((group) => (
        <Stack
          key={group.kitchen.id}
          component="section"
          gap="sm"
          aria-labelledby={`kitchen-${group.kitchen.id}`}
        >
          <Title order={3} id={`kitchen-${group.kitchen.id}`}>
            {group.kitchen.title}
          </Title>
          <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="lg">
            {group.vendors.map((vendor) => (
              <VendorCard key={vendor.id} vendor={vendor} now={now} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
