import { MENU_MESSAGES, type MenuEditor } from '@kitchaco/domain';
import { Alert, Stack } from '@mantine/core';
import { useCategories } from '../api/get-categories';
import { useMenuBrand } from '../hooks/use-menu-brand';
import { MealAddForm } from './meal-add-form';
import { MenuHeading } from './menu-heading';
import { MenuLoadFailure, MenuLoading } from './menu-load-state';

/** The add page of a meal for either role: the brand it is added to, then the form. */
export function MealAddScreen({
  brandId,
  editor,
  appView,
  onAdded,
  listPath,
}: {
  brandId: number | null;
  editor: MenuEditor;
  appView: boolean;
  onAdded: (mealId: number, brand: { id: number; kitchaco: number }) => void;
  listPath: (brandId?: number) => string;
}) {
  const found = useMenuBrand(brandId, editor);
  const categories = useCategories(editor === 'admin');
  const back = appView ? null : { to: listPath(brandId ?? undefined), label: 'Back to the menu' };
  const level = appView ? 1 : 2;
  if (found.isPending || categories.isLoading) return <MenuLoading />;
  if (found.error) {
    return (
      <Stack>
        <MenuHeading title="Add meal" level={level} back={back} />
        <MenuLoadFailure title="The menu could not be loaded" error={found.error} />
      </Stack>
    );
  }
  const brand = found.brand;
  if (!brand) {
    return (
      <Stack>
        <MenuHeading title="Add meal" level={level} back={back} />
        <Alert color="red" variant="light" role="alert">
          {editor === 'admin' ? MENU_MESSAGES.selectBrand : MENU_MESSAGES.selectBrandAndRetry}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <MenuHeading
        title="Add meal"
        level={level}
        back={back}
        subtitle={`${brand.title} · ${brand.kitchaco__location}`}
      />
      <MealAddForm
        brandId={brand.id}
        editor={editor}
        categories={categories.data}
        onAdded={(mealId) => onAdded(mealId, brand)}
      />
    </Stack>
  );
}
