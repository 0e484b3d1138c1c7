import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Clock } from '../context.js';
import type { Database } from '../db/client.js';
import type { Adapters } from '../integrations/adapters.js';
import { createTestDatabase } from './db.js';

/** A clock tests can set and move. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-11-18T02:00:00Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  app: FastifyInstance;
  /** The settings it was built with (a second instance gets the same). */
  env: Record<string, string>;
  database: Database;
  clock: TestClock;
  close(): Promise<void>;
}

function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DEMO: 'true',
    LOG_LEVEL: 'silent',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Tests of production settings run on the embedded database too.
    ALLOW_EMBEDDED_DATABASE: 'true',
    ...env,
  });
}

/**
 * Server tests speak as the project's own clients do: with `Prefer: status-codes`, so failures
 * carry their HTTP status (docs/api.md, "Compatibility"). The old clients' semantics have their own
 * suite (http/legacy-clients.test.ts), which sends no such header.
 */
function asNewClient(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app) as (options: unknown) => unknown;
  const withPreference = (options: unknown) => {
    if (typeof options === 'string') options = { url: options };
    const o = options as { headers?: Record<string, unknown> };
    return { ...o, headers: { prefer: 'status-codes', ...o.headers } };
  };
  (app as unknown as { inject: unknown }).inject = (options?: unknown) =>
    options === undefined ? inject(options) : inject(withPreference(options));
  return app;
}

/**
 * A second server instance on the test app's database and clock, with its own caches and
 * in-flight state, as another process would have; `adapters` shares providers (a real card
 * provider is one for every instance).
 */
/** Another instance on the same database; `config` replaces the test settings (e.g. the demo's stand-ins). */
export async function secondInstance(t: TestApp, options: { adapters?: Adapters; config?: Config } = {}) {
  const app = await buildApp({
    config: testConfig(t.env),
    database: t.database,
    clock: t.clock,
    logger: false,
    ...options,
  });
  await app.ready();
  return asNewClient(app);
}

/** Settings for tests of checkout itself (many orders by one customer), not of its abuse limits. */
export const UNLIMITED_CHECKOUTS = {
  CHECKOUT_ATTEMPTS_PER_CUSTOMER: '1000000',
  CHECKOUT_DECLINES_PER_CUSTOMER: '1000000',
  CHECKOUT_DECLINES_PER_ADDRESS: '1000000',
};

/** Builds the real app on a fresh migrated database with a fixed clock and local adapters. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = new TestClock();
  // Event-loop shedding off unless a test asks for it: the embedded database blocks the loop for
  // a moment now and then on a busy test machine, and a 503 there would be noise, not a finding.
  const config = testConfig(env);
  const app = asNewClient(await buildApp({ config, database, clock, logger: false }));
  await app.ready();
  return {
    app,
    env,
    database,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
