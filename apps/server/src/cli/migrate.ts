import { ConfigError, loadConfig } from '../config.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { DatabaseStartError, openDatabase, waitForDatabase } from '../db/open.js';
import { migrateSchema } from '../db/prepare-schema.js';
import { SchemaTooNewError } from '../db/schema-version.js';
import { buildInfo } from '../lib/build-info.js';
import { loadEnvFile } from '../lib/env-file.js';
import { startLog, startLogFormat } from '../lib/start-log.js';

/**
 * `npm run migrate`: applies this build's pending migrations, as a release step of its own (before
 * the new release's instances start, with MIGRATE_ON_START=false on them), with the same settings as
 * the server (DATABASE_URL, or DATABASE_DIRECT_URL when DATABASE_URL is a pooler; DATA_DIR for the
 * embedded database). Exit 0 when the schema is this build's (or a newer one this build may run
 * beside); 1, with the reason, otherwise. docs/operations.md, "Upgrade and roll back".
 */
async function main(): Promise<number> {
  let log = startLog(startLogFormat());
  try {
    loadEnvFile();
    const config = loadConfig();
    log = startLog(config.logFormat);
    const database = await openDatabase(config);
    try {
      await waitForDatabase(database, config, (message) => log.warn(message));
      const { version, commit } = buildInfo();
      const result = await migrateSchema(database, log);
      log.info(
        result.applied === result.before
          ? `Schema at version ${result.applied}: nothing to migrate (release ${version}, ${commit})`
          : `Schema at version ${result.applied} (was ${result.before}; release ${version}, ${commit})`,
        { code: 'SCHEMA_CURRENT', schema_version: result.applied, version, commit },
      );
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    const named = [ConfigError, DataDirInUseError, SchemaTooNewError, DatabaseStartError].some(
      (kind) => error instanceof kind,
    );
    if (named)
      log.error(`Migration refused: ${(error as Error).message}`, undefined, { code: 'MIGRATE_REFUSED' });
    else log.error('Migration failed', error, { code: 'MIGRATE_FAILED' });
    return 1;
  }
}

process.exitCode = await main();
