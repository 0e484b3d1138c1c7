import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { type Database, type Db, openPglite, openPostgres } from './client.js';
import { lockDataDir } from './data-dir-lock.js';

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else embedded PGlite in
 * DATA_DIR, which one server process at a time may use (a second one is refused, not let corrupt it).
 */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.database.kind === 'postgres') return openPostgres(config.database.url, config.database);
  const release = lockDataDir(config.database.dataDir);
  try {
    const database = await openPglite(config.database.dataDir);
    const close = database.close;
    return {
      ...database,
      async close() {
        await close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** The database did not answer at start within `DATABASE_START_TIMEOUT_MS`. */
export class DatabaseStartError extends Error {}

/** Where a database URL points, without its password: `db.example:5432/kitchaco`. */
export function databaseHost(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'the address in DATABASE_URL';
  }
}

/**
 * Waits for PostgreSQL at start (it may still be starting, or a failover under way): asks every
 * half second, then up to every 5 s, for `timeoutMs`, saying each time what failed; then gives up
 * naming the host and the setting. The embedded database is there at once.
 */
export async function waitForDatabase(
  database: Database,
  config: Config,
  onRetry: (message: string) => void,
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  now = () => Date.now(),
): Promise<void> {
  if (config.database.kind !== 'postgres') return;
  const where = `${databaseHost(config.database.url)} (DATABASE_URL)`;
  const deadline = now() + config.database.startTimeoutMs;
  let wait = 500;
  for (;;) {
    try {
      await database.ping(2_000);
      return;
    } catch (error) {
      const reason = describeFailure(error);
      if (now() + wait > deadline) {
        throw new DatabaseStartError(
          `The database at ${where} did not answer within ${config.database.startTimeoutMs / 1000} s (DATABASE_START_TIMEOUT_MS): ${reason}. Check that PostgreSQL runs and that DATABASE_URL names it.`,
        );
      }
      onRetry(`The database at ${where} does not answer yet (${reason}); asking again in ${wait / 1000} s`);
      await sleep(wait);
      wait = Math.min(wait * 2, 5_000);
    }
  }
}

function describeFailure(error: unknown): string {
  const e = error as { code?: string; message?: string } | null;
  const message = e?.message?.split('\n')[0] ?? String(error);
  return e?.code && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}

/** The statement timeout a pooled connection runs with (the role's or database's default): `0` is none. */
export async function statementTimeoutOf(db: Db): Promise<string> {
  const result = (await db.execute(sql`SHOW statement_timeout`)) as unknown as {
    rows: { statement_timeout: string }[];
  };
  return result.rows[0]?.statement_timeout ?? '0';
}
