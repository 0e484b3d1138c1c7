import {
  BELOW_MINIMUM_ERROR_CODE,
  formatAUD,
  isBelowMinimum,
  priceStockOrder,
  STOCK_MESSAGES,
  type StockListItem,
  type StockOrder,
  toAmount,
  toMills,
} from '@kitchaco/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSparkles } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api';
import { type StockOrderData, useSaveStockOrder } from '../api/save-stock-order';
import { useStockList } from '../api/stock-list';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const aud = (value: number) => formatAUD(toMills(value));

interface StockOrderFormProps {
  locationId: number;
  /** Editing an existing pending order; absent = a new order. */
  order?: StockOrder;
  /** Where the order history lives (after an edit, and for "view history"). */
  historyPath: string;
}

type Quantities = Record<number, number>;

/**
 * The stock order table: one row per item of the location's list with par, the recommendation, a
 * quantity and the live sub total; totals priced by the same domain function the server uses.
 */
export function StockOrderForm({ locationId, order, historyPath }: StockOrderFormProps) {
  const list = useStockList(locationId);
  const save = useSaveStockOrder();
  const navigate = useNavigate();
  const [quantities, setQuantities] = useState<Quantities>(() =>
    Object.fromEntries((order?.orderData ?? []).map((l) => [l.stock_list_id, l.qty])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [feeOffer, setFeeOffer] = useState<{ message: string; fee: number } | null>(null);
  const [placed, setPlaced] = useState<string | null>(null);

  const items = useMemo(() => list.data?.data ?? [], [list.data]);
  const chosen = items.filter((i) => (quantities[i.id] ?? 0) > 0);
  const priced = priceStockOrder(
    chosen.map((i) => ({ price: toMills(i.price), qty: quantities[i.id]!, hasGst: i.has_gst })),
  );

  if (list.isPending) return <Text>Loading the stock list…</Text>;
  if (list.error) {
    return (
      <Alert color="red" role="alert" title="The stock list could not be loaded">
        {list.error.message}
      </Alert>
    );
  }
  const { location, reminder_data: reminders } = list.data;

  const setQty = (id: number, value: number | string) =>
    setQuantities((q) => ({ ...q, [id]: typeof value === 'number' && value > 0 ? value : 0 }));
  const useRecommended = () =>
    setQuantities(Object.fromEntries(items.map((i) => [i.id, i.recommended_order])));

  const submit = (deliveryCharge?: number) => {
    setProblem(null);
    const empty = order ? STOCK_MESSAGES.selectAtLeastOne : STOCK_MESSAGES.selectAtLeastOneToOrder;
    if (chosen.length === 0 || priced.total <= 0) {
      setProblem(empty);
      return;
    }
    // The fee only applies below the minimum: above it the server charges none, and a fee sent
    // anyway would make the totals disagree.
    const below = isBelowMinimum(priced.total, toMills(location.min_stock_order));
    const charge = below ? deliveryCharge : undefined;
    const fee = charge ?? 0;
    const amounts = priceStockOrder(
      chosen.map((i) => ({ price: toMills(i.price), qty: quantities[i.id]!, hasGst: i.has_gst })),
      { deliveryCharge: toMills(fee) },
    );
    const orderData: StockOrderData = {
      kitchaco: locationId,
      sub_total: toAmount(amounts.subTotal),
      gst: toAmount(amounts.gst),
      total: toAmount(amounts.total),
      ...(charge !== undefined ? { delivery_charge: charge } : {}),
      stockData: chosen.map((i) =>
        order ? { stock_list_id: i.id, qty: quantities[i.id]! } : { id: i.id, qty: quantities[i.id]! },
      ),
    };
    save.mutate(
      { orderData, ...(order ? { orderId: order.id } : {}) },
      {
        onSuccess: (answer) => {
          setFeeOffer(null);
          if (order) {
            notifications.show({ color: 'green', message: answer.message });
            navigate(historyPath);
          } else {
            setQuantities({});
            setPlaced(answer.message);
          }
        },
        onError: (error) => {
          setFeeOffer(null);
          if (error instanceof ApiError && error.code === BELOW_MINIMUM_ERROR_CODE) {
            setFeeOffer({ message: error.message, fee: location.min_stock_delivery_charge });
            return;
          }
          setProblem(error.message);
          if (error instanceof ApiError && error.status === 409) void list.refetch();
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      {reminders.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden size={20} />}
          title="Stock expiring soon"
          // Standing information, not an interruption: a note, not an alert.
          role="note"
        >
          <List size="sm" spacing={2}>
            {reminders.map((r) => (
              <List.Item key={`${r.name}-${r.expiring_on}`}>
                {r.name}: expires {r.expiring_on}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {order ? `Edit order #${order.id}` : 'New stock order'}
          </Title>
          <Text c="dimmed" size="sm">
            {location.location}
            {order ? ` · placed ${order.order_date} at ${order.order_time}` : ''} · deliveries on{' '}
            {location.delivery_day || 'no set days'}
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconSparkles aria-hidden size={18} />}
          onClick={useRecommended}
        >
          Fill recommended quantities
        </Button>
      </Group>

      {problem && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setProblem(null)}
        >
          {problem}
        </Alert>
      )}

      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Stock items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Par</Table.Th>
            <Table.Th ta="right">Recommended</Table.Th>
            <Table.Th w={150}>Quantity</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Sub total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <StockRow key={item.id} item={item} qty={quantities[item.id] ?? 0} onChange={setQty} />
          ))}
        </Table.Tbody>
      </Table>

      {/* Sticky: the running total and Place Order stay in view down a long stock list. */}
      <Group
        justify="space-between"
        align="flex-start"
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 }}
      >
        <Text size="sm" c="dimmed" maw={520}>
          Orders below {aud(location.min_stock_order)} (GST included) have a below-minimum delivery charge of{' '}
          {aud(location.min_stock_delivery_charge)}. Your delivery days: {location.delivery_day || 'none set'}
          .
        </Text>
        <Paper withBorder p="md" miw={280}>
          <Stack gap={4}>
            <TotalRow label="Sub total" value={priced.subTotal} />
            <TotalRow label="GST" value={priced.gst} />
            <TotalRow label="Total" value={priced.total} strong />
            <Button
              mt="sm"
              // An edit keeps the fee the order already carries while it stays below the minimum.
              onClick={() => submit(order && order.delivery_charge > 0 ? order.delivery_charge : undefined)}
              loading={save.isPending}
            >
              {order ? 'Update Order' : 'Place Order'}
            </Button>
          </Stack>
        </Paper>
      </Group>

      <Modal opened={feeOffer !== null} onClose={() => setFeeOffer(null)} title="Below the minimum order">
        <Stack>
          <Text>{feeOffer?.message}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setFeeOffer(null)}>
              Cancel
            </Button>
            <Button onClick={() => submit(feeOffer?.fee)} loading={save.isPending}>
              Place order with {aud(feeOffer?.fee ?? 0)} delivery charge
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={placed !== null} onClose={() => setPlaced(null)} title="Order placed">
        <Stack>
          <Text>{placed}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(historyPath)}>
              View order history
            </Button>
            <Button onClick={() => setPlaced(null)}>OK</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function StockRow({
  item,
  qty,
  onChange,
}: {
  item: StockListItem;
  qty: number;
  onChange: (id: number, value: number | string) => void;
}) {
  const line = priceStockOrder([{ price: toMills(item.price), qty, hasGst: item.has_gst }]).lines[0]!;
  const label = `${item.name} (${item.qty_type__qty_type})`;
  return (
    <Table.Tr>
      <Table.Td style={numeric}>{item.id}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {item.name}
        </Text>
        <Text size="xs" c="dimmed">
          {item.qty_type__qty_type}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={numeric}>
        {item.par}
      </Table.Td>
      <Table.Td ta="right" style={numeric}>
        {item.recommended_order > 0 ? (
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => onChange(item.id, item.recommended_order)}
            aria-label={`Use the recommended ${item.recommended_order} for ${label}`}
          >
            {item.recommended_order}
          </Button>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Quantity of ${label}`}
          value={qty || ''}
          onChange={(value) => onChange(item.id, value)}
          min={0}
          step={item.whole_units ? 1 : 0.1}
          decimalScale={item.whole_units ? 0 : 3}
          allowNegative={false}
          size="xs"
        />
      </Table.Td>
      <Table.Td ta="right" style={numeric}>
        {aud(item.price)}
        {item.has_gst && (
          <Badge ml={6} size="xs" variant="light" color="gray" c="black">
            + GST
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right" style={numeric} fw={qty > 0 ? 600 : undefined}>
        {qty > 0 ? formatAUD(line.subTotal) : '—'}
      </Table.Td>
    </Table.Tr>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      <Text fw={strong ? 700 : 400} style={numeric}>
        {formatAUD(value)}
      </Text>
    </Group>
  );
}
