import type { Config } from '../config.js';
import { type Database, openPglite, openPostgres } from './client.js';
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
