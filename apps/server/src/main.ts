import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { clockFrom, systemClock } from './context.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { openDatabase } from './db/open.js';
import { startRollupFolder } from './db/rollups.js';
import { startDemoMarketplaces } from './demo/marketplaces.js';
import { DEMO_PASSWORD, demoAccountsNote, isDatabaseEmpty, seedDemoData } from './demo/seed.js';
import { createImageStore } from './integrations/adapters.js';
import { assertPortFree, loadEnvFile } from './lib/env-file.js';
import { disableAccountsWithPassword, revokeDemoSessions } from './modules/auth/auth.service.js';
import { startDeviceCodePoller } from './modules/kiosks/kiosks.service.js';
import { startLimitHousekeeping } from './modules/limits/limits.service.js';
import { startInboxWorker } from './modules/marketplaces/inbox.service.js';
import { startOutboxWorker } from './modules/notifications/outbox.service.js';
import { startReconciliation } from './modules/payments/reconciliation.js';

async function main(): Promise<void> {
  const envFile = loadEnvFile();
  const config = loadConfig();
  if (envFile) process.stdout.write(`Settings from ${envFile} (the environment wins over it)\n`);
  await assertPortFree(config.host, config.port);
  const database = await openDatabase(config);
  await database.migrate();

  if (config.env === 'production') {
    // A database that once ran as the demo keeps its published password: no account may keep it,
    // and no session issued in demo mode outlives it. Both are written to the audit log.
    const startedAt = systemClock.now();
    const disabled = await disableAccountsWithPassword(database.db, DEMO_PASSWORD, startedAt);
    if (disabled.length > 0) {
      process.stderr.write(
        `WARNING: ${disabled.length} staff account(s) still had the demo password and were disabled: ${disabled.join(', ')}.\n` +
          '  Give each a new password with: npm run staff -- password <email>\n',
      );
    }
    const ended = await revokeDemoSessions(database.db, startedAt, disabled.length > 0);
    if (ended > 0) {
      process.stderr.write(`WARNING: ${ended} session(s) issued in demo mode were revoked: sign in again.\n`);
    }
  }

  if (config.payments.provider === 'test' && config.payments.warn) {
    process.stderr.write(
      [
        '',
        '!!! WARNING: PAYMENTS_PROVIDER=test in production: card payments go to the local test provider.',
        '!!! No money is taken from any card; the checkout page says so to every customer.',
        '!!! Set PAYMENTS_PROVIDER=square and the SQUARE_* settings (docs/payments.md) to take real payments.',
        '',
      ].join('\n'),
    );
  }

  const clock = config.demo && config.demoClock ? clockFrom(config.demoClock) : systemClock;
  if (clock !== systemClock) process.stdout.write(`Demo clock: ${clock.now().toISOString()} (DEMO_CLOCK)\n`);
  if (config.demo && (await isDatabaseEmpty(database.db))) {
    const started = Date.now();
    process.stdout.write(`Empty database: seeding demo data (scale ${config.demoScale}) ...\n`);
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
    process.stdout.write(`${lines.join('\n')}\n`);
  } else if (config.demo) {
    process.stdout.write(`${demoAccountsNote(config.database)}\n`);
  }

  // Built after the demo seed: the seed holds the event loop for seconds, and the load shedding's
  // event-loop measure would otherwise refuse the first requests as if the server were overloaded.
  // The demo's stand-ins of the marketplaces' APIs (demo credentials only; never in production).
  const marketplaces = await startDemoMarketplaces(config, database.db);
  for (const note of marketplaces.notes) process.stdout.write(`${note}\n`);
  const app = await buildApp({ config: marketplaces.config, database, clock });

  const worker = startOutboxWorker(app.appContext);
  const folder = startRollupFolder(app.appContext, config.rollupFoldMs);
  const housekeeping = startLimitHousekeeping(app.appContext);
  const reconciliation = startReconciliation(app.appContext);
  const deviceCodes = startDeviceCodePoller(app.appContext);
  const inbox = startInboxWorker(app.appContext);
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    housekeeping.stop();
    await Promise.all([reconciliation.stop(), deviceCodes.stop(), inbox.stop()]);
    await marketplaces.stop();
    await worker.stop();
    await folder.stop();
    await database.close();
  });

  await app.listen({ host: config.host, port: config.port });
  const shown = ['0.0.0.0', '127.0.0.1', '::'].includes(config.host) ? 'localhost' : config.host;
  process.stdout.write(
    `Kitchaco is running at http://${shown}:${config.port}/ (${database.kind}${config.demo ? ', demo mode' : ''})\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
