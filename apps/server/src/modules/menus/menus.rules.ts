import { isOnSale, type MealStatus, type MenuChangeField, toFixedString, toMills } from '@kitchaco/domain';
import type { MenuChangeValues } from '../../db/schema/index.js';
import { invalid } from '../../http/errors.js';
import { imageOrNull } from '../../integrations/images.js';
import type * as q from './menus.queries.js';

/** A live meal's values as a change request keeps them. */
export function mealValues(meal: q.MealRow): MenuChangeValues {
  return {
    name: meal.name,
    price: toFixedString(toMills(meal.price)),
    description: meal.description,
    category_id: meal.categoryId,
    image: imageOrNull(meal.image),
    status: meal.status,
  };
}
export const comboValues = (c: q.ComboRow): MenuChangeValues => ({
  name: c.name,
  price: toFixedString(toMills(c.price)),
  status: c.status,
});
export const subitemValues = (s: q.SubitemRow): MenuChangeValues => ({ name: s.name, status: s.status });

/** The fields where two sets of values differ, in the review's order. */
export function changedFields(before: MenuChangeValues, after: MenuChangeValues): MenuChangeField[] {
  const changed: MenuChangeField[] = [];
  if (before.name !== after.name) changed.push('name');
  if (toMills(before.price ?? '0') !== toMills(after.price ?? '0')) changed.push('price');
  if ((before.description ?? '') !== (after.description ?? '')) changed.push('description');
  if ((before.category_id ?? null) !== (after.category_id ?? null)) changed.push('category');
  if (before.status !== after.status) changed.push('status');
  if ((before.image ?? null) !== (after.image ?? null)) changed.push('image');
  return changed;
}
export const sameValues = (a: MenuChangeValues, b: MenuChangeValues) => changedFields(a, b).length === 0;

/** The price-0 rule: an Enabled meal must cost something. */
export function checkPrice(price: string, status: MealStatus, message: string) {
  if (isOnSale(status) && toMills(price) <= 0) throw invalid(message, 'meal_price');
}
