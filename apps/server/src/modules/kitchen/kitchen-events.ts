import type { KitchenTicket } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import { continuedSpan, type TraceCarrier } from '../../lib/telemetry.js';
import { presentTicket } from './kitchen.presenter.js';
import * as q from './kitchen.queries.js';
import { KITCHEN_CHANNEL, type KitchenNotice } from './kitchen-notices.js';

export interface KitchenListener {
  ticket(ticket: KitchenTicket): void;
  /** The LISTEN connection came back after a loss: notices may have been missed, refetch. */
  resync(): void;
}

/**
 * Live kitchen tickets (docs/kitchen.md). A ticket's creation or change is announced with
 * `pg_notify` in the transaction that makes it (kitchen-notices.ts), so it is heard once committed
 * by every instance LISTENing; each instance reads the announced tickets (once per batch of notices)
 * and pushes them to its own subscribers, the kitchen screens of that location. An instance LISTENs
 * only while it has a kitchen stream open.
 */
export class KitchenEventHub {
  /** Listeners by location; `null` holds a super admin's streams, which hear every location. */
  private readonly subscribers = new Map<number | null, Set<KitchenListener>>();
  private unlisten: Promise<() => Promise<void>> | null = null;
  /** Announced tickets to read, by id: the trace each notice carries (if any). */
  private pending = new Map<number, TraceCarrier | null>();
  private flushing: Promise<void> | null = null;

  constructor(private readonly app: AppContext) {}

  /** Subscribes to one location's tickets (null: every location's); resolves once listening, to the unsubscribe. */
  async subscribe(locationId: number | null, listener: KitchenListener): Promise<() => void> {
    let set = this.subscribers.get(locationId);
    if (!set) {
      set = new Set();
      this.subscribers.set(locationId, set);
    }
    set.add(listener);
    try {
      this.unlisten ??= this.app.database.listen(
        KITCHEN_CHANNEL,
        (payload) => this.heard(payload),
        (connected) => {
          if (connected) for (const s of this.subscribers.values()) for (const l of s) l.resync();
        },
      );
      await this.unlisten;
    } catch (error) {
      this.unlisten = null;
      this.drop(locationId, listener);
      throw error;
    }
    return () => this.drop(locationId, listener);
  }

  private drop(locationId: number | null, listener: KitchenListener): void {
    const set = this.subscribers.get(locationId);
    set?.delete(listener);
    if (set && set.size === 0) this.subscribers.delete(locationId);
    if (this.subscribers.size === 0 && this.unlisten) {
      const unlisten = this.unlisten;
      this.unlisten = null;
      void unlisten.then((stop) => stop()).catch(() => {});
    }
  }

  private heard(payload: string): void {
    try {
      const n = JSON.parse(payload) as KitchenNotice;
      if (!this.subscribers.has(n.location_id) && !this.subscribers.has(null)) return;
      this.pending.set(n.ticket_id, n.trace ?? null);
      this.flushing ??= Promise.resolve().then(() => this.flush());
    } catch (error) {
      this.app.log.warn({ err: error }, 'ignored a malformed kitchen ticket notification');
    }
  }

  /**
   * Reads every announced ticket at once and sends each to its location's screens, in a span that
   * continues the trace its notice carries (the checkout's, with traces on).
   */
  private async flush(): Promise<void> {
    const announced = this.pending;
    const ids = [...announced.keys()];
    this.pending = new Map();
    try {
      const rows = await q.ticketsById(this.app.db, ids);
      const lines = await q.linesOfTickets(
        this.app.db,
        rows.map((r) => r.ticket),
      );
      for (const row of rows) {
        const ticket = presentTicket(row, lines);
        const screens = [
          ...(this.subscribers.get(ticket.location_id) ?? []),
          ...(this.subscribers.get(null) ?? []),
        ];
        continuedSpan(
          'process kitchen_ticket',
          announced.get(ticket.id),
          {
            kind: 'consumer',
            attributes: {
              'messaging.system': 'postgresql',
              'messaging.operation.type': 'process',
              'messaging.destination.name': KITCHEN_CHANNEL,
              'kitchaco.ticket_id': ticket.id,
              'kitchaco.location_id': ticket.location_id,
              'kitchaco.screens': screens.length,
            },
          },
          () => {
            for (const listener of screens) listener.ticket(ticket);
          },
        );
      }
    } catch (error) {
      this.app.log.warn({ err: error }, 'could not read announced kitchen tickets');
      for (const s of this.subscribers.values()) for (const l of s) l.resync();
    } finally {
      this.flushing = null;
      if (this.pending.size > 0) this.flushing = Promise.resolve().then(() => this.flush());
    }
  }
}

const hubs = new WeakMap<AppContext, KitchenEventHub>();

/** This instance's kitchen hub (made on first use). */
export function kitchenHub(app: AppContext): KitchenEventHub {
  let hub = hubs.get(app);
  if (!hub) {
    hub = new KitchenEventHub(app);
    hubs.set(app, hub);
  }
  return hub;
}
