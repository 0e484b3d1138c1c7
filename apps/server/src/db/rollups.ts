import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Poller, startPoller } from '../lib/poller.js';
import type { DbOrTx } from './client.js';

interface FoldState {
  running: Promise<void> | null;
  next: Promise<void> | null;
}
const states = new WeakMap<DbOrTx, FoldState>();

/**
 * Moves the committed pending rollup rows into the rollups (`rollups_fold()`, migration 0006), so a read
 * that follows sees every write committed before it was asked for. Calls made while a fold runs
 * share the one fold that starts after it: the seven reads of a dashboard cost one fold, not seven.
 */
export function foldRollups(db: DbOrTx): Promise<void> {
  let state = states.get(db);
  if (!state) {
    state = { running: null, next: null };
    states.set(db, state);
  }
  const s = state;
  const start = (): Promise<void> => {
    const fold: Promise<void> = db
      .execute(sql`SELECT rollups_fold()`)
      .then(() => undefined)
      .finally(() => {
        if (s.running === fold) s.running = null;
      });
    s.running = fold;
    return fold;
  };
  if (!s.running) return start();
  // The fold under way may have started before this caller's last write committed: wait for the
  // next one, shared by everyone who asks meanwhile.
  if (!s.next) {
    s.next = s.running
      .catch(() => undefined)
      .then(() => {
        s.next = null;
        return start();
      });
  }
  return s.next;
}

/**
 * What the folder needs from its host: the database and a log. The database layer names this itself
 * rather than taking the app's context, so it never depends on the modules that context gathers.
 */
export interface RollupFolderHost {
  db: DbOrTx;
  log: FastifyBaseLogger;
}

/** Folds every `intervalMs`, so few rows stay pending and reads find little left to fold. */
export function startRollupFolder(app: RollupFolderHost, intervalMs: number): Poller {
  return startPoller(app.log, 'rollup fold', intervalMs, () => foldRollups(app.db));
}
