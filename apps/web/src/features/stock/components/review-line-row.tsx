import { formatAUD, type Mills, type StockOrderLine } from '@kitchaco/domain';
import { Badge, Group, NumberInput, Table, Text } from '@mantine/core';
import { aud, formatQty, NumTd, tabularNums } from '../../../components/amounts';
import { type Entry, qtyOf, toEntry } from '../lib/review-entry';

interface LineRowProps {
  line: StockOrderLine;
  qty: Entry;
  onQty: (value: Entry) => void;
  expiry: Entry;
  onExpiry: (value: Entry) => void;
  subTotal: Mills;
  disabled: boolean;
}

/** One line of the order under review: its approved quantity and expiry adjustment. */
export function LineRow({ line, qty, onQty, expiry, onExpiry, subTotal, disabled }: LineRowProps) {
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
