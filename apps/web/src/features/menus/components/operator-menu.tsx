import { Stack } from '@mantine/core';
import { useAdminMenu } from '../api/get-admin-menu';
import { OPERATOR_LOCATION } from '../api/menu-keys';
import { useBrandChoice } from '../hooks/use-brand-choice';
import { OPERATOR_MENU_PATHS } from '../menu-paths';
import { MenuBrowser } from './menu-browser';
import { MenuHeading } from './menu-heading';
import { MenuLoadFailure } from './menu-load-state';

/** `/operator-admin-menu`'s screen: the brands of the operator's location. */
export function OperatorMenu() {
  const menu = useAdminMenu(OPERATOR_LOCATION);
  const brands = menu.data?.menu_details ?? null;
  const brand = useBrandChoice(brands);
  // The location's name as the menu has it (the session keeps its address, shown in the header).
  const location = brands?.[0]?.kitchaco__location ?? '';
  return (
    <Stack gap="lg">
      <MenuHeading
        title={location ? `Menu of ${location}` : 'Menu'}
        subtitle="The brands at your location. Your new meals and changes wait for the super admin's review."
      />
      {menu.error ? (
        <MenuLoadFailure title="The menu could not be loaded" error={menu.error} />
      ) : (
        <MenuBrowser
          brands={brands}
          selectedBrandId={brand.selected}
          onSelectBrand={brand.select}
          showLocations={false}
          addPath={OPERATOR_MENU_PATHS.add}
          editPath={OPERATOR_MENU_PATHS.edit}
          highlightMealId={brand.highlightMealId}
        />
      )}
    </Stack>
  );
}
