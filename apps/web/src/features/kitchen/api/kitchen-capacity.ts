import { kitchenCalls, type SaveKitchenCapacityRequest } from '@kitchaco/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { kitchenKeys } from './kitchen-keys';

/**
 * kitchen_capacity / save_kitchen_capacity: items per 15-minute slot and the busy switch
 * (docs/kitchen.md, "Capacity"). Operators their own location (`null`); super admins name one.
 */
export function useKitchenCapacity(locationId: number | null) {
  return useQuery({
    queryKey: kitchenKeys.capacity(locationId),
    queryFn: ({ signal }) =>
      staffCall(kitchenCalls.kitchenCapacity, locationId === null ? {} : { kitchaco: locationId }, {
        signal,
      }),
    refetchInterval: 60_000,
  });
}

export function useSaveKitchenCapacity(locationId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Omit<SaveKitchenCapacityRequest, 'kitchaco'>) =>
      staffCall(kitchenCalls.saveKitchenCapacity, {
        ...(locationId === null ? {} : { kitchaco: locationId }),
        ...change,
      }),
    onSuccess: (answer) => queryClient.setQueryData(kitchenKeys.capacity(locationId), answer),
  });
}
