import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { knownSchemaVersion } from '../db/schema-version.js';
import { freePort } from '../test/ports.js';
import { jsonLines, production, run } from '../test/process.js';

/**
 * `npm run migrate` as a release step of its own, and a start that leaves the migrations to it
 * (MIGRATE_ON_START=false): the built processes, as a deployment runs them (issue 35).
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function readyz(port: number): Promise<Record<string, unknown> | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    return response.ok ? ((await response.json()) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

describe('npm run migrate (embedded database)', () => {
  it('migrates an empty database once; a start with MIGRATE_ON_START=false refuses before it and serves after', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kitchaco-migrate-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = production({
      PORT: String(port),
      DATA_DIR: dataDir,
      ALLOW_EMBEDDED_DATABASE: 'true',
      MIGRATE_ON_START: 'false',
    });

    const early = run(env);
    expect(await early.exited).toBe(1);
    const refused = jsonLines(early.output()).at(-1)!;
    expect(refused).toMatchObject({ level: 50, code: 'START_REFUSED' });
    expect(String(refused.msg)).toContain(
      `The database's schema is version 0; this build needs ${knownSchemaVersion()} (${knownSchemaVersion()} migration(s) pending). MIGRATE_ON_START=false: run \`npm run migrate\` before starting this build`,
    );

    const first = run(env, 'cli/migrate.js');
    expect(await first.exited).toBe(0);
    const lines = jsonLines(first.output());
    expect(lines).toContainEqual(
      expect.objectContaining({ code: 'SCHEMA_MIGRATED', from: 0, to: knownSchemaVersion() }),
    );
    expect(lines.at(-1)).toMatchObject({ code: 'SCHEMA_CURRENT', schema_version: knownSchemaVersion() });

    const again = run(env, 'cli/migrate.js');
    expect(await again.exited).toBe(0);
    expect(String(jsonLines(again.output()).at(-1)!.msg)).toContain(
      `Schema at version ${knownSchemaVersion()}: nothing to migrate`,
    );

    const server = run(env);
    try {
      await expect
        .poll(() => readyz(port), { timeout: 30_000, interval: 200 })
        .toMatchObject({ status: 'ready' });
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 90_000);
});

const url = process.env.TEST_DATABASE_URL;
const poolerUrl = process.env.TEST_DATABASE_POOLER_URL;

describe.runIf(url)('npm run migrate while the new release waits for it (PostgreSQL)', () => {
  const name = `kitchaco_migrate_${process.pid}`;
  const at = (server: string) => {
    const u = new URL(server);
    u.pathname = `/${name}`;
    return u.toString();
  };
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('a start with MIGRATE_ON_START=false waits, saying so, until the migration step has run, then serves', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const port = await freePort();
    // Through PgBouncer in transaction mode when the run has one (DATABASE_DIRECT_URL beside it).
    const database: Record<string, string> = poolerUrl
      ? { DATABASE_URL: at(poolerUrl), DATABASE_DIRECT_URL: at(url!) }
      : { DATABASE_URL: at(url!) };
    const env = production({
      PORT: String(port),
      ...database,
      MIGRATE_ON_START: 'false',
      DATABASE_START_TIMEOUT_MS: '60000',
    });
    const server = run(env);
    try {
      await expect
        .poll(() => jsonLines(server.output()).some((l) => l.code === 'SCHEMA_PENDING'), { timeout: 20_000 })
        .toBe(true);
      expect(await readyz(port)).toBeNull();
      const migrate = run(env, 'cli/migrate.js');
      expect(await migrate.exited).toBe(0);
      await expect
        .poll(() => readyz(port), { timeout: 30_000, interval: 200 })
        .toMatchObject({
          status: 'ready',
          applied_schema_version: knownSchemaVersion(),
        });
      // The workers run a few passes (outbox, inbox, reconciliation, rollups): through a pooler
      // they used to fail in a loop on named statements.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const staff = await fetch(`http://127.0.0.1:${port}/api/v1/admin-data/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query_type: 'admin_login',
          email: 'nobody@example.com',
          password: 'wrong password',
        }),
      });
      expect((await staff.json()) as { success: boolean }).toMatchObject({ success: false });
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    const errors = jsonLines(server.output()).filter((l) => Number(l.level) >= 50);
    expect(errors).toEqual([]);
  }, 120_000);
});
