import type { Database } from './client.js';

/** The longest a health check waits for the database (ms): a load balancer's check must not hang. */
export const HEALTH_TIMEOUT_MS = 800;

/**
 * The health checks' question to the database (/healthz, /readyz, and `kitchaco_database_up` at
 * each scrape): false at once while the watchdog finds it unreachable, else whether `SELECT 1`
 * answers within HEALTH_TIMEOUT_MS on the priority pool. Never throws.
 */
export async function databaseAnswers(database: Database): Promise<boolean> {
  try {
    return database.reachable() && (await database.ping(HEALTH_TIMEOUT_MS));
  } catch {
    return false;
  }
}
