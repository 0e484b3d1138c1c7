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

/** Refuses a database whose schema is newer than this build: an old build must not write to it. */
export async function assertSchemaKnown(db: Db): Promise<{ applied: number; known: number }> {
  const applied = await appliedSchemaVersion(db);
  const knownVersion = knownSchemaVersion();
  if (applied > knownVersion) {
    throw new SchemaTooNewError(
      `The database's schema is version ${applied}, newer than this build knows (version ${knownVersion}): it was upgraded by a newer release. Start that release (or newer), or restore the backup taken before the upgrade (docs/operations.md, "Upgrade and roll back").`,
    );
  }
  return { applied, known: knownVersion };
}
