import type { Config } from '../config.js';
import { buildInfo } from '../lib/build-info.js';
import type { Database } from './client.js';
import {
  appliedSchemaVersion,
  assertSchemaKnown,
  knownSchemaVersion,
  recordOldestReader,
  type SchemaCheck,
} from './schema-version.js';

/** Said at start and by `npm run migrate`: plain sentences, each with a code for log search. */
export interface SchemaLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

/** `npm run migrate` did not bring the schema up within DATABASE_START_TIMEOUT_MS. */
export class SchemaPendingError extends Error {}

/**
 * Brings the schema to this build's version: refuses a schema a newer release broke for this build
 * (db/schema-version.ts), runs beside a newer release whose migrations since are expand-only, and
 * otherwise applies the pending migrations (serialised across instances) and records which builds
 * may still run on the result. Returns the check and the version before.
 */
export async function migrateSchema(
  database: Database,
  log: SchemaLog,
): Promise<SchemaCheck & { before: number }> {
  const check = await assertSchemaKnown(database.db);
  if (check.sideBySide) {
    sayNewer(check, log);
    return { ...check, before: check.applied };
  }
  const started = Date.now();
  await database.migrate();
  const { version, commit } = buildInfo();
  await recordOldestReader(database.db, `${version} (${commit})`);
  const applied = await appliedSchemaVersion(database.db);
  if (applied !== check.applied) {
    log.info(
      `Schema migrated from version ${check.applied} to ${applied} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      { code: 'SCHEMA_MIGRATED', from: check.applied, to: applied },
    );
  }
  return { applied, known: check.known, before: check.applied };
}

/**
 * With MIGRATE_ON_START=false the start leaves migrations to `npm run migrate` (a release step of
 * its own): it waits for them, saying so every few seconds, for `DATABASE_START_TIMEOUT_MS`, and
 * gives up naming the command. New code never serves an older schema.
 */
export async function waitForSchema(
  database: Database,
  config: Config,
  log: SchemaLog,
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  now = () => Date.now(),
): Promise<SchemaCheck> {
  const timeoutMs = config.database.kind === 'postgres' ? config.database.startTimeoutMs : 0;
  const deadline = now() + timeoutMs;
  for (;;) {
    const check = await assertSchemaKnown(database.db);
    if (check.sideBySide) sayNewer(check, log);
    if (check.applied >= check.known) return check;
    const pending = check.known - check.applied;
    const message = `The database's schema is version ${check.applied}; this build needs ${check.known} (${pending} migration(s) pending). MIGRATE_ON_START=false: run \`npm run migrate\``;
    if (now() + 5_000 > deadline) {
      throw new SchemaPendingError(
        `${message} before starting this build (waited ${timeoutMs / 1000} s, DATABASE_START_TIMEOUT_MS).`,
      );
    }
    log.warn(`${message}; waiting for it.`, {
      code: 'SCHEMA_PENDING',
      applied: check.applied,
      known: check.known,
    });
    await sleep(5_000);
  }
}

function sayNewer(check: SchemaCheck, log: SchemaLog): void {
  log.warn(
    `The database's schema is version ${check.applied}, newer than this build knows (${knownSchemaVersion()}), migrated by ${check.sideBySide?.writtenBy}; its migrations since are expand-only, so this build runs beside that release. Nothing is migrated.`,
    { code: 'SCHEMA_NEWER_COMPATIBLE', applied: check.applied, known: check.known },
  );
}
