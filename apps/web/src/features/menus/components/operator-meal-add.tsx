import { MENU_MESSAGES } from '@kitchaco/domain';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';
import { idFrom } from '../menu-list';
import { OPERATOR_MENU_PATHS } from '../menu-paths';
import { MealAddScreen } from './meal-add-screen';

/** `/operator-menu-add#{brandId}`'s screen; `#-1` alerts 'Please select a brand and try again.' and goes back. */
export function OperatorMealAdd() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const brandId = idFrom(hash);
  useEffect(() => {
    if (brandId !== null) return;
    // The spec's alert for `#-1` (no brand chosen), then back to the list.
    notifications.show({ id: 'select-brand', color: 'red', message: MENU_MESSAGES.selectBrandAndRetry });
    navigate(OPERATOR_MENU_PATHS.list(), { replace: true });
  }, [brandId, navigate]);
  if (brandId === null) return null;
  return (
    <MealAddScreen
      brandId={brandId}
      editor="operator"
      appView={false}
      listPath={OPERATOR_MENU_PATHS.list}
      onAdded={(mealId) => {
        notifications.show({ color: 'green', message: MENU_MESSAGES.addedOperator });
        navigate(OPERATOR_MENU_PATHS.edit(mealId));
      }}
    />
  );
}
