import { MENU_MESSAGES } from '@kitchaco/domain';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useReportFilters } from '../../../lib/report-filters/use-report-filters';
import { useNavigate, useSearchParams } from '../../../lib/router';
import type { StaffSession } from '../../../lib/session/staff-session';
import { editorOf } from '../menu-editor';
import { idFrom } from '../menu-list';
import { ADMIN_MENU_PATHS } from '../menu-paths';
import { MealAddScreen } from './meal-add-screen';

/**
 * `/admin-menu-add`'s screen. Once added: an operator goes on to the edit page; a super admin is
 * asked whether to add combos and sub items now (the edit page) or not (the list, the meal marked).
 */
export function AdminMealAdd({ session, appView }: { session: StaffSession; appView: boolean }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [, saveFilters] = useReportFilters();
  const editor = editorOf(session);
  const added = (mealId: number, brand: { id: number; kitchaco: number }) => {
    if (editor === 'operator') {
      notifications.show({ color: 'green', message: MENU_MESSAGES.addedOperator });
      navigate(ADMIN_MENU_PATHS.edit(mealId, appView));
      return;
    }
    modals.openConfirmModal({
      title: 'Meal added',
      children: <Text>{MENU_MESSAGES.addedAdmin}</Text>,
      labels: { confirm: 'Yes', cancel: 'No' },
      closeOnClickOutside: false,
      onConfirm: () => navigate(ADMIN_MENU_PATHS.edit(mealId, appView)),
      onCancel: () => {
        if (appView) return notifications.show({ color: 'green', message: MENU_MESSAGES.added });
        // The list opens on the brand's location, with the new meal marked.
        saveFilters({ locationId: brand.kitchaco });
        navigate(ADMIN_MENU_PATHS.list(brand.id, mealId));
      },
    });
  };
  return (
    <MealAddScreen
      brandId={idFrom(params.get('id'))}
      editor={editor}
      appView={appView}
      onAdded={added}
      listPath={(b) => ADMIN_MENU_PATHS.list(b)}
    />
  );
}
