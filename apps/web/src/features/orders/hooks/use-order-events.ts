import { type CustomerOrder, type OrderStatusEvent, orderStatusEvent, ordersCalls } from '@kitchaco/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { followEventStream, type LiveState, parseEventData } from '../../../lib/live/follow-event-stream';
import { customerSession } from '../../../lib/session/customer-session';
import { orderQueries } from '../api/orders';

export type OrderEventsState = LiveState;

/**
 * Live order status while the page is open. Each status event updates the cached order list in
 * place; when the stream ends or fails it reconnects with back-off and refetches the list, since
 * events may have been missed meanwhile.
 */
export function useOrderEvents(
  session: { token: string; userId: number } | null,
  onStatus: (event: OrderStatusEvent) => void,
): OrderEventsState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<OrderEventsState>('connecting');
  const announce = useEffectEvent(onStatus);
  const token = session?.token;
  const userId = session?.userId;

  useEffect(() => {
    if (!token || userId === undefined) return;
    const controller = new AbortController();
    const listKey = orderQueries.list(userId).queryKey;

    const apply = (event: OrderStatusEvent) => {
      const orders = queryClient.getQueryData<CustomerOrder[]>(listKey);
      if (orders?.some((order) => order.id === event.order_id)) {
        queryClient.setQueryData<CustomerOrder[]>(listKey, (list) =>
          list?.map((order) => (order.id === event.order_id ? { ...order, status: event.status } : order)),
        );
      } else {
        // An order this page has not seen yet (placed in another tab): fetch the list again.
        void queryClient.invalidateQueries({ queryKey: listKey });
      }
      announce(event);
    };

    const stop = followEventStream({
      name: 'The order event stream',
      url: ordersCalls.orderEvents.url,
      token,
      signal: controller.signal,
      onState: setState,
      onUnauthorized: () => {
        if (customerSession.get()?.token === token) customerSession.clear();
      },
      // Changes made before this connection are only in the list: fetch it again after a
      // reconnect, or when the list on screen was loaded before the stream started.
      onConnected: ({ reconnected, startedAt }) => {
        const list = queryClient.getQueryState(listKey);
        const listIsOlder = list?.fetchStatus === 'idle' && list.dataUpdatedAt < startedAt;
        if (reconnected || listIsOlder) void queryClient.invalidateQueries({ queryKey: listKey });
      },
      onEvent: (message) => {
        if (message.event !== 'status') return;
        const event = parseEventData(message, orderStatusEvent, 'an order status event');
        if (event) apply(event);
      },
    });
    return () => {
      controller.abort();
      stop();
    };
  }, [token, userId, queryClient]);

  return state;
}
