import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Adapters } from './integrations/adapters.js';
import type { CatalogCache } from './lib/catalog-cache.js';
import type { OrderEventHub } from './modules/orders/order-events.js';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

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
  log: FastifyBaseLogger;
}
