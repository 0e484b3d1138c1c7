import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { PoolStats } from '../lib/metrics.js';
import { SharedListener } from './listener.js';
import * as schema from './schema/index.js';
import { StatementNames, statementCachingClient } from './statement-cache.js';
import { DatabaseWatchdog, destroyConnection, withDeadline } from './watchdog.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query functions take either the database or a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /**
   * Short writes that must not wait behind the main pool's queue under load (a marketplace
   * webhook's receipt: a platform answered late gives up). On PostgreSQL a pool of its own, two
   * connections; on PGlite the one connection.
   */
  priorityDb: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel; `pg_notify` from any instance (after its transaction commits) reaches
   * every listener. Resolves to an unsubscribe function. `onConnection(false)` tells that the
   * listening connection was lost (notifications may be missed until `onConnection(true)`).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onConnection?: (connected: boolean) => void,
  ): Promise<() => Promise<void>>;
  /** True when a trivial query answers (within `timeoutMs` when given, else rejects). */
  ping(timeoutMs?: number): Promise<boolean>;
  /** False while the watchdog finds the database unreachable (PostgreSQL; PGlite always answers). */
  reachable(): boolean;
  /** Connections of each pool for the metrics (`main`, `priority`); PGlite has its one connection. */
  poolStats(): Record<'main' | 'priority', PoolStats>;
  close(): Promise<void>;
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

const MIGRATION_LOCK_ID = 7_160_001;
/** Connections of the priority pool (Database.priorityDb). */
const PRIORITY_POOL_SIZE = 2;

export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite(loadDataDir ? { loadDataDir } : {});
  await client.waitReady;
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    priorityDb: db,
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    ping: async () => {
      await client.query('SELECT 1');
      return true;
    },
    reachable: () => true,
    // One connection, shared; a statement waits inside PGlite, never in a pool.
    poolStats: () => {
      const one = { inUse: 0, idle: 1, waiting: 0, max: 1 };
      return { main: one, priority: one };
    },
    close: () => client.close(),
  };
}

export interface PostgresOptions {
  poolSize?: number;
  /** PostgreSQL cancels a statement running longer (ms; 0 = no limit). */
  statementTimeoutMs?: number;
  /** Connecting, or waiting for a free pooled connection, fails after this (ms). */
  connectTimeoutMs?: number;
  /**
   * The database itself when `url` is a pooler in transaction mode (PgBouncer's `pool_mode =
   * transaction`): each transaction may run on another server connection, so nothing may rely on
   * session state there. LISTEN, migrations and their session advisory lock then use this URL;
   * pooled connections carry no named prepared statements and no settings in the startup packet
   * (PgBouncer refuses unknown startup parameters: https://www.pgbouncer.org/config.html#ignore_startup_parameters,
   * and names prepared statements per server connection: https://www.pgbouncer.org/features.html).
   * The statement timeout is then the role's (`ALTER ROLE … SET statement_timeout`, docs/operations.md).
   */
  directUrl?: string | null;
}

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const { poolSize = 10, statementTimeoutMs = 30_000, connectTimeoutMs = 3_000 } = options;
  const directUrl = options.directUrl ?? null;
  const pooled = directUrl !== null;
  const names = new StatementNames();
  const pool = newPool(poolSize);
  const lane = newPool(PRIORITY_POOL_SIZE);
  function newPool(max: number) {
    return new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: connectTimeoutMs,
      idleTimeoutMillis: 30_000,
      // A connection whose peer vanished is found by TCP keepalive, not only by the next query.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(statementTimeoutMs > 0 && !pooled
        ? {
            statement_timeout: statementTimeoutMs,
            idle_in_transaction_session_timeout: statementTimeoutMs * 2,
          }
        : {}),
      // Repeated statements are parsed once per connection (db/statement-cache.ts); behind a
      // transaction pooler a name would meet another server connection: unnamed statements only.
      ...(pooled ? {} : { Client: statementCachingClient(names) }),
    });
  }
  const open = new Set<pg.PoolClient>();
  for (const p of [pool, lane]) {
    // An idle client losing its connection must not crash the process; the pool replaces it.
    p.on('error', () => {});
    p.on('connect', (client) => {
      open.add(client);
      // A client whose connection dies between two statements (in a transaction, or dropped by the
      // watchdog) emits 'error' while checked out: heard here, never an uncaught crash. The pool
      // drops it when it comes back (it is no longer queryable).
      client.on('error', () => {});
    });
    p.on('remove', (client) => open.delete(client));
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const priorityDb = drizzlePg(lane, { schema }) as unknown as Db;
  // LISTEN is session state: through a transaction pooler it would hear nothing.
  const listener = new SharedListener(directUrl ?? url);
  const watchdog = new DatabaseWatchdog(url, {
    onUnreachable() {
      for (const client of open) destroyConnection(client);
      listener.reset();
    },
  });
  watchdog.start();
  return {
    db,
    priorityDb,
    kind: 'postgres',
    async migrate() {
      // A session of its own (the session lock and setting below must stay on one connection: on
      // the database itself when a pooler is in front).
      const client = new pg.Client({
        connectionString: directUrl ?? url,
        connectionTimeoutMillis: connectTimeoutMs,
      });
      client.on('error', () => {});
      await client.connect();
      try {
        // A migration may rewrite a large table: no statement deadline for it.
        await client.query('SET statement_timeout = 0');
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    listen: (channel, onPayload, onConnection) => listener.listen(channel, onPayload, onConnection),
    async ping(timeoutMs) {
      // On the priority pool: a health check under load must not wait behind the queued queries
      // of the main pool (it would time out and report a busy database as down).
      const query = lane.query('SELECT 1');
      await (timeoutMs ? withDeadline(query, timeoutMs) : query);
      return true;
    },
    reachable: () => watchdog.reachable,
    // node-postgres' own counts: https://node-postgres.com/apis/pool#properties
    poolStats: () => ({ main: statsOf(pool, poolSize), priority: statsOf(lane, PRIORITY_POOL_SIZE) }),
    async close() {
      await watchdog.stop();
      await Promise.all([pool.end(), lane.end()]);
    },
  };
}

function statsOf(pool: pg.Pool, max: number): PoolStats {
  return {
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max,
  };
}
