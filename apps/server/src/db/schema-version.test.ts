import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import {
  appliedSchemaVersion,
  assertSchemaKnown,
  knownSchemaVersion,
  SchemaTooNewError,
} from './schema-version.js';

/** An old build must not serve a schema a newer release migrated (issue 35: it started silently). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the schema version', () => {
  it('is the count of migrations applied, equal to what this build knows once migrated', async () => {
    const db = t.database.db;
    expect(await appliedSchemaVersion(db)).toBe(knownSchemaVersion());
    await expect(assertSchemaKnown(db)).resolves.toEqual({
      applied: knownSchemaVersion(),
      known: knownSchemaVersion(),
    });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({ status: 'ready', schema_version: knownSchemaVersion() });
  });

  it('refuses to start on a schema newer than the build knows, naming both versions', async () => {
    const db = t.database.db;
    await db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-release', 4102444800000)`,
    );
    const known = knownSchemaVersion();
    const refused = await assertSchemaKnown(db).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SchemaTooNewError);
    expect((refused as Error).message).toContain(
      `The database's schema is version ${known + 1}, newer than this build knows (version ${known})`,
    );
  });
});
