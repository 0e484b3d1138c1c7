import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import {
  appliedSchemaVersion,
  assertSchemaKnown,
  knownSchemaVersion,
  OLDEST_READER_FLOOR,
  oldestReaderOf,
  recordOldestReader,
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

describe('two releases on one schema (expand, then contract)', () => {
  it('lets builds back to the floor read a schema of expand migrations, and a contract raise it', () => {
    const floor = OLDEST_READER_FLOOR;
    expect(oldestReaderOf(floor)).toBe(floor);
    // Expand migrations after the floor: the floor's builds still read it.
    expect(oldestReaderOf(floor + 3, {})).toBe(floor);
    // A contract migration at floor+2 needs builds knowing floor+1 or more, once it is applied.
    expect(oldestReaderOf(floor + 1, { [floor + 2]: floor + 1 })).toBe(floor);
    expect(oldestReaderOf(floor + 3, { [floor + 2]: floor + 1 })).toBe(floor + 1);
  });

  it('runs an older build beside a newer schema whose migrations since are expand-only; refuses after a contract', async () => {
    const fresh = await createTestApp();
    try {
      const db = fresh.database.db;
      const known = knownSchemaVersion();
      await recordOldestReader(db, '0.10.0 (abc)');
      // A newer release applied one more (expand) migration and recorded that builds of `known` still read it.
      await db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('an-expand-migration', 4102444800000)`,
      );
      await db.execute(
        sql`UPDATE drizzle.kitchaco_schema_readers SET schema_version = ${known + 1}, oldest_reader = ${known}, written_by = '0.11.0 (def)'`,
      );
      await expect(assertSchemaKnown(db)).resolves.toEqual({
        applied: known + 1,
        known,
        sideBySide: { writtenBy: '0.11.0 (def)' },
      });
      // This build's own migrate step never lowers what the newer one recorded.
      await expect(recordOldestReader(db, '0.10.0 (abc)')).resolves.toBeNull();
      await expect(assertSchemaKnown(db)).resolves.toMatchObject({
        sideBySide: { writtenBy: '0.11.0 (def)' },
      });
      // A contract migration: builds of `known` must stop.
      await db.execute(sql`UPDATE drizzle.kitchaco_schema_readers SET oldest_reader = ${known + 1}`);
      const refused = await assertSchemaKnown(db).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(SchemaTooNewError);
      expect((refused as Error).message).toContain(
        `The database's schema is version ${known + 1}, newer than this build knows (version ${known}): a migration since needs version ${known + 1} or newer`,
      );
    } finally {
      await fresh.close();
    }
  });
});
