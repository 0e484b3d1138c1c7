import { type KitchenTicket, kitchenCalls, kitchenTicketEvent } from '@kitchaco/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { routePath } from '../../../api/call';
import { staffSession } from '../../../lib/session/staff-session';
// The one reader of `text/event-stream` bodies, shared with the customer's live order status.
import { readServerSentEvents } from '../../orders/server-sent-events';
import { kitchenKeys } from '../api/kitchen-keys';
import type { KitchenBoard } from '../api/kitchen-tickets';
import { upsertTicket } from '../lib/tickets';

export type KitchenStreamState = 'connecting' | 'live' | 'reconnecting';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * The kitchen's live tickets while the screen is open. Like the customer's order events, the stream
 * is read with fetch (the staff token travels in the Authorization header, never in a URL). Each
 * `ticket` event is put into the held list by id (a newer version wins); every connection, the first
 * and each reconnect, fetches kitchen_tickets again and merges it (see mergeTickets), since events
 * may have been missed meanwhile. A failed or ended stream reconnects with back-off; the tickets on
 * screen stay.
 */
export function useKitchenStream(token: string, locationId: number | null): KitchenStreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<KitchenStreamState>('connecting');

  useEffect(() => {
    const controller = new AbortController();
    const key = kitchenKeys.tickets(locationId);
    let retries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    // Before the list has arrived there is nothing to put the ticket in: the list will hold it.
    // Another location's ticket (a stream that hears more than the screen shows) is not this one's.
    const apply = (ticket: KitchenTicket) =>
      queryClient.setQueryData<KitchenBoard>(key, (board) =>
        board && ticket.location_id === board.kitchaco
          ? { ...board, tickets: upsertTicket(board.tickets, ticket) }
          : board,
      );

    const url = routePath(kitchenCalls.kitchenEvents.url, undefined, {
      kitchaco: locationId ?? undefined,
    });

    const connect = async () => {
      try {
        const response = await fetch(url, {
          headers: { Authorization: `Token ${token}`, Accept: 'text/event-stream' },
          cache: 'no-store',
          signal: controller.signal,
        });
        if (response.status === 401) {
          // The session ended elsewhere: the sign-in form shows again.
          if (staffSession.get()?.token === token) staffSession.clear();
          return;
        }
        if (!response.ok || !response.body)
          throw new Error(`The kitchen event stream answered ${response.status}`);
        setState('live');
        retries = 0;
        // Whatever happened before this connection is only in the list: read it again (a fetch
        // started now, after the subscription) and merge. The server says `hello` on connect, and
        // again when it may have missed changes itself.
        const resync = () => void queryClient.refetchQueries({ queryKey: key, exact: true });
        await readServerSentEvents(response.body, (message) => {
          if (message.event === 'hello') {
            resync();
            return;
          }
          if (message.event !== 'ticket') return;
          try {
            const parsed = kitchenTicketEvent.safeParse(JSON.parse(message.data));
            if (parsed.success) apply(parsed.data);
            else console.warn('Ignored a kitchen ticket event of an unexpected shape', parsed.error);
          } catch (error) {
            console.warn('Ignored a kitchen ticket event that is not JSON', error);
          }
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.info('The kitchen event stream failed; reconnecting', error);
      }
      if (controller.signal.aborted) return;
      setState('reconnecting');
      const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** retries) * (0.75 + Math.random() / 2);
      retries += 1;
      timer = setTimeout(connect, delay);
    };

    setState('connecting');
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [token, locationId, queryClient]);

  return state;
}
