import {
  DEFAULT_EXPIRY_ADJUSTMENT_DAYS,
  formatAUD,
  type Mills,
  priceStockOrder,
  STOCK_MESSAGES,
  type StockOrderLine,
  toAmount,
  toMills,
} from '@kitchaco/domain';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../api';
import { aud, formatQty, NumTd, NumTh, tabularNums } from '../../../components/amounts';
import { useApproveStockOrder } from '../api/approve-stock-order';
import { useDisapproveStockOrder } from '../api/disapprove-stock-order';
import type { ReviewOrder } from '../api/get-admin-specific-pending';

const PENDING_PATH = '/stock-admin';

type Entry = number | '';

function toEntry(value: number | string): Entry {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? n : '';
}

const qtyOf = (entry: Entry | undefined): number => (typeof entry === 'number' && entry > 0 ? entry : 0);

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'Error! Please try again';
}

/**
 * The stock admin's review of one pending order: approved quantities and expiry adjustments per
 * line, the below-minimum fee decision, live totals priced by the domain, then approve or disapprove.
 */
export function OrderReview({ order }: { order: ReviewOrder }) {
  const navigate = useNavigate();
  const approve = useApproveStockOrder();
  const disapprove = useDisapproveStockOrder();

  const [quantities, setQuantities] = useState<Record<number, Entry>>(() =>
    Object.fromEntries(order.orderData.map((l) => [l.id, l.qty])),
  );
  const [expiry, setExpiry] = useState<Record<number, Entry>>(() =>
    Object.fromEntries(
      order.orderData
        .filter((l) => l.has_expiry)
        .map((l) => [l.id, l.expiry_adjustment ?? DEFAULT_EXPIRY_ADJUSTMENT_DAYS]),
    ),
  );
  const [adjustment, setAdjustment] = useState<Mills>(() => toMills(order.admin_adjustment));
  const [validation, setValidation] = useState<string | null>(null);
  const [disapproveOpen, setDisapproveOpen] = useState(false);
  const [reason, setReason] = useState('');

  const fee = toMills(order.delivery_charge);
  const locationFee =
    order.min_stock_delivery_charge != null && order.min_stock_delivery_charge > 0
      ? toMills(order.min_stock_delivery_charge)
      : null;

  const priced = useMemo(
    () =>
      priceStockOrder(
        order.orderData.map((l) => ({
          price: toMills(l.price),
          qty: qtyOf(quantities[l.id]),
          hasGst: l.has_gst,
        })),
        { deliveryCharge: fee, adminAdjustment: adjustment },
      ),
    [order.orderData, quantities, fee, adjustment],
  );
  const itemsTotal = priced.subTotal + priced.gst;

  const failure = approve.error ?? disapprove.error;
  const decided = isApiError(failure, 409);
  const busy = approve.isPending || disapprove.isPending;

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

  const submitApprove = () => {
    setValidation(null);
    disapprove.reset();
    const chosen = order.orderData.filter((l) => qtyOf(quantities[l.id]) > 0);
    if (chosen.length === 0 || priced.total <= 0) {
      setValidation(STOCK_MESSAGES.selectAtLeastOne);
      return;
    }
    approve.mutate(
      {
        orderId: order.id,
        admin_adjustment: toAmount(adjustment),
        sub_total: toAmount(priced.subTotal),
        gst: toAmount(priced.gst),
        total: toAmount(priced.total),
        stockData: order.orderData.map((l) => ({
          stock_list_id: l.stock_list_id,
          qty: qtyOf(quantities[l.id]),
          expiry_adjustment: l.has_expiry ? qtyOf(expiry[l.id]) : null,
        })),
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: STOCK_MESSAGES.approved });
          navigate(PENDING_PATH);
        },
      },
    );
  };

  const submitDisapprove = () => {
    approve.reset();
    disapprove.mutate(
      { orderId: order.id, reason: reason.trim() },
      {
        onSuccess: () => {
          setDisapproveOpen(false);
          notifications.show({ color: 'green', message: STOCK_MESSAGES.disapproved });
          navigate(PENDING_PATH);
        },
        onError: () => setDisapproveOpen(false),
      },
    );
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
          Pending
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
                onQty={(v) => setQuantities((q) => ({ ...q, [line.id]: v }))}
                expiry={expiry[line.id] ?? ''}
                onExpiry={(v) => setExpiry((e) => ({ ...e, [line.id]: v }))}
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
        <Button
          variant="outline"
          color="red"
          leftSection={<IconX aria-hidden size={18} />}
          onClick={() => setDisapproveOpen(true)}
          disabled={busy}
        >
          Disapprove
        </Button>
        <Button
          leftSection={<IconCheck aria-hidden size={18} />}
          onClick={submitApprove}
          loading={approve.isPending}
          disabled={disapprove.isPending}
        >
          Approve
        </Button>
      </Group>

      <Modal
        opened={disapproveOpen}
        onClose={() => setDisapproveOpen(false)}
        title={`Disapprove order #${order.id}`}
        centered
      >
        <Stack>
          <Text>{STOCK_MESSAGES.disapproveConfirm}</Text>
          <Textarea
            label="Reason"
            description="Sent to the location with the disapproval (optional)."
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={1000}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDisapproveOpen(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={submitDisapprove} loading={disapprove.isPending}>
              Disapprove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

interface LineRowProps {
  line: StockOrderLine;
  qty: Entry;
  onQty: (value: Entry) => void;
  expiry: Entry;
  onExpiry: (value: Entry) => void;
  subTotal: Mills;
  disabled: boolean;
}

function LineRow({ line, qty, onQty, expiry, onExpiry, subTotal, disabled }: LineRowProps) {
  const adjusted = qtyOf(qty) !== line.qty;
  return (
    <Table.Tr bg={adjusted ? 'var(--mantine-color-yellow-light)' : undefined}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600}>{line.name}</Text>
          {adjusted && (
            <Badge size="sm" color="yellow.3" variant="filled" c="black">
              Adjusted
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{line.qty_type__qty_type || line.qty_type}</Table.Td>
      <NumTd>{formatQty(line.par)}</NumTd>
      <NumTd>{formatQty(line.qty)}</NumTd>
      <Table.Td>
        <NumberInput
          aria-label={`Approved quantity of ${line.name}`}
          value={qty}
          onChange={(v) => onQty(toEntry(v))}
          min={0}
          max={100_000}
          allowNegative={false}
          allowDecimal={!line.whole_units}
          decimalScale={line.whole_units ? 0 : 3}
          size="xs"
          w={130}
          disabled={disabled}
          styles={{ input: { ...tabularNums, textAlign: 'right' } }}
        />
      </Table.Td>
      <Table.Td>
        {line.has_expiry ? (
          <NumberInput
            aria-label={`Expiry adjustment in days for ${line.name}`}
            value={expiry}
            onChange={(v) => onExpiry(toEntry(v))}
            min={0}
            max={365}
            allowNegative={false}
            allowDecimal={false}
            size="xs"
            w={130}
            disabled={disabled}
            styles={{ input: { ...tabularNums, textAlign: 'right' } }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            No expiry
          </Text>
        )}
      </Table.Td>
      <NumTd>
        {aud(line.price)}
        {line.has_gst && (
          <Text span size="xs" c="dimmed" ml={4}>
            + GST
          </Text>
        )}
      </NumTd>
      <NumTd fw={600}>{formatAUD(subTotal)}</NumTd>
    </Table.Tr>
  );
}

interface FeeControlProps {
  fee: Mills;
  adjustment: Mills;
  locationFee: Mills | null;
  onRemove: () => void;
  onAdd: () => void;
  onUndo: () => void;
  disabled: boolean;
}

function FeeControl({ fee, adjustment, locationFee, onRemove, onAdd, onUndo, disabled }: FeeControlProps) {
  if (fee > 0) {
    if (adjustment === -fee) {
      return (
        <Group justify="space-between">
          <Text>The {formatAUD(fee)} fee is removed from this order.</Text>
          <Button variant="default" size="xs" onClick={onUndo} disabled={disabled}>
            Keep the fee
          </Button>
        </Group>
      );
    }
    return (
      <Group justify="space-between">
        <Text>This order carries a below-minimum fee of {formatAUD(fee)}.</Text>
        <Button variant="default" c="red.9" size="xs" onClick={onRemove} disabled={disabled}>
          Remove below-minimum fee
        </Button>
      </Group>
    );
  }
  if (adjustment > 0) {
    return (
      <Group justify="space-between">
        <Text>A below-minimum fee of {formatAUD(adjustment)} is added to this order.</Text>
        <Button variant="default" size="xs" onClick={onUndo} disabled={disabled}>
          Don't add the fee
        </Button>
      </Group>
    );
  }
  return (
    <Group justify="space-between">
      <Text>
        {locationFee === null
          ? "This order has no below-minimum fee. The location's fee is not known, so none can be added."
          : `This order has no below-minimum fee (the location's fee is ${formatAUD(locationFee)}).`}
      </Text>
      <Button variant="default" size="xs" onClick={onAdd} disabled={disabled || locationFee === null}>
        Add below-minimum fee
      </Button>
    </Group>
  );
}

function Fact({ term, children, numeric }: { term: string; children: ReactNode; numeric?: boolean }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} fw={600} style={numeric ? tabularNums : undefined}>
        {children}
      </Text>
    </Stack>
  );
}

function TotalRow({ term, value, strong }: { term: string; value: Mills; strong?: boolean }) {
  return (
    <Group
      justify="space-between"
      py={2}
      mt={strong ? 'xs' : undefined}
      pt={strong ? 'xs' : undefined}
      style={strong ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Text component="dt" fw={strong ? 700 : 400} size={strong ? 'lg' : 'sm'}>
        {term}
      </Text>
      <Text component="dd" m={0} fw={strong ? 700 : 500} size={strong ? 'lg' : 'sm'} style={tabularNums}>
        {formatAUD(value)}
      </Text>
    </Group>
  );
}
