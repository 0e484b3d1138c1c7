import type { Vendor } from '@kitchaco/domain';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { FoodImage } from '../../../components/food-image';

/** A brand's banner: picture, name (the page's heading), kitchens, address and description. */
export function VendorHeader({ vendor }: { vendor: Vendor }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Group align="stretch" gap="xl" wrap="nowrap">
        <FoodImage src={vendor.image ?? vendor.logo} name={vendor.title} seed={vendor.id} h={140} w={220} />
        <Stack gap="xs" justify="center" miw={0}>
          <Title order={1}>{vendor.title}</Title>
          {vendor.kitchens.length > 0 && (
            <Group gap={6} aria-label="Kitchens">
              {vendor.kitchens.map((kitchen) => (
                <Badge key={kitchen.id} variant="light" color="gray" c="dark.7" radius="sm">
                  {kitchen.title}
                </Badge>
              ))}
            </Group>
          )}
          {vendor.address && (
            <Group gap={6} wrap="nowrap">
              <IconMapPin aria-hidden size={18} />
              <Text>{vendor.address}</Text>
            </Group>
          )}
          {vendor.description && <Text c="dimmed">{vendor.description}</Text>}
        </Stack>
      </Group>
    </Paper>
  );
}
