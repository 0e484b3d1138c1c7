import { type AdminMeal, MEAL_STATUS_ORDER } from '@kitchaco/domain';

/** The spec's four sort options, numbered 1 to 4 as it numbers them. */
export const MENU_SORTS = [
  { value: '1', label: 'A - Z' },
  { value: '2', label: 'Z - A' },
  { value: '3', label: 'Status: Enabled - Disabled' },
  { value: '4', label: 'Status: Disabled - Enabled' },
] as const;
export type MenuSort = (typeof MENU_SORTS)[number]['value'];

const byName = (a: AdminMeal, b: AdminMeal) =>
  a.meal_name.localeCompare(b.meal_name, 'en', { sensitivity: 'base', numeric: true }) || a.id - b.id;

/** The meals whose name contains the search text (any case), in the chosen order. */
export function shownMeals(meals: readonly AdminMeal[], search: string, sort: MenuSort): AdminMeal[] {
  const needle = search.trim().toLocaleLowerCase('en');
  const found = needle
    ? meals.filter((m) => m.meal_name.toLocaleLowerCase('en').includes(needle))
    : [...meals];
  switch (sort) {
    case '1':
      return found.sort(byName);
    case '2':
      return found.sort((a, b) => byName(b, a));
    case '3':
      return found.sort((a, b) => MEAL_STATUS_ORDER[a.status] - MEAL_STATUS_ORDER[b.status] || byName(a, b));
    case '4':
      return found.sort((a, b) => MEAL_STATUS_ORDER[b.status] - MEAL_STATUS_ORDER[a.status] || byName(a, b));
  }
}

/** A positive whole id from an address part (`?id=12`, `#12`), else null. */
export function idFrom(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').replace(/^#/, '').trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return id > 0 ? id : null;
}
