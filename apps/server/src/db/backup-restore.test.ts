import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { seedDemoData } from '../demo/seed.js';
import { TestClock } from '../test/app.js';
import { tokenFor } from '../test/auth.js';
import { type Database, openPostgres } from './client.js';

/**
 * The backup of docs/operations.md ("Backup and restore"), done as an operator would: a seeded
 * database dumped with `pg_dump -Fc`, restored with `pg_restore --no-owner` into a new database,
 * then every table's row count, every sequence, and the fortnight figures of the back office
 * (computed by the same calls on an app built on each database) must be the same. Runs in CI's
 * "server tests on PostgreSQL" step; with PGlite (no TEST_DATABASE_URL) or without the PostgreSQL
 * client tools it is skipped, saying why.
 */

const NOW = new Date('2026-11-18T02:00:00Z');
const url = process.env.TEST_DATABASE_URL;

function toolVersion(tool: string): string | null {
  const run = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : null;
}

const skipReason = !url
  ? 'TEST_DATABASE_URL is not set (it needs PostgreSQL)'
  : !toolVersion('pg_dump') || !toolVersion('pg_restore')
    ? 'pg_dump or pg_restore is not installed'
    : null;

/** The demo's fortnights: 07 Sep approved by the seed (read from its snapshot), 05 Oct generated. */
const FIGURES = [
  { kitchaco: 0, start_date: '07 Sep 2026', end_date: '20 Sep 2026' },
  { external_operator: 0, start_date: '07 Sep 2026', end_date: '20 Sep 2026' },
  { kitchaco: 0, start_date: '05 Oct 2026', end_date: '18 Oct 2026' },
  { external_operator: 0, start_date: '05 Oct 2026', end_date: '18 Oct 2026' },
];

function databaseUrl(name: string): string {
  const u = new URL(url!);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Row counts of every table of the application's schemas, and where every sequence stands. */
async function inventory(name: string) {
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    const tables = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
       ORDER BY 1, 2`,
    );
    const rows: Record<string, number> = {};
    for (const t of tables.rows) {
      const counted = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM "${t.schema}"."${t.name}"`,
      );
      rows[`${t.schema}.${t.name}`] = Number(counted.rows[0]!.n);
    }
    const sequences = await client.query<{ name: string; last: string | null }>(
      `SELECT schemaname || '.' || sequencename AS name, last_value::text AS last FROM pg_sequences ORDER BY 1`,
    );
    return { rows, sequences: Object.fromEntries(sequences.rows.map((s) => [s.name, s.last])) };
  } finally {
    await client.end();
  }
}

/** The server's own connection to a database of this test. */
function open(name: string): Database {
  return openPostgres(databaseUrl(name), { poolSize: 4, statementTimeoutMs: 0 });
}

/** The app as createTestApp builds it (test/app.ts), on a given database. */
async function appOn(database: Database): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO: 'true',
    LOG_LEVEL: 'silent',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const app = await buildApp({ config, database, clock: new TestClock(NOW), logger: false });
  await app.ready();
  return app;
}

/** The fortnight figures the back office shows, as the calls answer them. */
async function fortnightFigures(database: Database): Promise<unknown[]> {
  const app = await appOn(database);
  try {
    const { token } = await tokenFor(database.db, 'super_admin');
    const answers: unknown[] = [];
    for (const input of FIGURES) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/sales-report/',
        headers: { authorization: `Token ${token}`, prefer: 'status-codes' },
        payload: { query_type: 'get_sales_report', ...input },
      });
      expect(res.statusCode, JSON.stringify(input)).toBe(200);
      answers.push(res.json());
    }
    return answers;
  } finally {
    await app.close();
  }
}

describe.skipIf(skipReason !== null)(
  `backup with pg_dump, restore with pg_restore${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const id = randomBytes(5).toString('hex');
    const sourceName = `kitchaco_backup_${id}_source`;
    const restoredName = `kitchaco_backup_${id}_restored`;
    const dir = mkdtempSync(join(tmpdir(), 'kitchaco-backup-'));
    const dump = join(dir, 'kitchaco.dump');
    let source: Database;
    let restored: Database;

    beforeAll(async () => {
      const target = inject('testDatabase');
      if (target.kind !== 'postgres')
        throw new Error('TEST_DATABASE_URL is set but the run is not on PostgreSQL');
      // A migrated database (a copy of the run's template), seeded as the demo is.
      await admin((c) => c.query(`CREATE DATABASE "${sourceName}" TEMPLATE "${target.template}"`));
      source = open(sourceName);
      await seedDemoData(source.db, { scale: 0.02, now: NOW });
    }, 180_000);

    afterAll(async () => {
      await source?.close();
      await restored?.close();
      await admin(async (c) => {
        await c.query(`DROP DATABASE IF EXISTS "${sourceName}" WITH (FORCE)`);
        await c.query(`DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`);
      });
      rmSync(dir, { recursive: true, force: true });
    });

    it('restores every row and sequence of a pg_dump -Fc into a new database', async () => {
      // The server must not be older than the client tools (pg_dump refuses a newer server).
      const server = await admin((c) =>
        c.query<{ v: string }>("SELECT current_setting('server_version_num') AS v"),
      );
      const serverMajor = Math.floor(Number(server.rows[0]!.v) / 10_000);
      const clientMajor = Number(/(\d+)\.\d+/.exec(toolVersion('pg_dump')!)?.[1]);
      expect(clientMajor, `pg_dump ${clientMajor} for server ${serverMajor}`).toBeGreaterThanOrEqual(
        serverMajor,
      );

      execFileSync('pg_dump', ['-Fc', '--file', dump, '--dbname', databaseUrl(sourceName)], {
        stdio: 'pipe',
      });
      expect(statSync(dump).size).toBeGreaterThan(10_000);
      await admin((c) => c.query(`CREATE DATABASE "${restoredName}"`));
      execFileSync(
        'pg_restore',
        ['--no-owner', '--exit-on-error', '--dbname', databaseUrl(restoredName), dump],
        {
          stdio: 'pipe',
        },
      );
      restored = open(restoredName);

      const before = await inventory(sourceName);
      const after = await inventory(restoredName);
      expect(Object.keys(before.rows).length).toBeGreaterThan(20);
      expect(before.rows['public.orders']).toBeGreaterThan(100);
      expect(after).toEqual(before);
    }, 120_000);

    it('answers the same fortnight figures (reports and payout invoices) from the restored database', async () => {
      expect(restored, 'the restore ran').toBeDefined();
      const expected = await fortnightFigures(source);
      const actual = await fortnightFigures(restored);
      expect(actual).toEqual(expected);
      // Something to compare: the fortnights have sales.
      for (const answer of expected as { sales_data: unknown[] }[]) {
        expect(answer.sales_data.length).toBeGreaterThan(0);
      }
    }, 120_000);
  },
);
