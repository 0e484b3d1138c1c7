import {
  type AdminOrder,
  type AdminOrderLine,
  type ComboEntry,
  MARKETPLACE_CHANNELS,
  parseComboText,
  type SalesChannel,
} from '@kitchaco/domain';
import { Box, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { aud, NumTd, NumTh, tabularNums } from '../../../components/amounts';
import { UnmatchedMealName } from '../../../components/unmatched-meal-name';
import { businessTime } from '../lib/business-time';
import { mayHaveCardPayment } from '../lib/refund-choices';
import { CardPayment } from './card-payment';

const MARKETPLACE = new Set<SalesChannel>(MARKETPLACE_CHANNELS);

const ORDER_TYPE_LABELS: Record<AdminOrder['order_type'], string> = {
  delivery: 'Delivery',
  pickup: 'Pickup',
  'in store': 'In store',
};

function comboText(entry: ComboEntry): string {
  const qty = entry.quantity > 1 ? ` × ${entry.quantity}` : '';
  const price = entry.price > 0 ? ` (+${aud(entry.price)})` : '';
  return `${entry.name}${qty}${price}`;
}

function Combos({ entries }: { entries: readonly ComboEntry[] }) {
  if (entries.length === 0)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={0}>
      {entries.map((entry, i) => (
        // Combos of a line may repeat a name; their order is the line's own.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
        <Text key={i} size="sm">
          {comboText(entry)}
        </Text>
      ))}
    </Stack>
  );
}

function MealName({ line, name }: { line: AdminOrderLine; name: string }) {
  return line.meal_id === -1 ? <UnmatchedMealName name={name} /> : name;
}

const orNone = (text: string | null) =>
  text ? (
    text
  ) : (
    <Text span c="dimmed">
      —
    </Text>
  );

/** Own channel lines: meal__name, quantity, meal__price, the combo_array, sub item and special request. */
function OwnChannelLines({ order }: { order: AdminOrder }) {
  return (
    <Table verticalSpacing={4} aria-label={`Items of order #${order.id}`} withTableBorder bg="white">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Meal</Table.Th>
          <NumTh>Quantity</NumTh>
          <NumTh>Price</NumTh>
          <Table.Th>Combos</Table.Th>
          <Table.Th>Sub item</Table.Th>
          <Table.Th>Special request</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.meal_list.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own and never move
          <Table.Tr key={i}>
            <Table.Td>
              <MealName line={line} name={line.meal__name} />
            </Table.Td>
            <NumTd>{line.quantity}</NumTd>
            <NumTd>{aud(line.meal__price)}</NumTd>
            <Table.Td>
              <Combos entries={line.combo_array} />
            </Table.Td>
            <Table.Td>{orNone(line.subitem)}</Table.Td>
            <Table.Td>{orNone(line.special_request)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Marketplace lines: meal_name, the `name~quantity=price` combo text read out, and the line's sub_total. */
function MarketplaceLines({ order }: { order: AdminOrder }) {
  return (
    <Table verticalSpacing={4} aria-label={`Items of order #${order.id}`} withTableBorder bg="white">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Meal</Table.Th>
          <NumTh>Quantity</NumTh>
          <Table.Th>Combos</Table.Th>
          <Table.Th>Sub item</Table.Th>
          <Table.Th>Special request</Table.Th>
          <NumTh>Sub total</NumTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.meal_list.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own and never move
          <Table.Tr key={i}>
            <Table.Td>
              <MealName line={line} name={line.meal_name} />
            </Table.Td>
            <NumTd>{line.quantity}</NumTd>
            <Table.Td>
              <Combos entries={parseComboText(line.combo)} />
            </Table.Td>
            <Table.Td>{orNone(line.subitem)}</Table.Td>
            <Table.Td>{orNone(line.special_request)}</Table.Td>
            <NumTd>{aud(line.sub_total)}</NumTd>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Facts({ title, facts }: { title: string; facts: readonly [string, ReactNode][] }) {
  return (
    <Box>
      <Title order={4} size="h6" mb={4}>
        {title}
      </Title>
      <Box component="dl" m={0} style={factsGrid}>
        {facts.map(([term, value]) => (
          <Box key={term} style={{ display: 'contents' }}>
            <Text component="dt" size="sm" fw={600}>
              {term}
            </Text>
            <Text component="dd" size="sm" m={0} style={tabularNums}>
              {value}
            </Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The expanded order: its lines, the money (extras only above 0), the customer and the last change;
 * for a super admin, the card payment with its refunds (loaded now, as the order opens).
 */
export function OrderDetails({ order, withPayment = false }: { order: AdminOrder; withPayment?: boolean }) {
  const marketplace = MARKETPLACE.has(order.channel);
  const money: [string, ReactNode][] = [];
  if (order.sub_total > 0) money.push(['Sub total', aud(order.sub_total)]);
  if (order.delivery_charge > 0) money.push(['Delivery charge', aud(order.delivery_charge)]);
  if (order.discount > 0) money.push(['Discount', `-${aud(order.discount)}`]);
  money.push([
    'Total',
    <Text span fw={700} key="total">
      {aud(order.payment_total_amount)}
    </Text>,
  ]);

  const about: [string, ReactNode][] = [
    ['Order source', order.order_source],
    ...(order.external_id ? [['Platform order', order.external_id] as [string, ReactNode]] : []),
    ['Customer name', orNone(order.customer_name)],
    ['Phone', orNone(order.customer__phone)],
    ['Email', orNone(order.customer__email)],
    ['Order type', ORDER_TYPE_LABELS[order.order_type]],
    ...(order.order_type === 'delivery'
      ? [['Delivery location', orNone(order.delivery_location)] as [string, ReactNode]]
      : []),
    [
      'Last status change',
      order.status_changed_at
        ? `${order.status_changed_by ?? 'Unknown'}, ${businessTime(order.status_changed_at)}`
        : 'Not changed since the order was placed',
    ],
  ];

  return (
    <Stack gap="md" p="xs">
      {order.meal_list.length === 0 ? (
        <Text c="dimmed">This order has no item lines.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          {marketplace ? <MarketplaceLines order={order} /> : <OwnChannelLines order={order} />}
        </Table.ScrollContainer>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Facts title="Payment" facts={money} />
        <Facts title="Order and customer" facts={about} />
      </SimpleGrid>
      {withPayment && mayHaveCardPayment(order.channel) && <CardPayment order={order} />}
    </Stack>
  );
}

const factsGrid = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: 'var(--mantine-spacing-lg)',
  rowGap: 4,
} as const;
