import type { ApprovedDisapprovedResponse, StockOrder } from '@kitchaco/domain';
import { Badge, Box, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { aud, NumTd, NumTh, tabularNums } from '../../../components/amounts';
import { ExpandableRows } from '../../../components/expandable-rows';
import { OrderLinesTable } from './order-lines-table';

/** The totals of the decided orders listed (disapproved orders count nothing). */
export function PastOrderTotals({ totals }: { totals: ApprovedDisapprovedResponse }) {
  const cards = [
    ['Ordered ex GST', totals.sub_total],
    ['GST', totals.gst],
    ['Ordered inc GST', totals.total],
    ['Below Min Order Fee', totals.delivery_charge],
    ['Admin Adjustment', totals.admin_adjustment],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md" component="dl" m={0}>
      {cards.map(([label, value]) => (
        <Paper key={label} withBorder p="md">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} fz="xl" style={tabularNums}>
            {aud(value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function StatusCell({ order }: { order: StockOrder }) {
  if (order.approved) {
    return (
      <Stack gap={2}>
        <Badge color="green" variant="light" c="black">
          Approved
        </Badge>
        {order.approved_date && (
          <Text size="xs" c="dimmed">
            {order.approved_date} {order.approved_time}
          </Text>
        )}
      </Stack>
    );
  }
  if (order.disapproved) {
    return (
      <Stack gap={2}>
        <Badge color="red" variant="light" c="black">
          Disapproved
        </Badge>
        {order.disapproved_reason && <Text size="xs">Reason: {order.disapproved_reason}</Text>}
      </Stack>
    );
  }
  return (
    <Badge color="yellow.3" variant="filled" c="black">
      Pending
    </Badge>
  );
}

/** Decided stock orders; Details expands a row to its products and adjusted items. */
export function PastOrdersTable({ orders }: { orders: readonly StockOrder[] }) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" aria-label="Past stock orders">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>Details</Table.Th>
            <Table.Th>Order #</Table.Th>
            <Table.Th>Date and time</Table.Th>
            <Table.Th>Location</Table.Th>
            <NumTh>Sub total</NumTh>
            <NumTh>GST</NumTh>
            <NumTh>Total</NumTh>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <ExpandableRows
          rows={orders}
          columns={8}
          idPrefix="past-order"
          detailsLabel={(order) => `Details of order #${order.id}`}
          cells={(order) => (
            <>
              <Table.Td fw={600}>#{order.id}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {order.order_date}, {order.order_time}
              </Table.Td>
              <Table.Td>{order.kitchaco__location}</Table.Td>
              <NumTd>{aud(order.sub_total)}</NumTd>
              <NumTd>{aud(order.gst)}</NumTd>
              <NumTd fw={700}>{aud(order.total)}</NumTd>
              <Table.Td>
                <StatusCell order={order} />
              </Table.Td>
            </>
          )}
          details={(order) => {
            const adjustedIds = new Set(order.adjustedData.map((l) => l.stock_list_id));
            return (
              <Stack gap="md" p="xs">
                <OrderLinesTable caption="Products" lines={order.orderData} adjustedItemIds={adjustedIds} />
                {order.adjustedData.length > 0 ? (
                  <OrderLinesTable caption="Adjusted items" lines={order.adjustedData} adjusted />
                ) : (
                  <Text size="sm" c="dimmed">
                    No adjusted items.
                  </Text>
                )}
                <Box>
                  <Text size="sm" style={tabularNums}>
                    Below min order fee {aud(order.delivery_charge)} · Admin adjustment{' '}
                    {aud(order.admin_adjustment)}
                  </Text>
                </Box>
              </Stack>
            );
          }}
        />
      </Table>
    </Table.ScrollContainer>
  );
}
