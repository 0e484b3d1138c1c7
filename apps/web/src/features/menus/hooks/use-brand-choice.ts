import { useSearchParams } from '../../../lib/router';
import { idFrom } from '../menu-list';

/**
 * The brand a menu list shows: the address's `?brand=` when the list has it, else the first;
 * `?meal=` marks a meal (a new one, say).
 */
export function useBrandChoice(brands: readonly { id: number }[] | null) {
  const [params, setParams] = useSearchParams();
  const wanted = idFrom(params.get('brand'));
  return {
    selected: brands?.find((b) => b.id === wanted)?.id ?? brands?.[0]?.id ?? null,
    highlightMealId: idFrom(params.get('meal')),
    select: (brand: number) => setParams({ brand: String(brand) }, { replace: true }),
    clear: () => setParams({}, { replace: true }),
  };
}
