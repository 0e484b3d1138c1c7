import { formatAUD, type StockOrder, type StockOrderLine, toMills } from '@kitchaco/domain';
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { useStockOrders } from '../api/stock-orders';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const aud = (value: number) => formatAUD(toMills(value));

function StatusBadge({ order }: { order: StockOrder }) {
  if (order.approved)
    return (
      <Badge color="green" variant="light" c="black">
        Approved
      </Badge>
    );
  if (order.disapproved)
    return (
      <Badge color="red" variant="light" c="black">
        Disapproved
      </Badge>
    );
  return (
    <Badge color="yellow.3" variant="filled" c="black">
      Pending
    </Badge>
  );
}

/** The location's stock orders; each row opens to its lines and, when allowed, an Edit link. */
export function StockOrderHistory({
  locationId,
  editPath,
}: {
  locationId: number;
  editPath: (orderId: number) => string;
}) {
  const orders = useStockOrders(locationId);
  const [open, setOpen] = useState<number | null>(null);
  if (orders.isPending) return <Text>Loading your orders…</Text>;
  if (orders.error) {
    return (
      <Alert color="red" role="alert">
        {orders.error.message}
      </Alert>
    );
  }
  if (orders.data.length === 0) return <Text>No stock orders yet.</Text>;
  return (
    <Table verticalSpacing="sm" aria-label="Stock order history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Order #</Table.Th>
          <Table.Th>Date and time</Table.Th>
          <Table.Th ta="right">Sub total</Table.Th>
          <Table.Th ta="right">GST</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Details</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {orders.data.map((order) => {
          const expanded = open === order.id;
          return (
            <Fragment key={order.id}>
              <Table.Tr>
                <Table.Td fw={600}>#{order.id}</Table.Td>
                <Table.Td style={numeric}>
                  {order.order_date} {order.order_time}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {aud(order.sub_total)}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {aud(order.gst)}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  <Text size="sm" fw={700}>
                    {aud(order.total)}
                  </Text>
                  {order.delivery_charge > 0 && (
                    <Text size="xs" c="dimmed">
                      incl. below min order fee {aud(order.delivery_charge)}
                    </Text>
                  )}
                  {order.admin_adjustment !== 0 && (
                    <Text size="xs" c="dimmed">
                      admin adjustment {aud(order.admin_adjustment)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge order={order} />
                  {order.disapproved_reason && (
                    <Text size="xs" c="dimmed">
                      {order.disapproved_reason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="default"
                    size="compact-sm"
                    aria-expanded={expanded}
                    aria-controls={`stock-order-${order.id}`}
                    leftSection={
                      expanded ? (
                        <IconChevronDown aria-hidden size={16} />
                      ) : (
                        <IconChevronRight aria-hidden size={16} />
                      )
                    }
                    onClick={() => setOpen(expanded ? null : order.id)}
                  >
                    Details of #{order.id}
                  </Button>
                </Table.Td>
              </Table.Tr>
              {expanded && (
                <Table.Tr id={`stock-order-${order.id}`}>
                  <Table.Td colSpan={7} p={0}>
                    <OrderDetails order={order} editPath={editPath(order.id)} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function OrderDetails({ order, editPath }: { order: StockOrder; editPath: string }) {
  return (
    <Stack p="md" gap="md" bg="var(--mantine-color-gray-0)">
      <LinesTable title="Products ordered" lines={order.orderData} />
      {order.adjustedData.length > 0 && (
        <LinesTable title="Adjusted items" lines={order.adjustedData} adjusted />
      )}
      <Group>
        {order.can_edit ? (
          <Anchor component={Link} to={editPath} fw={600}>
            Edit order #{order.id}
          </Anchor>
        ) : (
          <Text size="sm">{order.edit_blocked_reason ?? 'This order can no longer be edited.'}</Text>
        )}
      </Group>
    </Stack>
  );
}

function LinesTable({
  title,
  lines,
  adjusted = false,
}: {
  title: string;
  lines: StockOrderLine[];
  adjusted?: boolean;
}) {
  return (
    <Table aria-label={title} withTableBorder bg="white">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{title}</Table.Th>
          <Table.Th ta="right">Quantity</Table.Th>
          <Table.Th ta="right">Price</Table.Th>
          <Table.Th ta="right">Sub total</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l) => (
          <Table.Tr key={l.id} bg={adjusted ? 'var(--mantine-color-yellow-light)' : undefined}>
            <Table.Td>
              {l.name}
              {adjusted && (
                <Badge ml="xs" size="sm" color="yellow.3" variant="filled" c="black">
                  Adjusted
                </Badge>
              )}
            </Table.Td>
            <Table.Td ta="right" style={numeric}>
              {l.qty} {l.qty_type}
            </Table.Td>
            <Table.Td ta="right" style={numeric}>
              {aud(l.price)}
            </Table.Td>
            <Table.Td ta="right" style={numeric}>
              {aud(l.sub_total)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
