import { type MealStatus, type MenuEditor, statusChoices } from '@kitchaco/domain';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { FormErrors } from '../form-errors';
import { MENUS_TEXT } from '../messages';
import { MealStatusBadge } from './meal-status-badge';

export interface ExtraRow {
  id: number;
  name: string;
  /** '' while the field is empty; sub items are always 0. */
  price: number | string;
  status: MealStatus;
}

interface ExtrasEditorProps {
  kind: 'combo' | 'subitem';
  rows: readonly ExtraRow[];
  onChange: (id: number, patch: Partial<ExtraRow>) => void;
  onAdd: () => void;
  editor: MenuEditor;
  /** Errors keyed `meal_combo.0.name`, ... */
  errors: FormErrors;
  disabled?: boolean;
}

const WORDS = {
  combo: {
    title: 'Combos',
    one: 'Combo',
    add: 'Add combo',
    field: 'meal_combo',
    empty: MENUS_TEXT.noCombos,
    explained: MENUS_TEXT.comboExplained,
  },
  subitem: {
    title: 'Sub items',
    one: 'Sub item',
    add: 'Add sub item',
    field: 'meal_subitem',
    empty: MENUS_TEXT.noSubitems,
    explained: MENUS_TEXT.subitemExplained,
  },
} as const;

/**
 * The combos or sub items of the meal being edited, each row editable (saved with the meal's Submit),
 * with an empty notice and an Add button that opens the add dialog. A sub item's price is always 0.00.
 * An operator cannot choose a status: whatever they change waits for review, shown by its badge.
 */
export function ExtrasEditor({ kind, rows, onChange, onAdd, editor, errors, disabled }: ExtrasEditorProps) {
  const words = WORDS[kind];
  const titleId = `${kind}-title`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h5" id={titleId}>
              {words.title}
            </Title>
            <Text size="sm" c="dimmed">
              {words.explained}
            </Text>
          </div>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconPlus aria-hidden size={16} />}
            onClick={onAdd}
            disabled={disabled}
          >
            {words.add}
          </Button>
        </Group>
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            {words.empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th w={150}>Price ($)</Table.Th>
                  <Table.Th w={220}>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => {
                  const at = `${words.field}.${index}`;
                  const label = `${words.one} ${index + 1}`;
                  return (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        <TextInput
                          aria-label={`${label} name`}
                          value={row.name}
                          onChange={(e) => onChange(row.id, { name: e.currentTarget.value })}
                          error={errors[`${at}.name`]}
                          maxLength={120}
                          disabled={disabled}
                        />
                      </Table.Td>
                      <Table.Td>
                        {kind === 'combo' ? (
                          <NumberInput
                            aria-label={`${label} price`}
                            value={row.price}
                            onChange={(price) => onChange(row.id, { price })}
                            error={errors[`${at}.price`]}
                            min={0}
                            max={10_000}
                            decimalScale={2}
                            fixedDecimalScale
                            allowNegative={false}
                            inputMode="decimal"
                            disabled={disabled}
                          />
                        ) : (
                          <TextInput aria-label={`${label} price`} value="0.00" readOnly variant="filled" />
                        )}
                      </Table.Td>
                      <Table.Td>
                        {editor === 'admin' ? (
                          <Select
                            aria-label={`${label} status`}
                            data={statusChoices(editor, false)}
                            value={row.status}
                            onChange={(next) => next && onChange(row.id, { status: next as MealStatus })}
                            allowDeselect={false}
                            disabled={disabled}
                            comboboxProps={{ withinPortal: true }}
                          />
                        ) : (
                          <MealStatusBadge status={row.status} />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
