import { formatAUD, type StockOrder, type StockOrderLine, toFixedString, toMills } from '@kitchaco/domain';
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconLock, IconPencil } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { Link } from '../../../lib/router';
import { useStockOrders } from '../api/stock-orders';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const aud = (value: number) => formatAUD(toMills(value));
/** Line GST keeps its 3 decimals, as the order's lines are priced. */
const lineGst = (value: number) => `$${toFixedString(toMills(value), 3)}`;

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

/** When the order was decided, and the stock admin's reason for a disapproval. */
function StatusNote({ order }: { order: StockOrder }) {
  const when = order.approved ? order.approved_date : order.disapproved ? order.disapproved_date : null;
  return (
    <>
      {when && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          on {when}
        </Text>
      )}
      {order.disapproved_reason && (
        <Text size="xs" c="dimmed">
          Reason: {order.disapproved_reason}
        </Text>
      )}
    </>
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
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} size="h3">
          Order history
        </Title>
        <Text c="dimmed" size="sm">
          {orders.data.length === 1 ? '1 stock order' : `${orders.data.length} stock orders`}, newest first.
          Open an order's details for its products and any adjustments by the stock admin.
        </Text>
      </Stack>
      {orders.data.length === 0 ? (
        <Text>No stock orders yet.</Text>
      ) : (
        <HistoryTable orders={orders.data} open={open} setOpen={setOpen} editPath={editPath} />
      )}
    </Stack>
  );
}

function HistoryTable({
  orders,
  open,
  setOpen,
  editPath,
}: {
  orders: StockOrder[];
  open: number | null;
  setOpen: (id: number | null) => void;
  editPath: (orderId: number) => string;
}) {
  return (
    <Table verticalSpacing="sm" aria-label="Stock order history">
      <Table.Thead>
        <Table.Tr>
          {/* The figures take what they need; the status (its badge whole, its date on one line and a
              disapproval's reason) takes the rest, at least 200 px (issue 38). */}
          <Table.Th w={90}>Order #</Table.Th>
          <Table.Th w={190}>Date and time</Table.Th>
          <Table.Th ta="right" w={110}>
            Sub total
          </Table.Th>
          <Table.Th ta="right" w={90}>
            GST
          </Table.Th>
          <Table.Th ta="right" w={200}>
            Total
          </Table.Th>
          <Table.Th pl="xl" miw={200}>
            Status
          </Table.Th>
          <Table.Th w={160}>Details</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {orders.map((order) => {
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
                      incl. below-minimum fee {aud(order.delivery_charge)}
                    </Text>
                  )}
                  {order.admin_adjustment !== 0 && (
                    <Text size="xs" c="dimmed">
                      incl. admin adjustment {aud(order.admin_adjustment)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td pl="xl">
                  <StatusBadge order={order} />
                  <StatusNote order={order} />
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
                <Table.Tr id={`stock-order-${order.id}`} bg="var(--mantine-color-gray-0)">
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
  const ordered = new Map(order.orderData.map((l) => [l.stock_list_id, l]));
  return (
    <Stack p="md" gap="md">
      <LinesTable title="Products ordered" lines={order.orderData} />
      {order.adjustedData.length > 0 && (
        <LinesTable title="Adjusted items" lines={order.adjustedData} ordered={ordered} />
      )}
      <Group>
        {order.can_edit ? (
          <Button component={Link} to={editPath} leftSection={<IconPencil aria-hidden size={16} />}>
            Edit order #{order.id}
          </Button>
        ) : (
          <Group gap={6} wrap="nowrap">
            <IconLock aria-hidden size={16} color="var(--mantine-color-dimmed)" />
            <Text size="sm">{order.edit_blocked_reason ?? 'This order can no longer be edited.'}</Text>
          </Group>
        )}
      </Group>
    </Stack>
  );
}

/** An order's lines; with `ordered`, they are the stock admin's adjustments of those lines. */
function LinesTable({
  title,
  lines,
  ordered,
}: {
  title: string;
  lines: StockOrderLine[];
  ordered?: Map<number, StockOrderLine>;
}) {
  const adjusted = ordered !== undefined;
  return (
    <Table aria-label={title} withTableBorder layout="fixed" bg="var(--mantine-color-body)">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{title}</Table.Th>
          <Table.Th ta="right" w={200}>
            Quantity
          </Table.Th>
          <Table.Th ta="right" w={140}>
            Price
          </Table.Th>
          <Table.Th ta="right" w={140}>
            GST
          </Table.Th>
          <Table.Th ta="right" w={140}>
            Sub total
          </Table.Th>
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
              {adjusted && (
                <Text size="xs" c="dimmed">
                  ordered {ordered.get(l.stock_list_id)?.qty ?? 0} {l.qty_type}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right" style={numeric}>
              {aud(l.price)}
            </Table.Td>
            <Table.Td ta="right" style={numeric}>
              {l.has_gst ? lineGst(l.gst) : '—'}
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
