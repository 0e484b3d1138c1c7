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
  Box,
  Button,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconSparkles } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api';
import { SkipLink } from '../../../components/skip-link';
import { type StockOrderData, useSaveStockOrder } from '../api/save-stock-order';
import { useStockList } from '../api/stock-list';
import { RecommendationExplainer } from './recommendation-explainer';

/** The running total and the order button, where the skip link over the stock list leads. */
const TOTALS_ID = 'stock-order-totals';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const aud = (value: number) => formatAUD(toMills(value));
/** Room after each price for the "+ GST" marker, so the prices line up. */
const GST_SLOT = 52;

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

  // Editing: the order's own items first (in the list's order), so what was ordered is in view.
  const items = useMemo(() => {
    const all = list.data?.data ?? [];
    if (!order) return all;
    const inOrder = new Set(order.orderData.map((l) => l.stock_list_id));
    return [...all.filter((i) => inOrder.has(i.id)), ...all.filter((i) => !inOrder.has(i.id))];
  }, [list.data, order]);
  const chosen = items.filter((i) => (quantities[i.id] ?? 0) > 0);
  const linesToPrice = chosen.map((i) => ({
    price: toMills(i.price),
    qty: quantities[i.id]!,
    hasGst: i.has_gst,
  }));
  const beforeFee = priceStockOrder(linesToPrice);
  const minimum = toMills(list.data?.location.min_stock_order ?? 0);
  // An edited order keeps the fee it carries while it stays below the minimum, and shows it.
  const carriedFee =
    order && order.delivery_charge > 0 && isBelowMinimum(beforeFee.total, minimum)
      ? toMills(order.delivery_charge)
      : 0;
  const priced = priceStockOrder(linesToPrice, { deliveryCharge: carriedFee });

  if (list.isPending) return <Text>Loading the stock list…</Text>;
  if (list.error) {
    return (
      <Alert color="red" role="alert" title="The stock list could not be loaded">
        {list.error.message}
      </Alert>
    );
  }
  const { location, reminder_data: reminders } = list.data;

  const setQty = (id: number, value: number | string) => {
    setProblem(null);
    setQuantities((q) => ({ ...q, [id]: typeof value === 'number' && value > 0 ? value : 0 }));
  };
  // Fills every item that has a recommendation; quantities typed for the others stay.
  const recommended = items.filter((i) => i.recommended_order > 0);
  const useRecommended = () => {
    setProblem(null);
    setQuantities((q) => ({
      ...q,
      ...Object.fromEntries(recommended.map((i) => [i.id, i.recommended_order])),
    }));
  };

  const submit = (deliveryCharge?: number) => {
    setProblem(null);
    const empty = order ? STOCK_MESSAGES.selectAtLeastOne : STOCK_MESSAGES.selectAtLeastOneToOrder;
    if (chosen.length === 0 || beforeFee.total <= 0) {
      setProblem(empty);
      return;
    }
    // The fee only applies below the minimum: above it the server charges none, and a fee sent
    // anyway would make the totals disagree.
    const charge = isBelowMinimum(beforeFee.total, minimum) ? deliveryCharge : undefined;
    const amounts = priceStockOrder(linesToPrice, { deliveryCharge: toMills(charge ?? 0) });
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
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
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
          disabled={recommended.length === 0}
        >
          Use all recommended quantities
        </Button>
      </Group>

      {reminders.length > 0 && <ExpiryReminders reminders={reminders} />}

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

      <SkipLink targetId={TOTALS_ID}>Skip to the order total</SkipLink>
      <Table
        striped
        highlightOnHover
        stickyHeader
        stickyHeaderOffset={0}
        verticalSpacing={6}
        aria-label="Stock items"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>ID</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right" w={80}>
              Par
            </Table.Th>
            <Table.Th ta="right" w={130}>
              Recommended
            </Table.Th>
            <Table.Th w={150}>Quantity</Table.Th>
            {/* Over the figures, past the slot of the GST marker. */}
            <Table.Th
              ta="right"
              w={150}
              style={{
                paddingRight: `calc(var(--table-horizontal-spacing, var(--mantine-spacing-xs)) + ${GST_SLOT}px)`,
              }}
            >
              Price
            </Table.Th>
            <Table.Th ta="right" w={130}>
              Sub total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <StockRow key={item.id} item={item} qty={quantities[item.id] ?? 0} onChange={setQty} />
          ))}
        </Table.Tbody>
      </Table>

      {/* Sticky: the running total and the button stay in view down a long stock list. */}
      <Group
        justify="space-between"
        align="center"
        wrap="nowrap"
        gap="xl"
        pos="sticky"
        bottom={0}
        id={TOTALS_ID}
        tabIndex={-1}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 3 }}
      >
        <MinimumNote
          total={beforeFee.total}
          minimum={minimum}
          fee={toMills(location.min_stock_delivery_charge)}
          lines={chosen.length}
        />
        <Group gap="xl" wrap="nowrap" aria-label="Order totals" role="group">
          <TotalFigure label="Sub total" value={priced.subTotal} />
          <TotalFigure label="GST" value={priced.gst} />
          {carriedFee > 0 && <TotalFigure label="Delivery charge" value={carriedFee} />}
          <TotalFigure label="Total" value={priced.total} strong />
          <Button
            size="md"
            // An edit keeps the fee the order already carries while it stays below the minimum.
            onClick={() => submit(order && order.delivery_charge > 0 ? order.delivery_charge : undefined)}
            loading={save.isPending}
          >
            {order ? 'Update Order' : 'Place Order'}
          </Button>
        </Group>
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
        <Text size="sm" fw={600} span>
          {item.name}
        </Text>
        <Text size="sm" c="dimmed" span>
          {' '}
          · {item.qty_type__qty_type}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={numeric}>
        {item.par}
      </Table.Td>
      <Table.Td ta="right" style={numeric}>
        {item.recommended_order > 0 ? (
          <Group gap={2} justify="flex-end" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => onChange(item.id, item.recommended_order)}
              aria-label={`Use the recommended ${item.recommended_order} for ${label}`}
            >
              {item.recommended_order}
            </Button>
            <RecommendationExplainer item={item} />
          </Group>
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
        {/* A fixed slot, so prices line up whether or not the marker shows. */}
        <Box component="span" display="inline-block" w={GST_SLOT} ta="right">
          {item.has_gst && (
            <Badge size="xs" variant="light" color="gray" c="black">
              + GST
            </Badge>
          )}
        </Box>
      </Table.Td>
      <Table.Td ta="right" style={numeric} fw={qty > 0 ? 600 : undefined}>
        {qty > 0 ? formatAUD(line.subTotal) : '—'}
      </Table.Td>
    </Table.Tr>
  );
}

function TotalFigure({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} size={strong ? 'xl' : 'md'} style={numeric}>
        {formatAUD(value)}
      </Text>
    </Stack>
  );
}

/** The below-minimum fee rule, and where the order stands against it as quantities change. */
function MinimumNote({
  total,
  minimum,
  fee,
  lines,
}: {
  total: number;
  minimum: number;
  fee: number;
  lines: number;
}) {
  const rule = `Orders below ${formatAUD(minimum)} (GST included) incur a ${formatAUD(fee)} delivery charge.`;
  if (lines === 0 || minimum <= 0) {
    return (
      <Group gap="xs" wrap="nowrap">
        <IconInfoCircle aria-hidden size={20} color="var(--mantine-color-dimmed)" />
        <Text size="sm" c="dimmed">
          {rule}
        </Text>
      </Group>
    );
  }
  if (isBelowMinimum(total, minimum)) {
    return (
      <Group gap="xs" wrap="nowrap">
        <IconInfoCircle aria-hidden size={20} color="var(--mantine-color-orange-8)" />
        <Text size="sm">
          <Text span fw={600} style={numeric}>
            {formatAUD(minimum - total)}
          </Text>{' '}
          more to reach the minimum. {rule}
        </Text>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <IconCircleCheck aria-hidden size={20} color="var(--mantine-color-green-8)" />
      <Text size="sm">Minimum order of {formatAUD(minimum)} reached: no delivery charge.</Text>
    </Group>
  );
}

/** The location's stock expiring soon, compact above the list. */
function ExpiryReminders({ reminders }: { reminders: { name: string; expiring_on: string }[] }) {
  return (
    <Alert
      color="orange"
      variant="light"
      py="xs"
      icon={<IconAlertTriangle aria-hidden size={20} />}
      // Standing information, not an interruption: a note, not an alert.
      role="note"
      aria-label="Stock expiring soon"
    >
      <Group gap="xs" align="center">
        <Text size="sm" fw={700} mr={4}>
          Stock expiring soon
        </Text>
        {reminders.map((r) => (
          <Badge
            key={`${r.name}-${r.expiring_on}`}
            variant="outline"
            color="orange.9"
            c="black"
            tt="none"
            fw={500}
            size="lg"
            radius="sm"
            bg="white"
          >
            {r.name} · {r.expiring_on}
          </Badge>
        ))}
      </Group>
    </Alert>
  );
}
