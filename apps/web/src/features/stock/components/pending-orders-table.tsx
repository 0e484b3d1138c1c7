import type { StockOrder } from '@kitchaco/domain';
import { Button, Table, VisuallyHidden } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { aud, NumTd, NumTh } from '../../../components/amounts';
import { prefixedPath } from '../../../lib/prefixed-paths';
import { Link } from '../../../lib/router';

/** Pending stock orders of every location, oldest first, each with a Review link. */
export function PendingOrdersTable({ orders }: { orders: readonly StockOrder[] }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Pending stock orders">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order #</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Date and time</Table.Th>
            <NumTh>Sub total</NumTh>
            <NumTh>GST</NumTh>
            <NumTh>Below min fee</NumTh>
            <NumTh>Total</NumTh>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td fw={600}>#{order.id}</Table.Td>
              <Table.Td>{order.kitchaco__location}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {order.order_date}, {order.order_time}
              </Table.Td>
              <NumTd>{aud(order.sub_total)}</NumTd>
              <NumTd>{aud(order.gst)}</NumTd>
              <NumTd>{order.delivery_charge > 0 ? aud(order.delivery_charge) : '—'}</NumTd>
              <NumTd fw={700}>{aud(order.total)}</NumTd>
              <Table.Td ta="right">
                <Button
                  component={Link}
                  to={prefixedPath('stock-admin-order-edit', order.id)}
                  size="xs"
                  variant="light"
                  leftSection={<IconChecklist aria-hidden size={16} />}
                  aria-label={`Review order #${order.id}`}
                >
                  Review
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
