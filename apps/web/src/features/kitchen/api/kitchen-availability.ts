import {
  type AddClosureRequest,
  type KitchenAvailabilityResponse,
  kitchenCalls,
  type SaveOpeningHoursRequest,
  type SetMealSoldOutRequest,
} from '@kitchaco/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { kitchenKeys } from './kitchen-keys';

/**
 * kitchen_availability and its writes (docs/kitchen.md, "Hours, closures and sold-out items"):
 * operators and kitchen staff their own location (`null`); super admins name one.
 */
const where = (locationId: number | null) => (locationId === null ? {} : { kitchaco: locationId });

/** `enabled: false` (the kitchen's closed sold-out panel) asks nothing until it opens. */
export function useKitchenAvailability(locationId: number | null, enabled = true) {
  return useQuery({
    enabled,
    queryKey: kitchenKeys.availability(locationId),
    queryFn: ({ signal }) => staffCall(kitchenCalls.kitchenAvailability, where(locationId), { signal }),
    refetchInterval: 60_000,
  });
}

type Meal = KitchenAvailabilityResponse['brands'][number]['meals'][number];

const withMeal = (
  data: KitchenAvailabilityResponse | undefined,
  mealId: number,
  change: (meal: Meal) => Meal,
): KitchenAvailabilityResponse | undefined =>
  data && {
    ...data,
    brands: data.brands.map((b) => ({
      ...b,
      meals: b.meals.map((m) => (m.id === mealId ? change(m) : m)),
    })),
  };

/**
 * set_meal_sold_out, optimistic: the meal shows its new state at once ("today" as the answer's
 * `sold_out_today_until`), the server's answer replaces it, a refusal puts the old one back.
 */
export function useSetMealSoldOut(locationId: number | null) {
  const queryClient = useQueryClient();
  const key = kitchenKeys.availability(locationId);
  return useMutation({
    mutationFn: (change: SetMealSoldOutRequest) => staffCall(kitchenCalls.setMealSoldOut, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<KitchenAvailabilityResponse>(key);
      const until = change.until === 'today' ? (before?.sold_out_today_until ?? null) : change.until;
      queryClient.setQueryData(
        key,
        withMeal(before, change.meal_id, (m) => ({ ...m, sold_out_until: until })),
      );
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (answer) =>
      queryClient.setQueryData<KitchenAvailabilityResponse>(key, (data) =>
        withMeal(data, answer.meal_id, (m) => ({ ...m, sold_out_until: answer.sold_out_until })),
      ),
  });
}

/** The three back-office writes answer with the whole availability, which replaces the screen's. */
function useAvailabilityWrite<I>(
  locationId: number | null,
  call: (input: I) => Promise<KitchenAvailabilityResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(kitchenKeys.availability(locationId), answer),
  });
}

export function useSaveOpeningHours(locationId: number | null) {
  return useAvailabilityWrite(locationId, (change: Omit<SaveOpeningHoursRequest, 'kitchaco'>) =>
    staffCall(kitchenCalls.saveOpeningHours, { ...where(locationId), ...change }),
  );
}

export function useAddClosure(locationId: number | null) {
  return useAvailabilityWrite(locationId, (closure: Omit<AddClosureRequest, 'kitchaco'>) =>
    staffCall(kitchenCalls.addClosure, { ...where(locationId), ...closure }),
  );
}

export function useRemoveClosure(locationId: number | null) {
  return useAvailabilityWrite(locationId, (id: number) => staffCall(kitchenCalls.removeClosure, { id }));
}
