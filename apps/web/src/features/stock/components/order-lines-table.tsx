import { type StockOrderLine, toFixedString, toMills } from '@kitchaco/domain';
import { Badge, Group, Table, Text } from '@mantine/core';
import { aud, formatQty, NumTd, NumTh } from '../../../components/amounts';

interface OrderLinesTableProps {
  caption: string;
  lines: readonly StockOrderLine[];
  /** Mark every row as adjusted (the adjusted items of an approval). */
  adjusted?: boolean;
  /** Items whose rows are marked as adjusted in a product list. */
  adjustedItemIds?: ReadonlySet<number>;
}

/** Lines of a decided order; adjusted rows are highlighted and labelled, not only coloured. */
export function OrderLinesTable({ caption, lines, adjusted = false, adjustedItemIds }: OrderLinesTableProps) {
  return (
    <Table verticalSpacing={6} withTableBorder captionSide="top">
      <Table.Caption ta="left" fw={700} c="var(--mantine-color-text)" mb={4}>
        {caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Product</Table.Th>
          <Table.Th>Unit</Table.Th>
          <NumTh>Qty</NumTh>
          <NumTh>Price</NumTh>
          <NumTh>Sub total</NumTh>
          <NumTh>GST</NumTh>
          <NumTh>Total</NumTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => {
          const isAdjusted = adjusted || adjustedItemIds?.has(line.stock_list_id);
          return (
            <Table.Tr key={line.id} bg={isAdjusted ? 'var(--mantine-color-yellow-light)' : undefined}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{line.name}</Text>
                  {isAdjusted && (
                    <Badge size="sm" color="yellow.3" variant="filled" c="black">
                      Adjusted
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{line.qty_type__qty_type || line.qty_type}</Table.Td>
              <NumTd>{formatQty(line.qty)}</NumTd>
              <NumTd>
                {aud(line.price)}
                {line.has_gst && (
                  <Text span size="xs" c="dimmed" ml={4}>
                    + GST
                  </Text>
                )}
              </NumTd>
              <NumTd>{aud(line.sub_total)}</NumTd>
              <NumTd>{line.gst > 0 ? `$${toFixedString(toMills(line.gst), 3)}` : '—'}</NumTd>
              <NumTd>{aud(line.total)}</NumTd>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
