import { canMove, formatAUD, STOCK_ORDER_STATUS_LABELS } from '@kitchaco/domain';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import { aud, NumTh } from '../../../components/amounts';
import { Link } from '../../../lib/router';
import type { ReviewOrder } from '../api/get-admin-specific-pending';
import { PENDING_PATH, useOrderReview } from '../hooks/use-order-review';
import { FeeControl } from './below-minimum-fee-control';
import { DisapproveOrderModal } from './disapprove-order-modal';
import { Fact, TotalRow } from './review-figures';
import { LineRow } from './review-line-row';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'Error! Please try again';
}

/**
 * The stock admin's review of one pending order: approved quantities and expiry adjustments per
 * line, the below-minimum fee decision, live totals priced by the domain, then approve or disapprove.
 */
export function OrderReview({ order }: { order: ReviewOrder }) {
  const review = useOrderReview(order);
  const { approve, disapprove, quantities, expiry, adjustment, fee, locationFee, priced, itemsTotal } =
    review;
  const { failure, decided, busy, validation, disapproveOpen, setDisapproveOpen, setAdjustment } = review;
  const { submitApprove, submitDisapprove } = review;

  const confirmFee = (mode: 'remove' | 'add') => {
    const amount = mode === 'remove' ? fee : (locationFee ?? 0);
    modals.openConfirmModal({
      title: mode === 'remove' ? 'Remove below-minimum fee' : 'Add below-minimum fee',
      children: (
        <Text>
          {mode === 'remove'
            ? `Remove the below-minimum fee of ${formatAUD(amount)} from order #${order.id}? The location will not be charged it.`
            : `Add the below-minimum fee of ${formatAUD(amount)} to order #${order.id}? The location will be charged it.`}
        </Text>
      ),
      labels: { confirm: mode === 'remove' ? 'Remove fee' : 'Add fee', cancel: 'Cancel' },
      confirmProps: { color: mode === 'remove' ? 'red' : undefined },
      onConfirm: () => setAdjustment(mode === 'remove' ? -fee : amount),
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Anchor component={Link} to={PENDING_PATH} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft aria-hidden size={16} />
              Pending orders
            </Group>
          </Anchor>
          <Title order={2}>Review order #{order.id}</Title>
        </Stack>
        <Badge size="lg" variant="filled" color="yellow" c="dark">
          {STOCK_ORDER_STATUS_LABELS[order.status]}
        </Badge>
      </Group>

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, md: 4, lg: 7 }} component="dl" m={0} spacing="md">
          <Fact term="Location">{order.kitchaco__location}</Fact>
          <Fact term="Order number">#{order.id}</Fact>
          <Fact term="Date">{order.order_date}</Fact>
          <Fact term="Time">{order.order_time}</Fact>
          <Fact term="Placed sub total" numeric>
            {aud(order.sub_total)}
          </Fact>
          <Fact term="Placed GST" numeric>
            {aud(order.gst)}
          </Fact>
          <Fact term="Placed total" numeric>
            {aud(order.total)}
            {order.delivery_charge > 0 && (
              <Text span size="sm" c="dimmed">
                {' '}
                incl. {aud(order.delivery_charge)} fee
              </Text>
            )}
          </Fact>
        </SimpleGrid>
      </Paper>

      {failure && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={decided ? 'Order already decided' : 'Not saved'}
        >
          <Stack gap="xs">
            <Text>{errorText(failure)}</Text>
            {decided && (
              <Anchor component={Link} to={PENDING_PATH}>
                Back to pending orders
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      {validation && (
        <Alert color="red" variant="light" role="alert">
          {validation}
        </Alert>
      )}

      <Table.ScrollContainer minWidth={1100}>
        <Table verticalSpacing="xs" aria-label={`Lines of order #${order.id}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>Unit</Table.Th>
              <NumTh>Par</NumTh>
              <NumTh>Ordered</NumTh>
              <Table.Th w={150}>Approved quantity</Table.Th>
              <Table.Th w={150}>Expiry adjustment (days)</Table.Th>
              <NumTh>Price</NumTh>
              <NumTh>Sub total</NumTh>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.orderData.map((line, index) => (
              <LineRow
                key={line.id}
                line={line}
                qty={quantities[line.id] ?? ''}
                onQty={(v) => review.setQuantity(line.id, v)}
                expiry={expiry[line.id] ?? ''}
                onExpiry={(v) => review.setExpiry(line.id, v)}
                subTotal={priced.lines[index]?.subTotal ?? 0}
                disabled={busy}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group align="flex-start" justify="space-between" gap="xl">
        <Paper withBorder p="md" maw={520} style={{ flex: 1 }}>
          <Stack gap="sm">
            <Title order={3} size="h5">
              Below-minimum fee
            </Title>
            <FeeControl
              fee={fee}
              adjustment={adjustment}
              locationFee={locationFee}
              onRemove={() => confirmFee('remove')}
              onAdd={() => confirmFee('add')}
              onUndo={() => setAdjustment(0)}
              disabled={busy}
            />
          </Stack>
        </Paper>

        <Paper withBorder p="md" w={380} aria-label="Totals" component="section">
          <Box component="dl" m={0}>
            <TotalRow term="Items sub total" value={priced.subTotal} />
            <TotalRow term="GST" value={priced.gst} />
            <TotalRow term="Items incl. GST" value={itemsTotal} />
            <TotalRow term="Below-minimum fee" value={fee} />
            <TotalRow term="Admin adjustment" value={adjustment} />
            <TotalRow term="Total" value={priced.total} strong />
          </Box>
        </Paper>
      </Group>

      <Group justify="flex-end" gap="md">
        {canMove(order.status, 'disapprove') && (
          <Button
            variant="outline"
            color="red"
            leftSection={<IconX aria-hidden size={18} />}
            onClick={() => setDisapproveOpen(true)}
            disabled={busy}
          >
            Disapprove
          </Button>
        )}
        {canMove(order.status, 'approve') && (
          <Button
            leftSection={<IconCheck aria-hidden size={18} />}
            onClick={submitApprove}
            loading={approve.isPending}
            disabled={disapprove.isPending}
          >
            Approve
          </Button>
        )}
      </Group>

      <DisapproveOrderModal
        orderId={order.id}
        opened={disapproveOpen}
        onClose={() => setDisapproveOpen(false)}
        reason={review.reason}
        onReason={review.setReason}
        onConfirm={submitDisapprove}
        loading={disapprove.isPending}
      />
    </Stack>
  );
}
