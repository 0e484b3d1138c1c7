import { addComboSubitemRequest, type MealStatus, type MenuEditor, statusChoices } from '@kitchaco/domain';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useAddComboSubitem } from '../api/add-combo-subitem';
import { schemaRule, serverMessage } from '../form-errors';
import { MENUS_TEXT } from '../messages';
import { priceOf } from './meal-fields';

export type ExtraKind = 'Combo' | 'SubItem';

const TITLES: Record<ExtraKind, string> = { Combo: 'Add New Combo', SubItem: 'Add New Sub Item' };

interface ExtraValues {
  name: string;
  /** '' while the field is empty. */
  price: number | string;
  status: MealStatus;
}

interface AddExtraDialogProps {
  mealId: number;
  mealName: string;
  /** The kind being added; null when closed. */
  kind: ExtraKind | null;
  editor: MenuEditor;
  onClose: () => void;
}

/**
 * Adds one combo or sub item to a meal at once (add_menu_subitem_combo). The dialog explains the
 * difference; a super admin chooses Enabled or Disabled, an operator's waits for review. After an add
 * it asks whether to add more: Yes clears the fields for the next one, No closes.
 */
export function AddExtraDialog({ mealId, mealName, kind, editor, onClose }: AddExtraDialogProps) {
  // Kept while the dialog closes, so its title does not vanish mid-way.
  const [shown, setShown] = useState<ExtraKind>(kind ?? 'Combo');
  if (kind && kind !== shown) setShown(kind);
  const statuses = statusChoices(editor, true);
  const [added, setAdded] = useState(false);
  const add = useAddComboSubitem();
  const requestOf = (values: ExtraValues) => ({
    meal_id: mealId,
    add_type: shown,
    type_name: values.name,
    type_price: shown === 'Combo' ? priceOf(values.price) : 0,
    type_status: values.status,
  });
  const form = useForm<ExtraValues>({
    initialValues: { name: '', price: '', status: statuses[0]! },
    clearInputErrorOnChange: false,
    validate: schemaRule(addComboSubitemRequest, requestOf),
  });

  const clear = () => {
    form.reset();
    setAdded(false);
    add.reset();
  };
  const close = () => {
    clear();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    add.mutate(addComboSubitemRequest.parse(requestOf(values)), { onSuccess: () => setAdded(true) }),
  );

  const noun = shown === 'Combo' ? 'combo' : 'sub item';
  return (
    <Modal opened={kind !== null} onClose={close} title={TITLES[shown]} centered size="lg">
      {added ? (
        <Stack>
          <Alert color="green" variant="light" role="status">
            {MENUS_TEXT.addMore}
          </Alert>
          {editor === 'operator' && <Text size="sm">{MENUS_TEXT.operatorStatus}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              No
            </Button>
            <Button onClick={clear} data-autofocus>
              Yes
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">
              {MENUS_TEXT.comboExplained} {MENUS_TEXT.subitemExplained}
            </Text>
            <Text size="sm" c="dimmed">
              Adding a {noun} to {mealName}. It is saved as soon as you press Add.
            </Text>
            {add.error && (
              <Alert color="red" variant="light" role="alert">
                {serverMessage(add.error)}
              </Alert>
            )}
            <TextInput
              label="Name"
              value={form.values.name}
              onChange={(e) => form.setFieldValue('name', e.currentTarget.value)}
              error={form.errors.type_name}
              maxLength={120}
              required
              data-autofocus
            />
            {shown === 'Combo' && (
              <NumberInput
                label="Price ($)"
                value={form.values.price}
                onChange={(price) => form.setFieldValue('price', price)}
                error={form.errors.type_price}
                min={0}
                max={10_000}
                decimalScale={2}
                fixedDecimalScale
                allowNegative={false}
                inputMode="decimal"
                required
              />
            )}
            <Select
              label="Status"
              data={statuses}
              value={form.values.status}
              onChange={(next) => next && form.setFieldValue('status', next as MealStatus)}
              allowDeselect={false}
              readOnly={editor === 'operator'}
              comboboxProps={{ withinPortal: true }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={add.isPending}>
                Add
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
