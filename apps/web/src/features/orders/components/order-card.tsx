import { type CustomerOrder, formatAUD, toMills } from '@kitchaco/domain';
import { Divider, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconMapPin, IconReceipt } from '@tabler/icons-react';
import { OrderStatusBadge } from './order-status-badge';

const aud = (amount: number) => formatAUD(toMills(amount));

interface OrderCardProps {
  order: CustomerOrder;
  /** "Mon 23 Nov, 12:30 pm" at the order's location. */
  formatScheduled: (order: CustomerOrder) => string | null;
}

/** One of the customer's orders: number, when, where, status, lines and totals. */
export function OrderCard({ order, formatScheduled }: OrderCardProps) {
  const titleId = `order-${order.id}-title`;
  const scheduled = formatScheduled(order);
  return (
    <Paper component="article" aria-labelledby={titleId} withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} fz="h3" id={titleId}>
              Order #{order.id}
            </Title>
            <Text size="sm" c="dimmed">
              {order.order_date}, {order.order_time}
            </Text>
          </Stack>
          <OrderStatusBadge status={order.status} />
        </Group>

        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            <IconMapPin aria-hidden size={16} />
            <Text size="sm">
              {order.order_type === 'delivery'
                ? `Delivery from ${order.kitchaco.location} to ${order.delivery_location ?? 'your address'}`
                : `Pickup at ${order.kitchaco.location}`}
            </Text>
          </Group>
          {scheduled && <Text size="sm">Scheduled for {scheduled}</Text>}
        </Stack>

        <Table
          verticalSpacing={6}
          withRowBorders={false}
          layout="fixed"
          aria-label={`Lines of order #${order.id}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="60%">Item</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((line, index) => (
              // Lines have no id of their own; their position in the order is stable.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={index}>
                <Table.Td>
                  <Text fw={600}>{line.meal_name}</Text>
                  <Text size="xs" c="dimmed">
                    {[
                      line.vendor_title,
                      line.subitem,
                      ...line.combos.map((c) => `+ ${c.name} (${aud(c.price)})`),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  {line.special_request && (
                    <Text size="xs" fs="italic">
                      Request: {line.special_request}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{aud(line.line_total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>

        <Divider />
        <Group justify="space-between" align="flex-end">
          <Group gap={6} c="dimmed">
            <IconReceipt aria-hidden size={16} />
            <Text size="sm">
              {order.payment_receipt_number ? `Receipt ${order.payment_receipt_number}` : 'No receipt'}
            </Text>
          </Group>
          <Stack gap={2} align="flex-end">
            <Text size="sm">Sub total {aud(order.sub_total)}</Text>
            {order.delivery_charge > 0 && <Text size="sm">Delivery {aud(order.delivery_charge)}</Text>}
            {order.discount > 0 && <Text size="sm">Discount −{aud(order.discount)}</Text>}
            <Text fw={700} size="lg">
              Total {aud(order.total)}
            </Text>
            <Text size="xs" c="dimmed">
              Includes GST {aud(order.gst)}
            </Text>
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}
