import {
  addMenuRequest,
  DEFAULT_MEAL_CATEGORY_ID,
  type MenuEditor,
  ON_SALE,
  WAITING_FOR_REVIEW,
} from '@kitchaco/domain';
import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAddMenu } from '../api/add-menu';
import { schemaRule, serverMessage } from '../form-errors';
import { type MealDraft, MealFields, priceOf } from './meal-fields';

interface MealAddFormProps {
  brandId: number;
  editor: MenuEditor;
  categories?: readonly { id: number; title: string }[] | undefined;
  /** The new meal's id, once the server has it. */
  onAdded: (mealId: number) => void;
}

function emptyDraft(editor: MenuEditor, categories: MealAddFormProps['categories']): MealDraft {
  const defaultCategory = categories?.some((c) => c.id === DEFAULT_MEAL_CATEGORY_ID)
    ? String(DEFAULT_MEAL_CATEGORY_ID)
    : null;
  return {
    meal_name: '',
    meal_price: '',
    status: editor === 'operator' ? WAITING_FOR_REVIEW : ON_SALE,
    description: '',
    category_id: editor === 'admin' ? defaultCategory : null,
    image: null,
  };
}

/**
 * The add page's form (render it once the categories are in, so Mains can be chosen by default): image, name, price, status, description (and the category for a super admin,
 * Mains by default). Combos and sub items come next, on the edit page.
 */
export function MealAddForm({ brandId, editor, categories, onAdded }: MealAddFormProps) {
  const add = useAddMenu();
  const requestOf = (draft: MealDraft) => ({
    meal_name: draft.meal_name,
    meal_status: draft.status,
    meal_price: priceOf(draft.meal_price),
    description: draft.description,
    vendor_id: brandId,
    ...(editor === 'admin' && draft.category_id ? { category_id: Number(draft.category_id) } : {}),
    ...(draft.image ? { image: draft.image } : {}),
  });
  const rule = schemaRule(addMenuRequest, requestOf);
  const form = useForm<MealDraft>({
    initialValues: emptyDraft(editor, categories),
    clearInputErrorOnChange: false,
    validate: (draft) => {
      const found = rule(draft);
      // The form names meal_status "status", like the edit form.
      return found.meal_status ? { ...found, status: found.meal_status } : found;
    },
  });

  const submit = form.onSubmit((draft) =>
    add.mutate(addMenuRequest.parse(requestOf(draft)), {
      onSuccess: ({ meal_id }) => {
        form.setValues(emptyDraft(editor, categories));
        onAdded(meal_id);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Add a meal">
      <Stack gap="lg">
        <Paper withBorder p="md">
          <MealFields
            draft={form.values}
            onChange={form.setValues}
            errors={form.errors}
            editor={editor}
            adding
            categories={categories}
            currentImage={null}
            seed={brandId}
            disabled={add.isPending}
          />
        </Paper>
        {add.error && (
          <Alert color="red" variant="light" role="alert">
            {serverMessage(add.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} size="md">
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
