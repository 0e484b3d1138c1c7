import { type KitchenTicketsResponse, kitchenCalls } from '@kitchaco/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { staffCall } from '../../../api';
import { mergeTickets } from '../lib/tickets';
import { kitchenKeys } from './kitchen-keys';

/**
 * kitchen_tickets: a location's open tickets (and done ones of the last 15 minutes) with the server's
 * time. A kitchen or operator account reads its own location (`null`); a super admin names one.
 */
export function getKitchenTickets(locationId: number | null, signal?: AbortSignal) {
  return staffCall(kitchenCalls.kitchenTickets, locationId === null ? {} : { kitchaco: locationId }, {
    signal,
  });
}

/**
 * What the screen holds: the last answer merged by ticket id with what it held before (the stream's
 * newer versions and tickets made meanwhile survive a refetch; nothing is listed twice), and the
 * offset of the server's clock from this device's, for ages and countdowns.
 */
export interface KitchenBoard {
  kitchaco: number;
  tickets: KitchenTicketsResponse['tickets'];
  /** The location's time zone: the screen's clock and times are the location's. */
  timeZone: string;
  /** Server time minus this device's time, in milliseconds. */
  clockOffsetMs: number;
}

export const kitchenQueries = {
  tickets: (locationId: number | null, held: () => KitchenBoard | undefined) =>
    queryOptions({
      queryKey: kitchenKeys.tickets(locationId),
      queryFn: async ({ signal }): Promise<KitchenBoard> => {
        const answer = await getKitchenTickets(locationId, signal);
        return {
          kitchaco: answer.kitchaco,
          tickets: mergeTickets(held()?.tickets ?? [], answer),
          timeZone: answer.time_zone,
          clockOffsetMs: Date.parse(answer.now) - Date.now(),
        };
      },
      // The stream keeps the list fresh; a refetch happens on every (re)connect of the stream.
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
    }),
};

export function useKitchenTickets(locationId: number | null) {
  const queryClient = useQueryClient();
  const held = useCallback(
    () => queryClient.getQueryData<KitchenBoard>(kitchenKeys.tickets(locationId)),
    [queryClient, locationId],
  );
  return useQuery(kitchenQueries.tickets(locationId, held));
}
