import type { MealStatus } from '@kitchaco/domain';
import { Badge, type MantineSize } from '@mantine/core';

const COLORS: Record<MealStatus, string> = {
  Enabled: 'green',
  Disabled: 'gray',
  'Waiting for review': 'yellow',
  Rejected: 'red',
};

/** A meal, combo or sub-item status: a coloured dot beside dark text (tinted text is too faint). */
export function MealStatusBadge({ status, size = 'md' }: { status: MealStatus; size?: MantineSize }) {
  return (
    <Badge size={size} variant="dot" color={COLORS[status]} c="dark.8" tt="none" radius="sm">
      {status}
    </Badge>
  );
}
