import type { AdminBrand } from '@kitchaco/domain';
import {
  Button,
  Group,
  NavLink,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocations } from '../../../lib/locations';
import { Link } from '../../../lib/router';
import { MENU_SORTS, type MenuSort, shownMeals } from '../menu-list';
import { MENUS_TEXT } from '../messages';
import { MealCard } from './meal-card';

interface MenuBrowserProps {
  /** Null while the menu loads. */
  brands: readonly AdminBrand[] | null;
  selectedBrandId: number | null;
  onSelectBrand: (brandId: number) => void;
  /** Brands of several locations: each brand shows its location. */
  showLocations: boolean;
  addPath: (brandId: number | null) => string;
  editPath: (mealId: number) => string;
  /** The meal to mark and scroll to (just added). */
  highlightMealId?: number | null;
}

/**
 * The management list of a menu: brands on the left (the chosen one highlighted), then search, sort,
 * Add and the chosen brand's meals as cards. 'Loading...' while loading, 'No results' when empty.
 */
export function MenuBrowser({
  brands,
  selectedBrandId,
  onSelectBrand,
  showLocations,
  addPath,
  editPath,
  highlightMealId = null,
}: MenuBrowserProps) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MenuSort>('1');
  const brand = brands?.find((b) => b.id === selectedBrandId) ?? null;
  const locations = useLocations('staff');
  const timeZone = locations.data?.find((l) => l.id === brand?.kitchaco)?.time_zone;
  const meals = brand ? shownMeals(brand.meals, search, sort) : [];

  useEffect(() => {
    if (highlightMealId === null || !brand) return;
    document.getElementById(`meal-card-${highlightMealId}`)?.scrollIntoView({ block: 'center' });
  }, [highlightMealId, brand]);

  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <Paper
        withBorder
        p="xs"
        w={260}
        style={{ flex: 'none' }}
        component="section"
        aria-labelledby="brands-title"
      >
        <Title order={2} size="h5" id="brands-title" px="xs" py={4}>
          Brands
        </Title>
        <ScrollArea.Autosize mah="70vh" type="auto" offsetScrollbars>
          {brands === null && (
            <Text size="sm" c="dimmed" px="xs">
              {MENUS_TEXT.loading}
            </Text>
          )}
          {brands?.length === 0 && (
            <Text size="sm" c="dimmed" px="xs">
              No brands at this location.
            </Text>
          )}
          <Stack gap={2} mt={4}>
            {brands?.map((b) => (
              <NavLink
                key={b.id}
                component="button"
                type="button"
                label={b.title}
                description={showLocations ? b.kitchaco__location : undefined}
                rightSection={
                  <Text size="xs" c={b.id === selectedBrandId ? undefined : 'dimmed'} aria-hidden>
                    {b.meals.length}
                  </Text>
                }
                active={b.id === selectedBrandId}
                aria-pressed={b.id === selectedBrandId}
                aria-label={`${b.title}${showLocations ? `, ${b.kitchaco__location}` : ''}, ${b.meals.length} meals`}
                variant="filled"
                onClick={() => onSelectBrand(b.id)}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Paper>

      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Search meals"
              placeholder="Meal name"
              leftSection={<IconSearch aria-hidden size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={260}
            />
            <Select
              label="Sort"
              data={MENU_SORTS}
              value={sort}
              onChange={(next) => next && setSort(next as MenuSort)}
              allowDeselect={false}
              w={250}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          <Button
            component={Link}
            to={addPath(brand?.id ?? null)}
            leftSection={<IconPlus aria-hidden size={16} />}
            aria-label={brand ? `Add a meal to ${brand.title}` : 'Add a meal'}
          >
            Add
          </Button>
        </Group>
        {brand && (
          <Title order={2} size="h4">
            {brand.title}
            {showLocations && (
              <Text component="span" c="dimmed" fw={400} inherit>
                {' '}
                · {brand.kitchaco__location}
              </Text>
            )}
          </Title>
        )}
        {brands === null ? (
          <Text role="status">{MENUS_TEXT.loading}</Text>
        ) : meals.length === 0 ? (
          <Paper withBorder p="xl">
            <Text ta="center" c="dimmed" role="status">
              {MENUS_TEXT.noResults}
            </Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {meals.map((meal) => (
              <MealCard
                key={meal.id}
                meal={meal}
                timeZone={timeZone}
                editPath={editPath(meal.id)}
                highlighted={meal.id === highlightMealId}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Group>
  );
}
