import { Anchor, Group, Stack } from '@mantine/core';
import { LocationSelect } from '../../../components/location-select';
import { useLocations } from '../../../lib/locations';
import { useReportFilters } from '../../../lib/report-filters/use-report-filters';
import { Link } from '../../../lib/router';
import { useAdminMenu } from '../api/get-admin-menu';
import { useBrandChoice } from '../hooks/use-brand-choice';
import { ADMIN_MENU_PATHS } from '../menu-paths';
import { MenuBrowser } from './menu-browser';
import { MenuHeading } from './menu-heading';
import { MenuLoadFailure } from './menu-load-state';

/** `/admin-menu`'s screen: every location's brands and meals (or one location's), and what waits. */
export function AdminMenu() {
  const locations = useLocations('staff');
  const [filters, saveFilters] = useReportFilters();
  const menu = useAdminMenu(filters.locationId);
  const brands = menu.data?.menu_details ?? null;
  const brand = useBrandChoice(brands);
  const waiting = menu.data?.waiting_for_review ?? 0;

  return (
    <Stack gap="lg">
      <MenuHeading
        title="Menus"
        subtitle="Every brand's meals in any status, with their combos and sub items."
      />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <LocationSelect
          locations={locations.data ?? []}
          value={filters.locationId}
          onChange={(locationId) => {
            saveFilters({ locationId });
            brand.clear();
          }}
          withAll
          disabled={!locations.data}
        />
        {waiting > 0 && (
          <Anchor component={Link} to="/admin-menu-review" fw={600}>
            {waiting} {waiting === 1 ? 'change waits' : 'changes wait'} for review
          </Anchor>
        )}
      </Group>
      {locations.error && (
        <MenuLoadFailure title="The locations could not be loaded" error={locations.error} />
      )}
      {menu.error ? (
        <MenuLoadFailure title="The menu could not be loaded" error={menu.error} />
      ) : (
        <MenuBrowser
          brands={brands}
          selectedBrandId={brand.selected}
          onSelectBrand={brand.select}
          showLocations={filters.locationId === 0}
          addPath={(brandId) => ADMIN_MENU_PATHS.add(brandId)}
          editPath={(mealId) => ADMIN_MENU_PATHS.edit(mealId)}
          highlightMealId={brand.highlightMealId}
        />
      )}
    </Stack>
  );
}
