import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, DbOrTx } from '../db/client.js';

const CHANNEL = 'catalog_changed';
/** A safety net for a lost LISTEN connection: no entry is served longer than this. */
const MAX_AGE_MS = 60_000;

export interface CachedBody {
  /** The JSON text of the response. */
  body: string;
  /** A strong ETag of that text, for conditional GETs (304). */
  etag: string;
}

interface Entry extends CachedBody {
  version: number;
  storedAt: number;
}

/**
 * Serialised answers of the public catalogue reads (locations, vendors, menus, feed), which every
 * customer asks for and which change rarely. A change is announced with {@link announceCatalogChange}
 * inside the transaction that makes it; every instance LISTENing drops its entries once it commits.
 * An answer loaded while a change lands is not kept (the version moved on while it loaded).
 */
export class CatalogCache {
  private readonly entries = new Map<string, Entry>();
  private version = 0;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, () => this.invalidate());
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    this.entries.clear();
  }

  /** Whether changes are heard; without LISTEN the cache serves nothing (every read loads). */
  get listening(): boolean {
    return this.unlisten !== null;
  }

  invalidate(): void {
    this.version++;
    this.entries.clear();
  }

  async get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.entries.get(key);
    if (hit && hit.version === this.version && this.now() - hit.storedAt < MAX_AGE_MS) return hit;
    const version = this.version;
    const body = JSON.stringify(await load());
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    if (this.listening && version === this.version) {
      this.entries.set(key, { body, etag, version, storedAt: this.now() });
    } else if (!this.listening) {
      this.log.debug({ key }, 'catalog cache is off: no change notifications');
    }
    return { body, etag };
  }
}

/**
 * Runs a change to the catalogue (a location, vendor, kitchen, meal, combo, sub-item or feed post)
 * in one transaction that announces it, then drops this instance's entries at once, so the caller
 * reads its own write; other instances drop theirs when the notification reaches them (milliseconds).
 */
export async function changeCatalog<T>(
  app: { db: Db; catalog: CatalogCache },
  work: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  const result = await app.db.transaction(async (tx) => {
    const value = await work(tx);
    await announceCatalogChange(tx);
    return value;
  });
  app.catalog.invalidate();
  return result;
}

/** Call inside a transaction that changes the catalogue (prefer {@link changeCatalog}). */
export async function announceCatalogChange(tx: DbOrTx): Promise<void> {
  // A non-empty payload: listeners ignore empty ones.
  await tx.execute(sql`SELECT pg_notify(${CHANNEL}, 'changed')`);
}
