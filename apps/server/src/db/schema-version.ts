import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { migrationsFolder } from './client.js';

/**
 * The schema's version is the number of migrations applied: this build knows `knownSchemaVersion()`
 * of them (drizzle's journal beside the migrations), the database has had `appliedSchemaVersion()`
 * (drizzle's own record of them). A build started on a schema newer than it knows refuses to start,
 * naming both (docs/operations.md, "Upgrade and roll back"); one whose migrations are not all applied
 * yet is not ready (`/readyz`).
 */
let known: number | null = null;
export function knownSchemaVersion(): number {
  if (known === null) {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    known = journal.entries.length;
  }
  return known;
}

/** Migrations applied to the database (0 before the first). */
export async function appliedSchemaVersion(db: Db): Promise<number> {
  try {
    const result = (await db.execute(
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]?.n ?? 0;
  } catch (error) {
    // No record yet: a database never migrated.
    if ((error as { code?: string; cause?: { code?: string } }).code === '42P01') return 0;
    if ((error as { cause?: { code?: string } }).cause?.code === '42P01') return 0;
    throw error;
  }
}

export class SchemaTooNewError extends Error {}

/**
 * Migrations are written expand-then-contract (docs/operations.md, "Writing migrations"): an
 * expand migration (a table, a nullable column, a column with a default, an index, an enum value)
 * leaves every statement of the release before it working, so that release may run beside this one
 * on the migrated schema; a contract migration (a drop, a rename, a new NOT NULL without default, a
 * tightened check) breaks the builds before it.
 *
 * `CONTRACTS` names each contract migration by its schema version (its position in the journal,
 * 1-based) and the oldest schema version whose builds still run once it is applied. Every build
 * knowing fewer migrations than that refuses to start on such a schema. Migrations up to
 * `OLDEST_READER_FLOOR` predate this record: builds older than it are refused as before.
 */
export const OLDEST_READER_FLOOR = 23;
export const CONTRACTS: Readonly<Record<number, number>> = {};

/** The oldest schema version whose builds may run on a database with `applied` migrations. */
export function oldestReaderOf(
  applied: number,
  contracts: Readonly<Record<number, number>> = CONTRACTS,
): number {
  let oldest = Math.min(OLDEST_READER_FLOOR, applied);
  for (const [version, reader] of Object.entries(contracts)) {
    if (Number(version) <= applied) oldest = Math.max(oldest, reader);
  }
  return oldest;
}

/**
 * Kept in the database by every migrating build, so an older build (which cannot know the newer
 * migrations) can tell whether it may still run: `oldest_reader` is `oldestReaderOf(applied)`.
 * In drizzle's schema beside its record of migrations; written outside the migrations themselves,
 * so writing it never changes the schema version.
 */
export async function recordOldestReader(db: Db, build: string): Promise<number | null> {
  const applied = await appliedSchemaVersion(db);
  // Only a build that knows every applied migration can say who may read them.
  if (applied > knownSchemaVersion()) return null;
  const oldest = oldestReaderOf(applied);
  await db.execute(sql`CREATE TABLE IF NOT EXISTS drizzle.kitchaco_schema_readers (
    id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    schema_version integer NOT NULL,
    oldest_reader integer NOT NULL,
    written_by text NOT NULL,
    written_at timestamptz NOT NULL DEFAULT now()
  )`);
  await db.execute(sql`INSERT INTO drizzle.kitchaco_schema_readers (id, schema_version, oldest_reader, written_by)
    VALUES (1, ${applied}, ${oldest}, ${build})
    ON CONFLICT (id) DO UPDATE SET schema_version = excluded.schema_version, oldest_reader = excluded.oldest_reader,
      written_by = excluded.written_by, written_at = now()
    WHERE kitchaco_schema_readers.schema_version <= excluded.schema_version`);
  return oldest;
}

/** What the newest migrating build recorded; null before any did (or on a build before 0.10). */
async function recordedReaders(db: Db): Promise<{ oldestReader: number; writtenBy: string } | null> {
  try {
    const result = (await db.execute(
      sql`SELECT oldest_reader, written_by FROM drizzle.kitchaco_schema_readers WHERE id = 1`,
    )) as unknown as { rows: { oldest_reader: number; written_by: string }[] };
    const row = result.rows[0];
    return row ? { oldestReader: row.oldest_reader, writtenBy: row.written_by } : null;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if (e.code === '42P01' || e.cause?.code === '42P01') return null;
    throw error;
  }
}

export interface SchemaCheck {
  applied: number;
  known: number;
  /** The schema is newer than this build, and its migrations since are expand-only: this build runs beside the newer one. */
  sideBySide?: { writtenBy: string };
}

/**
 * Refuses a database whose schema is newer than this build when a contract migration since has
 * broken it (an old build must not write what the newer one no longer reads); lets it run beside
 * the newer release when every migration since is an expand one.
 */
export async function assertSchemaKnown(db: Db): Promise<SchemaCheck> {
  const applied = await appliedSchemaVersion(db);
  const knownVersion = knownSchemaVersion();
  if (applied <= knownVersion) return { applied, known: knownVersion };
  const readers = await recordedReaders(db);
  if (readers && readers.oldestReader <= knownVersion) {
    return { applied, known: knownVersion, sideBySide: { writtenBy: readers.writtenBy } };
  }
  const since = readers ? `: a migration since needs version ${readers.oldestReader} or newer` : '';
  throw new SchemaTooNewError(
    `The database's schema is version ${applied}, newer than this build knows (version ${knownVersion})${since}: it was upgraded by a newer release. Start that release (or newer), or restore the backup taken before the upgrade (docs/operations.md, "Upgrade and roll back").`,
  );
}
