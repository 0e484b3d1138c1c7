import { formatAUD, isBelowMinimum } from '@kitchaco/domain';
import { Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { numeric } from '../lib/stock-figures';

export function TotalFigure({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: number;
  strong?: boolean;
}) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} size={strong ? 'xl' : 'md'} style={numeric}>
        {formatAUD(value)}
      </Text>
    </Stack>
  );
}

/** The below-minimum fee rule, and where the order stands against it as quantities change. */
export function MinimumNote({
  total,
  minimum,
  fee,
  lines,
}: {
  total: number;
  minimum: number;
  fee: number;
  lines: number;
}) {
  const rule = `Orders below ${formatAUD(minimum)} (GST included) incur a ${formatAUD(fee)} delivery charge.`;
  if (lines === 0 || minimum <= 0) {
    return (
      <Group gap="xs" wrap="nowrap">
        <IconInfoCircle aria-hidden size={20} color="var(--mantine-color-dimmed)" />
        <Text size="sm" c="dimmed">
          {rule}
        </Text>
      </Group>
    );
  }
  if (isBelowMinimum(total, minimum)) {
    return (
      <Group gap="xs" wrap="nowrap">
        <IconInfoCircle aria-hidden size={20} color="var(--mantine-color-orange-8)" />
        <Text size="sm">
          <Text span fw={600} style={numeric}>
            {formatAUD(minimum - total)}
          </Text>{' '}
          more to reach the minimum. {rule}
        </Text>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <IconCircleCheck aria-hidden size={20} color="var(--mantine-color-green-8)" />
      <Text size="sm">Minimum order of {formatAUD(minimum)} reached: no delivery charge.</Text>
    </Group>
  );
}
