import { type OrderStatusEvent, orderStatusEvent } from '@kitchaco/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';

/** The channel that status changes are announced on (orders.queries.ts statusNoticeOf). */
export const ORDER_STATUS_CHANNEL = 'order_status';

export interface StatusNotice extends OrderStatusEvent {
  customer_id: number | null;
}

/**
 * Live order status. A change is announced with `pg_notify` inside the transaction that makes it,
 * so it is heard only once committed, by every server instance LISTENing on the database; each
 * instance then pushes it to its own subscribers (the customers' open event streams).
 */
export class OrderEventHub {
  private readonly subscribers = new Map<number, Set<(e: OrderStatusEvent) => void>>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(ORDER_STATUS_CHANNEL, (payload) => this.dispatch(payload));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    this.subscribers.clear();
  }

  /** Subscribes to the status changes of one customer's orders; returns the unsubscribe. */
  subscribe(customerId: number, listener: (e: OrderStatusEvent) => void): () => void {
    let set = this.subscribers.get(customerId);
    if (!set) {
      set = new Set();
      this.subscribers.set(customerId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.subscribers.delete(customerId);
    };
  }

  private dispatch(payload: string): void {
    try {
      const n = JSON.parse(payload) as StatusNotice;
      if (n.customer_id === null) return;
      const event = orderStatusEvent.parse(n);
      for (const listener of this.subscribers.get(n.customer_id) ?? []) listener(event);
    } catch (error) {
      this.log.warn({ err: error }, 'ignored a malformed order status notification');
    }
  }
}
