import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client.js';

/** A fresh migrated database for one test file: a PGlite copy of the template, or a new PostgreSQL database. */
export async function createTestDatabase(options: { statementTimeoutMs?: number } = {}): Promise<Database> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    const bytes = readFileSync(target.path);
    return openPglite(null, new Blob([bytes]));
  }
  const name = `${target.prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${target.template}"`);
  await admin.end();
  const database = openPostgres(target.poolerUrl ? named(target.poolerUrl, name) : named(target.url, name), {
    poolSize: 10,
    directUrl: target.poolerUrl ? named(target.url, name) : null,
    ...options,
  });
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      const cleanup = new pg.Client({ connectionString: target.url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A server URL with another database name. */
function named(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
