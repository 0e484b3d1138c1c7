import type { Config } from '../config.js';
import { type Database, openPglite, openPostgres } from './client.js';

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else embedded PGlite. */
export function openDatabase(config: Config): Promise<Database> | Database {
  return config.database.kind === 'postgres'
    ? openPostgres(config.database.url, config.database.poolSize)
    : openPglite(config.database.dataDir);
}
