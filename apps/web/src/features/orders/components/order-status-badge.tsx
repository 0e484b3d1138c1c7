import type { OrderStatus } from '@kitchaco/domain';
import { Badge } from '@mantine/core';

const COLORS: Record<OrderStatus, string> = {
  Received: 'blue',
  Cooking: 'orange',
  'Ready for pickup': 'green',
  'On its way': 'teal',
  Finished: 'gray',
  Canceled: 'red',
};

/** An order's status: a coloured dot beside dark text (tinted text is too faint on a tint). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge size="lg" variant="dot" color={COLORS[status]} c="dark.8" tt="none" radius="sm">
      {status}
    </Badge>
  );
}
