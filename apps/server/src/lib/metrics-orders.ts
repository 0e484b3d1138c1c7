import { MARKETPLACE_CHANNELS, type SalesChannel } from '@kitchaco/domain';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Clock } from '../context.js';
import type { Database } from '../db/client.js';
import { databaseAnswers } from '../db/health.js';
import { type LocationOpenness, locationsOpenAt } from '../modules/kitchen/schedules.js';
import type { NamedRead } from './metrics.js';

/**
 * The metrics behind the alerts "no orders at an open location" and "database unreachable"
 * (ops/prometheus-rules.yml, docs/operations.md "Alerts and runbooks"): paid orders by location
 * and channel, whether each location is open now by its hours, and whether this instance's
 * readiness check finds the database.
 */
export interface OrderMetrics {
  orderPaid(locationId: number, channel: PaidOrderChannel): void;
}

/** The channels an order is counted on as it becomes paid: our app's checkout and the marketplaces. */
export const PAID_ORDER_CHANNELS = [
  'online_pickup',
  'online_delivery',
  ...MARKETPLACE_CHANNELS,
] as const satisfies readonly SalesChannel[];
export type PaidOrderChannel = (typeof PAID_ORDER_CHANNELS)[number];

export interface OrderMetricsSources {
  database: Database;
  clock: Clock;
  /** The scrape's shared, deadlined database read (lib/metrics.ts). */
  read<T>(query: NamedRead<T>): Promise<T[] | null>;
}

export function createOrderMetrics(registers: Registry[], sources: OrderMetricsSources): OrderMetrics {
  const { database, clock, read } = sources;
  const openness: NamedRead<LocationOpenness> = Object.assign(
    () => locationsOpenAt(database.db, clock.now()),
    { what: 'locations open' },
  );

  const paid = new Counter({
    name: 'kitchaco_orders_paid_total',
    help: 'Orders paid (our checkout) or received (a marketplace), by location id and sales channel.',
    labelNames: ['location', 'channel'] as const,
    registers,
    async collect() {
      // Every active location's series exist from the first scrape at 0: a location without an
      // order yet has a rate of 0 (not no data), and its first order is counted by increase().
      for (const place of (await read(openness)) ?? []) {
        for (const channel of PAID_ORDER_CHANNELS) this.inc({ location: String(place.id), channel }, 0);
      }
    },
  });
  new Gauge({
    name: 'kitchaco_location_open',
    help: 'Whether each active location is open now by its opening hours and closures (1) or not (0).',
    labelNames: ['location', 'name'] as const,
    registers,
    async collect() {
      this.reset();
      for (const place of (await read(openness)) ?? []) {
        this.set({ location: String(place.id), name: place.name }, place.open ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'kitchaco_location_busy',
    help: "Whether each active location's busy switch pauses online ordering now (1) or not (0).",
    labelNames: ['location'] as const,
    registers,
    async collect() {
      this.reset();
      for (const place of (await read(openness)) ?? []) {
        this.set({ location: String(place.id) }, place.busy ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'kitchaco_database_up',
    help: "Whether this instance's readiness check finds the database answering (1) or not (0), asked at each scrape.",
    registers,
    async collect() {
      this.set((await databaseAnswers(database)) ? 1 : 0);
    },
  });

  return {
    orderPaid: (locationId, channel) => paid.inc({ location: String(locationId), channel }),
  };
}
