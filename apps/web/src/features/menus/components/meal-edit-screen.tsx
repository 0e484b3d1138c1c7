import type { MenuEditor } from '@kitchaco/domain';
import { Alert, Stack } from '@mantine/core';
import { useCategories } from '../api/get-categories';
import { useMenuItem } from '../api/get-menu-item';
import { MealEditForm } from './meal-edit-form';
import { MenuHeading } from './menu-heading';
import { MenuLoadFailure, MenuLoading } from './menu-load-state';

/** The edit page of a meal for either role, with a way back to the list (none in the app view). */
export function MealEditScreen({
  mealId,
  editor,
  appView,
  listPath,
}: {
  mealId: number | null;
  editor: MenuEditor;
  appView: boolean;
  listPath: (brandId?: number) => string;
}) {
  const item = useMenuItem(mealId);
  const categories = useCategories(editor === 'admin');
  const back = appView ? null : { to: listPath(item.data?.vendor_id), label: 'Back to the menu' };
  const level = appView ? 1 : 2;
  if (mealId === null) {
    return (
      <Stack>
        <MenuHeading title="Edit meal" level={level} back={back} />
        <Alert color="red" variant="light" role="alert">
          This address does not name a meal. Please open the meal from the menu list.
        </Alert>
      </Stack>
    );
  }
  if (item.isPending) return <MenuLoading />;
  if (item.error) {
    return (
      <Stack>
        <MenuHeading title="Edit meal" level={level} back={back} />
        <MenuLoadFailure title="The meal could not be loaded" error={item.error} />
      </Stack>
    );
  }
  const meal = item.data;
  return (
    <Stack gap="lg">
      <MenuHeading
        title="Edit meal"
        level={level}
        back={back}
        subtitle={`${meal.meal_name} · ${meal.vendor_title}`}
      />
      <MealEditForm key={meal.id} item={meal} editor={editor} categories={categories.data} />
    </Stack>
  );
}
