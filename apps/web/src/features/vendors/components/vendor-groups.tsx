import type { Kitchen, Vendor } from '@kitchaco/domain';
import { Chip, Group, Stack, Text, Title } from '@mantine/core';
import { type CSSProperties, useMemo } from 'react';
import { useLocation, useSearchParams } from '../../../lib/router';
import { groupVendorsByKitchen, kitchenSlug, kitchensOf, vendorsOfKitchen } from '../lib/kitchen-groups';
import { VendorCard } from './vendor-card';
import classes from './vendor-groups.module.css';

/** The query parameter holding the chosen cuisine (`/?cuisine=thai`); absent: all. */
export const CUISINE_PARAM = 'cuisine';
const ALL = 'all';

interface VendorGroupsProps {
  vendors: readonly Vendor[];
  kitchenOrder: readonly Kitchen[];
}

/**
 * Every brand of the location once, grouped by kitchen title, with cuisine chips above (All and each
 * kitchen the brands have). The chosen cuisine is kept in the address, so back and forward and a
 * shared link keep it; it shows every brand of that cuisine, including those grouped elsewhere.
 */
export function VendorGroups({ vendors, kitchenOrder }: VendorGroupsProps) {
  const kitchens = useMemo(() => kitchensOf(vendors, kitchenOrder), [vendors, kitchenOrder]);
  const groups = useMemo(() => groupVendorsByKitchen(vendors, kitchenOrder), [vendors, kitchenOrder]);
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const chosen = kitchens.find((k) => kitchenSlug(k) === params.get(CUISINE_PARAM)) ?? null;
  // Read once per render: whether each brand is open now (refreshed whenever the list renders again).
  const now = new Date();

  const choose = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === ALL) next.delete(CUISINE_PARAM);
    else next.set(CUISINE_PARAM, value);
    // The history entry's state holds the tab (Restaurants): keep it.
    setParams(next, { state });
  };

  if (vendors.length === 0) {
    return <Text>There are no restaurants at this location yet.</Text>;
  }

  const shown = chosen ? [{ kitchen: chosen, vendors: vendorsOfKitchen(vendors, chosen.id) }] : groups;

  return (
    <Stack gap="xl">
      {kitchens.length > 1 && (
        <Chip.Group multiple={false} value={chosen ? kitchenSlug(chosen) : ALL} onChange={choose}>
          <Group gap="xs" role="group" aria-label="Cuisine">
            <Chip value={ALL} variant="outline">
              All
            </Chip>
            {kitchens.map((k) => (
              <Chip key={k.id} value={kitchenSlug(k)} variant="outline">
                {k.title}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      <div className={classes.groups}>
        {shown.map((group) => (
          <section
            key={group.kitchen.id}
            aria-labelledby={`kitchen-${group.kitchen.id}`}
            className={classes.group}
            style={{ '--brands': group.vendors.length } as CSSProperties}
          >
            <Group gap="xs" align="baseline" className={classes.heading}>
              <Title order={3} id={`kitchen-${group.kitchen.id}`}>
                {group.kitchen.title}
              </Title>
              <Text size="sm" c="dimmed">
                {group.vendors.length === 1 ? '1 restaurant' : `${group.vendors.length} restaurants`}
              </Text>
            </Group>
            {group.vendors.map((vendor) => (
              <VendorCard key={vendor.id} vendor={vendor} now={now} />
            ))}
          </section>
        ))}
      </div>
    </Stack>
  );
}
