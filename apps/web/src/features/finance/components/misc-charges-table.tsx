import { formatAUD, miscCharge, toMills } from '@kitchaco/domain';
import { Checkbox, NumberInput, Table, TextInput } from '@mantine/core';
import { NumTd, NumTh } from '../../../components/amounts';
import type { MiscSlot } from '../invoice-choices';

interface MiscChargesTableProps {
  slots: readonly MiscSlot[];
  /** Per slot, what is wrong with it (the domain schema's message), or null. */
  errors: readonly (string | null)[];
  onChange: (index: number, slot: MiscSlot) => void;
  disabled?: boolean;
}

/** A slot's GST and net as the domain computes them; zero while the amount is not a number yet. */
function split(slot: MiscSlot) {
  const n = typeof slot.gross === 'number' ? slot.gross : Number(slot.gross || 0);
  try {
    return miscCharge(Number.isFinite(n) ? toMills(n) : 0, slot.has_gst);
  } catch {
    return miscCharge(0, slot.has_gst);
  }
}

/**
 * The five miscellaneous charge slots: a label, the gross amount and whether it includes GST; the
 * GST and net beside each are computed as typed (with GST: gross/11 and gross/1.1).
 */
export function MiscChargesTable({ slots, errors, onChange, disabled }: MiscChargesTableProps) {
  return (
    <Table verticalSpacing={6} aria-label="Miscellaneous charges" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Charge</Table.Th>
          <Table.Th>Gross amount</Table.Th>
          <Table.Th>GST</Table.Th>
          <NumTh>GST amount</NumTh>
          <NumTh>Net</NumTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {slots.map((slot, index) => {
          const n = index + 1;
          const amounts = split(slot);
          const error = errors[index] ?? null;
          return (
            // Slots are fixed positions: the index is the slot.
            // biome-ignore lint/suspicious/noArrayIndexKey: five fixed slots
            <Table.Tr key={index}>
              <Table.Td>
                <TextInput
                  aria-label={`Charge ${n} label`}
                  placeholder={`Charge ${n}`}
                  value={slot.label}
                  onChange={(e) => onChange(index, { ...slot, label: e.currentTarget.value })}
                  maxLength={80}
                  size="xs"
                  disabled={disabled}
                />
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`Charge ${n} gross amount`}
                  value={slot.gross}
                  onChange={(value) => onChange(index, { ...slot, gross: value })}
                  decimalScale={2}
                  prefix="$"
                  thousandSeparator=","
                  hideControls
                  size="xs"
                  w={130}
                  error={error}
                  disabled={disabled}
                />
              </Table.Td>
              <Table.Td>
                <Checkbox
                  aria-label={`Charge ${n} includes GST`}
                  checked={slot.has_gst}
                  onChange={(e) => onChange(index, { ...slot, has_gst: e.currentTarget.checked })}
                  disabled={disabled}
                />
              </Table.Td>
              <NumTd>{formatAUD(amounts.gst)}</NumTd>
              <NumTd>{formatAUD(amounts.net)}</NumTd>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
