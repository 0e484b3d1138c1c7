import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.js';

/**
 * Migrates one template database per run: a PGlite data dump (copied per test file) or, with
 * TEST_DATABASE_URL, a PostgreSQL template database (CREATE DATABASE … TEMPLATE per test file).
 */
export const TEMPLATE_DB = 'kitchaco_test_template';

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const stale = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'kitchaco_test_%'",
    );
    for (const row of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${TEMPLATE_DB}"`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DB}`;
    const template = openPostgres(templateUrl.toString(), 1);
    await template.migrate();
    await template.close();
    await admin.end();
    project.provide('testDatabase', { kind: 'postgres', url });
    return;
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
    testDatabase: { kind: 'postgres'; url: string } | { kind: 'pglite'; path: string };
  }
}
