import { addMenuRequest, DEFAULT_MEAL_CATEGORY_ID } from '@kitchaco/domain';
import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useAddMenu } from '../api/add-menu';
import { type FormErrors, formErrors, serverMessage } from '../form-errors';
import { type MealDraft, MealFields, type MenuRole, priceOf } from './meal-fields';

interface MealAddFormProps {
  brandId: number;
  editor: MenuRole;
  categories?: readonly { id: number; title: string }[] | undefined;
  /** The new meal's id, once the server has it. */
  onAdded: (mealId: number) => void;
}

function emptyDraft(editor: MenuRole, categories: MealAddFormProps['categories']): MealDraft {
  const defaultCategory = categories?.some((c) => c.id === DEFAULT_MEAL_CATEGORY_ID)
    ? String(DEFAULT_MEAL_CATEGORY_ID)
    : null;
  return {
    meal_name: '',
    meal_price: '',
    status: editor === 'operator' ? 'Waiting for review' : 'Enabled',
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
  const [draft, setDraft] = useState<MealDraft>(() => emptyDraft(editor, categories));
  const [errors, setErrors] = useState<FormErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = addMenuRequest.safeParse({
      meal_name: draft.meal_name,
      meal_status: draft.status,
      meal_price: priceOf(draft.meal_price),
      description: draft.description,
      vendor_id: brandId,
      ...(editor === 'admin' && draft.category_id ? { category_id: Number(draft.category_id) } : {}),
      ...(draft.image ? { image: draft.image } : {}),
    });
    if (!parsed.success) {
      const found = formErrors(parsed.error.issues);
      // The form names meal_status "status", like the edit form.
      return setErrors({ ...found, status: found.meal_status });
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: ({ meal_id }) => {
        setDraft(emptyDraft(editor, categories));
        onAdded(meal_id);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a meal">
      <Stack gap="lg">
        <Paper withBorder p="md">
          <MealFields
            draft={draft}
            onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
            errors={errors}
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
