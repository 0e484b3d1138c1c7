import { formatAUD, toMills } from '@kitchaco/domain';
import { ActionIcon, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { type CartLine, MAX_LINE_QUANTITY } from '../../../lib/cart/cart';
import { previewLineTotal } from '../../../lib/cart/cart-totals';

interface CartLinesProps {
  lines: readonly CartLine[];
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
}

function byVendor(lines: readonly CartLine[]) {
  const groups = new Map<number, { title: string; lines: CartLine[] }>();
  for (const line of lines) {
    const group = groups.get(line.vendorId) ?? { title: line.vendorTitle, lines: [] };
    group.lines.push(line);
    groups.set(line.vendorId, group);
  }
  return [...groups.entries()];
}

/** The cart's lines by restaurant, with quantity steppers, remove buttons and menu-priced totals. */
export function CartLines({ lines, onQuantity, onRemove }: CartLinesProps) {
  return (
    <Stack gap="lg">
      {byVendor(lines).map(([vendorId, group]) => (
        <Stack key={vendorId} gap="xs" component="section" aria-labelledby={`cart-vendor-${vendorId}`}>
          <Title order={2} fz="h4" id={`cart-vendor-${vendorId}`}>
            {group.title}
          </Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {group.lines.map((line) => (
              <Paper key={line.key} component="li" withBorder radius="md" p="md">
                <CartLineRow line={line} onQuantity={onQuantity} onRemove={onRemove} />
              </Paper>
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}

function CartLineRow({ line, onQuantity, onRemove }: { line: CartLine } & Omit<CartLinesProps, 'lines'>) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
      <Stack gap={2} miw={0} flex={1}>
        <Text fw={700}>{line.name}</Text>
        {line.subitem && <Text size="sm">{line.subitem.name}</Text>}
        {line.combos.map((combo) => (
          <Text key={combo.id} size="sm">
            + {combo.name} ({formatAUD(toMills(combo.price))})
          </Text>
        ))}
        {line.specialRequest && (
          <Text size="sm" c="dimmed" fs="italic">
            Request: {line.specialRequest}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {formatAUD(toMills(line.unitPrice))} each
        </Text>
      </Stack>
      <Group gap={6} wrap="nowrap" align="center">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`One less ${line.name}`}
          onClick={() => onQuantity(line.key, line.quantity - 1)}
          disabled={line.quantity <= 1}
        >
          <IconMinus aria-hidden size={16} />
        </ActionIcon>
        <NumberInput
          aria-label={`Quantity of ${line.name}`}
          value={line.quantity}
          min={1}
          max={MAX_LINE_QUANTITY}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          hideControls
          w={60}
          styles={{ input: { textAlign: 'center' } }}
          onChange={(value) => {
            if (typeof value === 'number' && value >= 1) onQuantity(line.key, value);
          }}
        />
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`One more ${line.name}`}
          onClick={() => onQuantity(line.key, line.quantity + 1)}
          disabled={line.quantity >= MAX_LINE_QUANTITY}
        >
          <IconPlus aria-hidden size={16} />
        </ActionIcon>
      </Group>
      <Text fw={700} w={90} ta="right">
        {formatAUD(previewLineTotal(line))}
      </Text>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={`Remove ${line.name}`}
        onClick={() => onRemove(line.key)}
      >
        <IconTrash aria-hidden size={18} />
      </ActionIcon>
    </Group>
  );
}
