import { type KitchenTicket, kitchenCalls, kitchenTicketEvent } from '@kitchaco/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { routePath } from '../../../api/call';
import { followEventStream, type LiveState, parseEventData } from '../../../lib/live/follow-event-stream';
import { staffSession } from '../../../lib/session/staff-session';
import { kitchenKeys } from '../api/kitchen-keys';
import type { KitchenBoard } from '../api/kitchen-tickets';
import { upsertTicket } from '../lib/tickets';

export type KitchenStreamState = LiveState;

/**
 * The kitchen's live tickets while the screen is open. Each `ticket` event is put into the held
 * list by id (a newer version wins); every `hello` (each connection, the first and each reconnect,
 * and the server's own resync) fetches kitchen_tickets again and merges it (see mergeTickets), since
 * events may have been missed meanwhile. A failed or ended stream reconnects with back-off; the
 * tickets on screen stay.
 */
export function useKitchenStream(token: string, locationId: number | null): KitchenStreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<KitchenStreamState>('connecting');

  useEffect(() => {
    const controller = new AbortController();
    const key = kitchenKeys.tickets(locationId);

    // Before the list has arrived there is nothing to put the ticket in: the list will hold it.
    // Another location's ticket (a stream that hears more than the screen shows) is not this one's.
    const apply = (ticket: KitchenTicket) =>
      queryClient.setQueryData<KitchenBoard>(key, (board) =>
        board && ticket.location_id === board.kitchaco
          ? { ...board, tickets: upsertTicket(board.tickets, ticket) }
          : board,
      );

    const stop = followEventStream({
      name: 'The kitchen event stream',
      url: routePath(kitchenCalls.kitchenEvents.url, undefined, { kitchaco: locationId ?? undefined }),
      token,
      signal: controller.signal,
      onState: setState,
      // The session ended elsewhere: the sign-in form shows again.
      onUnauthorized: () => {
        if (staffSession.get()?.token === token) staffSession.clear();
      },
      onEvent: (message) => {
        // The server says `hello` on connect, and again when it may have missed changes itself.
        if (message.event === 'hello') {
          void queryClient.refetchQueries({ queryKey: key, exact: true });
          return;
        }
        if (message.event !== 'ticket') return;
        const ticket = parseEventData(message, kitchenTicketEvent, 'a kitchen ticket event');
        if (ticket) apply(ticket);
      },
    });
    return () => {
      controller.abort();
      stop();
    };
  }, [token, locationId, queryClient]);

  return state;
}
