import { isWaitingForReview, type MenuEditor, updateMenuRequest, WAITING_FOR_REVIEW } from '@kitchaco/domain';
import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { MenuItem } from '../api/get-menu-item';
import { useUpdateMenu } from '../api/update-menu';
import { schemaRule, serverMessage } from '../form-errors';
import { MENUS_TEXT } from '../messages';
import { AddExtraDialog, type ExtraKind } from './add-extra-dialog';
import { type ExtraRow, ExtrasEditor } from './extras-editor';
import { type MealDraft, MealFields, priceOf } from './meal-fields';
import { openRejection, pendingChangesOf, ReviewStatus } from './review-status';

interface MealEditFormProps {
  /** The meal as the server has it; read again after every save and add. */
  item: MenuItem;
  editor: MenuEditor;
  categories?: readonly { id: number; title: string }[] | undefined;
}

/**
 * The form's starting values. An operator continues their pending change (what they proposed),
 * a super admin edits the live meal.
 */
function draftOf(item: MenuItem, editor: MenuEditor): MealDraft {
  const proposed = editor === 'operator' ? item.pending_change?.after : undefined;
  return {
    meal_name: proposed?.name ?? item.meal_name,
    meal_price: proposed?.price ?? item.meal_price,
    status: editor === 'operator' ? WAITING_FOR_REVIEW : item.status,
    description: proposed?.description ?? item.description,
    category_id: item.category_id === null ? null : String(item.category_id),
    image: null,
  };
}

/** A combo or sub item as the form starts it: for an operator, with their pending change on top. */
function rowOf<
  T extends { name: string; price: number; pending_change?: { after: { name: string; price: number } } },
>(row: T, editor: MenuEditor): T {
  const proposed = editor === 'operator' ? row.pending_change?.after : undefined;
  return proposed ? { ...row, name: proposed.name, price: proposed.price } : row;
}

/** The form's values: the meal's fields, and what was typed into its combos and sub items by id. */
interface EditValues extends MealDraft {
  comboEdits: Record<number, Partial<ExtraRow>>;
  subitemEdits: Record<number, Partial<ExtraRow>>;
}

/** Rows as the server has them with the changes typed here on top. */
function withEdits<T extends { id: number }>(rows: readonly T[], edits: Record<number, Partial<ExtraRow>>) {
  return rows.map((row) => ({ ...row, ...edits[row.id] }));
}

/**
 * The edit page's form: the meal's fields, its combos and sub items (edited in place, saved with
 * Submit) and the add dialogs (saved at once). What is typed stays when a combo is added meanwhile.
 * A super admin's save is live; an operator's waits for review, which the page then says.
 */
export function MealEditForm({ item, editor, categories }: MealEditFormProps) {
  const update = useUpdateMenu();
  const [saved, setSaved] = useState(false);
  const [adding, setAdding] = useState<ExtraKind | null>(null);

  const rowsOf = (values: EditValues) => ({
    combos: withEdits(
      item.meal_combo.map((c) => rowOf(c, editor)),
      values.comboEdits,
    ),
    subitems: withEdits(
      item.meal_subitem.map((s) => rowOf(s, editor)),
      values.subitemEdits,
    ),
  });
  const requestOf = (values: EditValues) => {
    const { combos, subitems } = rowsOf(values);
    return {
      menu_item: {
        id: item.id,
        meal_name: values.meal_name,
        meal_price: priceOf(values.meal_price),
        status: values.status,
        description: values.description,
        ...(editor === 'admin'
          ? { category_id: values.category_id ? Number(values.category_id) : null }
          : {}),
        meal_combo: combos.map((c) => ({
          id: c.id,
          name: c.name,
          price: priceOf(c.price),
          status: c.status,
        })),
        meal_subitem: subitems.map((s) => ({ id: s.id, name: s.name, status: s.status })),
      },
      ...(values.image ? { image: values.image } : {}),
    };
  };
  const form = useForm<EditValues>({
    initialValues: { ...draftOf(item, editor), comboEdits: {}, subitemEdits: {} },
    clearInputErrorOnChange: false,
    validate: schemaRule(updateMenuRequest, requestOf),
  });

  const { combos, subitems } = rowsOf(form.values);
  const rejection = openRejection(item);
  const change = (patch: Partial<MealDraft>) => {
    setSaved(false);
    form.setValues(patch);
  };
  const editRow = (field: 'comboEdits' | 'subitemEdits') => (id: number, patch: Partial<ExtraRow>) => {
    setSaved(false);
    form.setFieldValue(field, (edits) => ({ ...edits, [id]: { ...edits[id], ...patch } }));
  };

  const submit = form.onSubmit(
    (values) => {
      setSaved(false);
      update.mutate(updateMenuRequest.parse(requestOf(values)), {
        onSuccess: () => {
          // The lists were read again before this runs: the rows now hold what was saved.
          form.setValues({ comboEdits: {}, subitemEdits: {}, image: null });
          setSaved(true);
        },
      });
    },
    () => setSaved(false),
  );

  return (
    <Stack gap="lg">
      {isWaitingForReview(item.status) && (
        <Alert color="yellow" variant="light" title="Waiting for review">
          {MENUS_TEXT.waitingBanner}
        </Alert>
      )}
      {editor === 'operator' && <ReviewStatus item={item} />}
      {editor === 'admin' && pendingChangesOf(item).length > 0 && (
        <Alert color="yellow" variant="light" title="An operator's change waits for review">
          Customers see the live values below until it is decided in Menu Review. What you save here is live
          at once; approving the change later writes only the fields the operator changed.
        </Alert>
      )}
      {editor === 'admin' && rejection && (
        <Alert color="red" variant="light" title="Last change rejected">
          {rejection.reason ? `Rejected: ${rejection.reason}` : 'Rejected.'}
        </Alert>
      )}
      {item.status === 'Rejected' && !rejection && (
        <Alert color="red" variant="light" title="Rejected">
          {MENUS_TEXT.rejectedBanner}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label={`Edit ${item.meal_name}`}>
        <Stack gap="lg">
          <Paper withBorder p="md">
            <MealFields
              draft={form.values}
              onChange={change}
              errors={form.errors}
              editor={editor}
              adding={false}
              categories={categories}
              currentImage={
                (editor === 'operator' ? item.pending_change?.after.image : undefined) ?? item.meal_image
              }
              seed={item.id}
              disabled={update.isPending}
            />
          </Paper>
          <ExtrasEditor
            kind="combo"
            rows={combos}
            onChange={editRow('comboEdits')}
            onAdd={() => setAdding('Combo')}
            editor={editor}
            errors={form.errors}
            disabled={update.isPending}
          />
          <ExtrasEditor
            kind="subitem"
            rows={subitems.map((s) => ({ ...s, price: 0 }))}
            onChange={editRow('subitemEdits')}
            onAdd={() => setAdding('SubItem')}
            editor={editor}
            errors={form.errors}
            disabled={update.isPending}
          />
          {update.error && (
            <Alert color="red" variant="light" role="alert">
              {serverMessage(update.error)}
            </Alert>
          )}
          {saved && (
            <Alert color="green" variant="light" role="status">
              {editor === 'operator' ? MENUS_TEXT.savedForReview : MENUS_TEXT.updated}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} size="md">
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
      <AddExtraDialog
        mealId={item.id}
        mealName={item.meal_name}
        kind={adding}
        editor={editor}
        onClose={() => setAdding(null)}
      />
    </Stack>
  );
}
