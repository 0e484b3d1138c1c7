import { normalizeMealName } from './marketplace-order.js';

export interface MatchableMeal {
  id: number;
  vendorId: number;
  /** The location of the meal's brand. */
  locationId: number;
  name: string;
  /** Enabled meals win over disabled ones of the same name. */
  enabled: boolean;
}

export interface MealMatch {
  mealId: number;
  vendorId: number;
}

/**
 * Matches a marketplace line's name to one of our meals. A store mapped to one brand looks only at
 * that brand's meals; a store without a brand looks at every brand of the location it was given.
 * Names are compared normalised (normalizeMealName). When several meals share the name, an enabled
 * one wins, then the lowest id, so the answer never depends on row order.
 */
export function mealMatcher(meals: readonly MatchableMeal[]) {
  const byName = new Map<string, MatchableMeal[]>();
  for (const meal of meals) {
    const key = normalizeMealName(meal.name);
    const list = byName.get(key) ?? [];
    list.push(meal);
    byName.set(key, list);
  }
  for (const list of byName.values()) {
    list.sort((a, b) => Number(b.enabled) - Number(a.enabled) || a.id - b.id);
  }
  return (name: string, store: { locationId: number; vendorId: number | null }): MealMatch | null => {
    const candidates = byName.get(normalizeMealName(name)) ?? [];
    const meal = candidates.find((m) =>
      store.vendorId === null ? m.locationId === store.locationId : m.vendorId === store.vendorId,
    );
    return meal ? { mealId: meal.id, vendorId: meal.vendorId } : null;
  };
}
