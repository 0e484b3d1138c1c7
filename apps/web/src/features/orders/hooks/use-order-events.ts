import { type CustomerOrder, type OrderStatusEvent, orderStatusEvent, ordersCalls } from '@kitchaco/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { customerSession } from '../../../lib/session/customer-session';
import { orderQueries } from '../api/orders';
import { readServerSentEvents } from '../server-sent-events';

export type OrderEventsState = 'connecting' | 'live' | 'reconnecting';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * Live order status while the page is open. The stream is read with fetch, not EventSource, so the
 * token travels in the Authorization header and never in a URL (which ends up in logs). Each status
 * event updates the cached order list in place; when the stream ends or fails it reconnects with
 * back-off and refetches the list, since events may have been missed meanwhile.
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
    let retries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

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

    const connect = async () => {
      const startedAt = Date.now();
      try {
        const response = await fetch(ordersCalls.orderEvents.url, {
          headers: { Authorization: `Token ${token}`, Accept: 'text/event-stream' },
          cache: 'no-store',
          signal: controller.signal,
        });
        if (response.status === 401) {
          if (customerSession.get()?.token === token) customerSession.clear();
          return;
        }
        if (!response.ok || !response.body)
          throw new Error(`The order event stream answered ${response.status}`);
        setState('live');
        // Changes made before this connection are only in the list: fetch it again after a reconnect,
        // or when the list on screen was loaded before the stream started.
        const list = queryClient.getQueryState(listKey);
        const listIsOlder = list?.fetchStatus === 'idle' && list.dataUpdatedAt < startedAt;
        if (retries > 0 || listIsOlder) void queryClient.invalidateQueries({ queryKey: listKey });
        retries = 0;
        await readServerSentEvents(response.body, (message) => {
          if (message.event !== 'status') return;
          try {
            const parsed = orderStatusEvent.safeParse(JSON.parse(message.data));
            if (parsed.success) apply(parsed.data);
            else console.warn('Ignored an order status event of an unexpected shape', parsed.error);
          } catch (error) {
            console.warn('Ignored an order status event that is not JSON', error);
          }
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.info('The order event stream failed; reconnecting', error);
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
  }, [token, userId, queryClient]);

  return state;
}
