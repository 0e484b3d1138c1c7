import { kitchenCalls } from '@kitchaco/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { kitchenKeys } from './kitchen-keys';

/**
 * pickup_board_link: the secret address of a location's pickup board (back office only: operators
 * for their own location, `null`; super admins name one). `rotate` makes a new one: the old stops.
 */
export function getPickupBoardLink(locationId: number | null, rotate: boolean, signal?: AbortSignal) {
  return staffCall(
    kitchenCalls.pickupBoardLink,
    { ...(locationId === null ? {} : { kitchaco: locationId }), ...(rotate ? { rotate: true } : {}) },
    { signal },
  );
}

export function usePickupBoardLink(locationId: number | null, enabled = true) {
  return useQuery({
    queryKey: kitchenKeys.pickupBoardLink(locationId),
    queryFn: ({ signal }) => getPickupBoardLink(locationId, false, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useRotatePickupBoardLink(locationId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getPickupBoardLink(locationId, true),
    onSuccess: (answer) => queryClient.setQueryData(kitchenKeys.pickupBoardLink(locationId), answer),
  });
}
