import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.js';

/**
 * Migrates one template database per run: a PGlite data dump (copied per test file) or, with
 * TEST_DATABASE_URL, a PostgreSQL template database (CREATE DATABASE … TEMPLATE per test file).
 */
/** Databases of one run are named `kitchaco_test_{pid}_...`, so runs side by side leave each other alone. */
export const RUN_PREFIX = `kitchaco_test_${process.pid}_`;
const TEMPLATE_DB = `${RUN_PREFIX}template`;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Drop what runs that ended without cleaning up left behind (their process is gone).
    const stale = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'kitchaco\\_test\\_%'",
    );
    for (const { datname } of stale.rows) {
      const pid = Number(/^kitchaco_test_(\d+)_/.exec(datname)?.[1]);
      if (!pid || !isRunning(pid)) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE "${TEMPLATE_DB}"`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DB}`;
    const template = openPostgres(templateUrl.toString(), { poolSize: 1, statementTimeoutMs: 0 });
    await template.migrate();
    await template.close();
    await admin.end();
    // TEST_DATABASE_POOLER_URL: PgBouncer in transaction mode in front of that server (as DATABASE_URL
    // would point at it in production); each test database is then used through it, with
    // TEST_DATABASE_URL as the direct address (DATABASE_DIRECT_URL).
    const poolerUrl = process.env.TEST_DATABASE_POOLER_URL ?? null;
    project.provide('testDatabase', {
      kind: 'postgres',
      url,
      poolerUrl,
      template: TEMPLATE_DB,
      prefix: RUN_PREFIX,
    });
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DB}" WITH (FORCE)`);
      await cleanup.end();
    };
  }
  const database = await openPglite(null);
  await database.migrate();
  const client = (database as unknown as { db: { $client: { dumpDataDir(c: 'none'): Promise<Blob> } } }).db
    .$client;
  const dump = await client.dumpDataDir('none');
  const dir = join(process.cwd(), 'node_modules', '.tmp');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testDatabase', { kind: 'pglite', path });
  return () => rmSync(path, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase:
      | { kind: 'postgres'; url: string; poolerUrl: string | null; template: string; prefix: string }
      | { kind: 'pglite'; path: string };
  }
}
