import { formatAUD, priceStockOrder, type StockListItem, toMills } from '@kitchaco/domain';
import { Badge, Box, Button, Group, NumberInput, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { aud, GST_SLOT, numeric } from '../lib/stock-figures';
import { RecommendationExplainer } from './recommendation-explainer';

/** One item of the stock order table: par, the recommendation, the quantity and its sub total. */
export function StockRow({
  item,
  qty,
  onChange,
  skip,
}: {
  item: StockListItem;
  qty: number;
  onChange: (id: number, value: number | string) => void;
  /** A skip link after the quantity (the last row of a run), hidden until it has the focus. */
  skip?: ReactNode;
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
        {skip && <Box pos="relative">{skip}</Box>}
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
