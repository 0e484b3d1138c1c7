/** A `datetime-local` value (this device's clock) for an instant: "2026-12-02T14:30". */
export function localInputValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** Meals whose name contains every word typed, brands without a match left out. */
export function searchMeals<M extends { meal_name: string }, B extends { meals: M[] }>(
  brands: readonly B[],
  search: string,
): B[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...brands];
  return brands
    .map((b) => ({
      ...b,
      meals: b.meals.filter((m) => words.every((w) => m.meal_name.toLowerCase().includes(w))),
    }))
    .filter((b) => b.meals.length > 0);
}
