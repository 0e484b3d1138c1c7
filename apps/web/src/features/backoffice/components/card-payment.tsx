import type { AdminOrder, OrderPaymentView } from '@kitchaco/domain';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { aud, NumTd, NumTh, tabularNums } from '../../../components/amounts';
import { lazyDialog } from '../../../components/lazy-dialog';
import { QueryError } from '../../../components/query-state';
import { paymentStatusLabel, REFUND_STATUS_LABELS } from '../../../lib/payment-labels';
import { useOrderPayment } from '../api/get-order-payment';
import { businessTime } from '../lib/business-time';

// The form (and @mantine/form) loads the first time a refund is asked for.
const RefundModal = lazyDialog(() => import('./refund-modal').then((m) => m.RefundModal));

const PROVIDERS: Record<string, string> = { square: 'Square', test: 'Test provider' };

/** "Paid", or how much of it went back. */
function paymentState(payment: OrderPaymentView) {
  if (payment.status === 'COMPLETED' && payment.refunded > 0) {
    return payment.refunded >= payment.amount
      ? { label: 'Refunded in full', color: 'gray' }
      : { label: 'Partly refunded', color: 'orange' };
  }
  return paymentStatusLabel(payment.status);
}

function Figure({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {term}
      </Text>
      <Text component="dd" m={0} fw={600} style={tabularNums}>
        {children}
      </Text>
    </Box>
  );
}

function Refunds({ orderId, payment }: { orderId: number; payment: OrderPaymentView }) {
  if (payment.refunds.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No refunds so far.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={6} aria-label={`Refunds of order #${orderId}`} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <NumTh>Amount</NumTh>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payment.refunds.map((refund) => {
            const status = REFUND_STATUS_LABELS[refund.status];
            return (
              <Table.Tr key={refund.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{businessTime(refund.created_at)}</Table.Td>
                <NumTd>{aud(refund.amount)}</NumTd>
                <Table.Td>{refund.reason}</Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant="light" c="dark" style={{ textTransform: 'none' }}>
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {refund.requested_by ?? (
                    <Text span size="sm" c="dimmed">
                      The platform
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The order's card payment as the provider reported it, its refunds and any flag, with the partial
 * refund action. Loaded when the order is expanded, for super admins only (operators never see it).
 */
export function CardPayment({ order }: { order: AdminOrder }) {
  const payment = useOrderPayment(order.id);
  const [refunding, setRefunding] = useState(false);
  const titleId = `card-payment-${order.id}`;
  const data = payment.data;
  const canRefund = data != null && data.refundable > 0 && order.status !== 'Canceled';

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} aria-busy={payment.isFetching}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Group gap="xs">
          <Title order={4} size="h5" id={titleId}>
            Card payment
          </Title>
          {data && (
            <Badge
              color={paymentState(data).color}
              variant="light"
              c="dark"
              style={{ textTransform: 'none' }}
            >
              {paymentState(data).label}
            </Badge>
          )}
        </Group>
        {canRefund && (
          <Button
            size="xs"
            variant="outline"
            leftSection={<IconReceiptRefund aria-hidden size={16} />}
            onClick={() => setRefunding(true)}
          >
            Refund part of this order
          </Button>
        )}
      </Group>

      {payment.isPending && (
        <Group gap="xs">
          <Loader size="xs" role="status" aria-label="Loading the card payment" />
          <Text size="sm" c="dimmed">
            Loading the card payment…
          </Text>
        </Group>
      )}
      {payment.error && <QueryError title="The card payment could not be loaded" error={payment.error} />}
      {data === null && (
        <Text size="sm" c="dimmed">
          This order was not paid by card through the platform, so there is nothing to refund here.
        </Text>
      )}
      {data && (
        <>
          {data.flag && (
            <Alert
              color="orange"
              variant="light"
              mb="sm"
              icon={<IconAlertTriangle aria-hidden size={18} />}
              title="Needs a look"
            >
              {data.flag}
            </Alert>
          )}
          <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="md" m={0} mb="md">
            <Figure term="Amount">{aud(data.amount)}</Figure>
            <Figure term="Refunded">{aud(data.refunded)}</Figure>
            <Figure term="Can still be refunded">{aud(data.refundable)}</Figure>
            <Figure term="Receipt number">
              {data.receipt_number ?? (
                <Text span c="dimmed">
                  —
                </Text>
              )}
            </Figure>
          </SimpleGrid>
          <Refunds orderId={order.id} payment={data} />
          {data.provider_payment_id && (
            <Text size="xs" c="dimmed" mt="xs">
              {PROVIDERS[data.provider] ?? data.provider} payment{' '}
              <Text span ff="monospace" size="xs">
                {data.provider_payment_id}
              </Text>
            </Text>
          )}
          <RefundModal opened={refunding} onClose={() => setRefunding(false)} order={order} payment={data} />
        </>
      )}
    </Paper>
  );
}
