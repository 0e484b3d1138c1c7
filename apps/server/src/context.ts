import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Actor } from './http/actor.js';
import type { Adapters } from './integrations/adapters.js';
import type { CatalogCache } from './lib/catalog-cache.js';
import type { Lifecycle } from './lib/lifecycle.js';
import type { ListeningCache } from './lib/listening-cache.js';
import type { Metrics } from './lib/metrics.js';
import type { ProviderRecorder } from './modules/health/provider-status.js';
import type { OrderEventHub } from './modules/orders/order-events.js';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at `start` now and runs on at the real pace (the demo's DEMO_CLOCK). */
export function clockFrom(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

/** What a token stands for, and until when. */
export interface CachedSession {
  actor: Actor;
  expiresAt: number;
}

/** Everything a service needs, built once per app. Services never see HTTP objects. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  adapters: Adapters;
  /** Live order status fan-out (LISTEN/NOTIFY). */
  orderEvents: OrderEventHub;
  /** Serialised public catalogue reads, dropped on every announced change. */
  catalog: CatalogCache;
  /** Live sessions by token hash, dropped on every change to sessions and accounts. */
  sessions: ListeningCache<CachedSession>;
  log: FastifyBaseLogger;
  /** Draining on SIGTERM, and the open event streams to end then (lib/lifecycle.ts). */
  lifecycle: Lifecycle;
  /** Business events for Prometheus (lib/metrics.ts); records nothing when METRICS_TOKEN is unset. */
  metrics: Metrics;
  /** Each outside provider's last success and last error, for the health page (modules/health). */
  providers: ProviderRecorder;
}
