import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { assertSiteBuilt, type Config } from './config.js';
import { type AppContext, clockFrom, systemClock } from './context.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { DatabaseStartError, openDatabase, statementTimeoutOf, waitForDatabase } from './db/open.js';
import { migrateSchema, SchemaPendingError, waitForSchema } from './db/prepare-schema.js';
import { startRollupFolder } from './db/rollups.js';
import { knownSchemaVersion, SchemaTooNewError } from './db/schema-version.js';
import { startDemoMarketplaces } from './demo/marketplaces.js';
import { DEMO_PASSWORD, demoAccountsNote, isDatabaseEmpty, seedDemoData } from './demo/seed.js';
import { answersWithinMs, shutDown } from './http/shutdown.js';
import { createImageStore } from './integrations/adapters.js';
import { buildInfo } from './lib/build-info.js';
import { assertPortFree } from './lib/env-file.js';
import type { StartLog } from './lib/start-log.js';
import { flushTelemetry } from './lib/telemetry.js';
import { disableAccountsWithPassword, revokeDemoSessions } from './modules/auth/auth.service.js';
import { startDeviceCodePoller } from './modules/kiosks/kiosks.service.js';
import { startLimitHousekeeping } from './modules/limits/limits.service.js';
import { startInboxWorker } from './modules/marketplaces/inbox.service.js';
import { startOutboxWorker } from './modules/notifications/outbox.service.js';
import { startReconciliation } from './modules/payments/reconciliation.js';

/**
 * The server process, started by main.ts once the settings are read (and traces and error reports
 * set up, when configured): migrate, seed the demo when empty, listen, run the workers.
 */
export async function serve(config: Config, startLog: StartLog): Promise<void> {
  log = startLog;
  assertSiteBuilt(config);
  await assertPortFree(config.host, config.port);
  const database = await openDatabase(config);
  await waitForDatabase(database, config, (message) => log.warn(message));
  // The schema this build needs: migrated here (MIGRATE_ON_START, the default) or by `npm run
  // migrate` as a release step of its own; a newer release's schema only when this build can run
  // beside it (db/schema-version.ts).
  if (config.migrateOnStart) await migrateSchema(database, log);
  else await waitForSchema(database, config, log);
  await checkPooledTimeout(database, config);

  if (config.env === 'production') {
    // A database that once ran as the demo keeps its published password: no account may keep it,
    // and no session issued in demo mode outlives it. Both are written to the audit log.
    const startedAt = systemClock.now();
    const disabled = await disableAccountsWithPassword(database.db, DEMO_PASSWORD, startedAt);
    if (disabled.length > 0) {
      log.warn(
        `${disabled.length} staff account(s) still had the demo password and were disabled: ${disabled.join(', ')}. Give each a new password with: npm run staff -- password <email>`,
        { code: 'DEMO_PASSWORD_DISABLED', accounts: disabled },
      );
    }
    const ended = await revokeDemoSessions(database.db, startedAt, disabled.length > 0);
    if (ended > 0) {
      log.warn(`${ended} session(s) issued in demo mode were revoked: their holders sign in again.`, {
        code: 'DEMO_SESSIONS_REVOKED',
      });
    }
  }

  if (config.payments.provider === 'test' && config.payments.warn) {
    log.warn(
      'PAYMENTS_PROVIDER=test in production: card payments go to the local test provider. No money is taken from any card; the checkout page says so to every customer. Set PAYMENTS_PROVIDER=square and the SQUARE_* settings (docs/payments.md) to take real payments.',
      { code: 'PAYMENTS_TEST_PROVIDER' },
    );
  }

  const clock = config.demo && config.demoClock ? clockFrom(config.demoClock) : systemClock;
  if (clock !== systemClock) log.info(`Demo clock: ${clock.now().toISOString()} (DEMO_CLOCK)`);
  if (config.demo && (await isDatabaseEmpty(database.db))) {
    const started = Date.now();
    log.info(`Empty database: seeding demo data (scale ${config.demoScale}) ...`);
    const summary = await seedDemoData(database.db, {
      scale: config.demoScale,
      now: clock.now(),
      images: createImageStore(config),
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const lines = [
      '',
      `Demo data ready in ${seconds} s: ${summary.locations} locations, ${summary.vendors} brands, ${summary.meals} meals, ${summary.orders} orders, ${summary.stockOrders} stock orders.`,
      `Demo accounts (password "${DEMO_PASSWORD}"):`,
      ...summary.accounts.map((a) => `  ${a.email.padEnd(24)} ${a.role}`),
      '  customer phone +61400000000 (the SMS code appears at /dev/outbox)',
      '',
    ];
    log.info(lines.join('\n'));
  } else if (config.demo) {
    log.info(demoAccountsNote(config.database));
  }

  // Built after the demo seed: the seed holds the event loop for seconds, and the load shedding's
  // event-loop measure would otherwise refuse the first requests as if the server were overloaded.
  // The demo's stand-ins of the marketplaces' APIs (demo credentials only; never in production).
  const marketplaces = await startDemoMarketplaces(config, database.db);
  for (const note of marketplaces.notes) log.info(note);
  const app = await buildApp({ config: marketplaces.config, database, clock });

  // The background work, unless this instance serves the API only (INSTANCE_MODE=web).
  const workers = config.instanceMode === 'web' ? null : startWorkers(app.appContext, config.rollupFoldMs);
  closeWithGrace({ delay: config.shutdown.graceMs }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await shutDown(app, {
      drainMs: err ? 0 : config.shutdown.drainMs,
      answersWithinMs: answersWithinMs(config.shutdown),
      async after() {
        await workers?.stop();
        await marketplaces.stop();
        await database.close();
        // The last spans and error reports (an error that ended the process among them).
        await flushTelemetry();
      },
    });
    app.log.info('stopped cleanly');
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      ...buildInfo(),
      schema_version: knownSchemaVersion(),
      instance: process.pid,
      instance_mode: config.instanceMode,
      workers: workers?.names ?? [],
    },
    'started',
  );
  const shown = ['0.0.0.0', '127.0.0.1', '::'].includes(config.host) ? 'localhost' : config.host;
  log.info(
    `Kitchaco is running at http://${shown}:${config.port}/ (${database.kind}${config.demo ? ', demo mode' : ''})`,
  );
}

/**
 * The background workers of an instance: the outbox, the rollup folder, rate-limit housekeeping,
 * card reconciliation, device-code polling and the marketplace inbox. Each takes its work with
 * FOR UPDATE SKIP LOCKED or an advisory lock, so any number of instances may run them.
 */
function startWorkers(app: AppContext, rollupFoldMs: number) {
  const outbox = startOutboxWorker(app);
  const folder = startRollupFolder(app, rollupFoldMs);
  const housekeeping = startLimitHousekeeping(app);
  const reconciliation = startReconciliation(app);
  const deviceCodes = startDeviceCodePoller(app);
  const inbox = startInboxWorker(app);
  return {
    names: [
      'outbox',
      'rollups',
      'limits housekeeping',
      'reconciliation',
      'device codes',
      'marketplace inbox',
    ],
    async stop() {
      housekeeping.stop();
      await Promise.all([reconciliation.stop(), deviceCodes.stop(), inbox.stop()]);
      await outbox.stop();
      await folder.stop();
    },
  };
}

/**
 * Behind a transaction pooler the connections carry no startup settings, so the statement timeout
 * is the database role's: said at start when it has none (a runaway statement would then hold a
 * pooled server connection for ever).
 */
async function checkPooledTimeout(database: Awaited<ReturnType<typeof openDatabase>>, config: Config) {
  if (config.database.kind !== 'postgres' || !config.database.directUrl) return;
  const timeout = await statementTimeoutOf(database.db);
  if (timeout === '0') {
    log.warn(
      'DATABASE_DIRECT_URL is set, so DATABASE_URL is used as a transaction pooler and DATABASE_STATEMENT_TIMEOUT_MS is not sent; the role has no statement_timeout. Set one: ALTER ROLE <role> SET statement_timeout = \'30s\' (docs/operations.md, "Poolers").',
      { code: 'POOLED_NO_STATEMENT_TIMEOUT' },
    );
  } else log.info(`Behind a transaction pooler; the role's statement_timeout is ${timeout}`);
}

/** The start's log, given by main.ts (lib/start-log.ts). */
let log: StartLog;

/** Errors that refuse a start for a reason their message names (main.ts says just that). */
export const NAMED_START_ERRORS = [
  DataDirInUseError,
  SchemaTooNewError,
  SchemaPendingError,
  DatabaseStartError,
];
