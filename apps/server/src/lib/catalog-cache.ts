import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, DbOrTx } from '../db/client.js';
import { ListeningCache } from './listening-cache.js';

const CHANNEL = 'catalog_changed';
/** A safety net for a lost LISTEN connection: no entry is served longer than this. */
const MAX_AGE_MS = 60_000;

export interface CachedBody {
  /** The JSON text of the response. */
  body: string;
  /** A strong ETag of that text, for conditional GETs (304). */
  etag: string;
  /**
   * The same text compressed once, when it is kept (issue 39: never per request), for clients that
   * accept it; absent for a small answer, which is sent as it is.
   */
  encoded?: { br: Buffer; gzip: Buffer };
}

/** Below this size an answer is sent uncompressed (the headers would outweigh the saving). */
export const COMPRESS_FROM_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Both encodings of a kept answer, computed off the event loop (zlib's thread pool). */
async function encode(body: string): Promise<CachedBody['encoded']> {
  if (Buffer.byteLength(body) < COMPRESS_FROM_BYTES) return undefined;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
      },
    }),
    gzipped(body, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}

/**
 * Serialised answers of the public catalogue reads (locations, vendors, menus, feed), which every
 * customer asks for and which change rarely. A change is announced with {@link announceCatalogChange}
 * inside the transaction that makes it; every instance LISTENing drops its entries once it commits.
 * An answer loaded while a change lands is not kept (the version moved on while it loaded).
 */
export class CatalogCache {
  /** Serialised answers under `body:` keys, server-side objects (pricing) under `value:` keys. */
  private readonly cache: ListeningCache<unknown>;

  constructor(database: Database, log: FastifyBaseLogger, now: () => number = Date.now) {
    this.cache = new ListeningCache(database, CHANNEL, log, {
      maxAgeMs: MAX_AGE_MS,
      maxEntries: 50_000,
      now,
    });
  }

  start(): Promise<void> {
    return this.cache.start();
  }

  stop(): Promise<void> {
    return this.cache.stop();
  }

  /** Whether changes are heard; without LISTEN the cache serves nothing (every read loads). */
  get listening(): boolean {
    return this.cache.listening;
  }

  invalidate(): void {
    this.cache.invalidate();
  }

  /** The kept answer under `key`, if it is current (no load). */
  peek(key: string): CachedBody | undefined {
    return this.cache.peek(`body:${key}`) as CachedBody | undefined;
  }

  /** A catalogue answer, serialised, with its ETag. */
  get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    return this.cache.get(`body:${key}`, async () => {
      const body = JSON.stringify(await load());
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      // Compressed only when it will be kept: without change notifications nothing is kept, and
      // brotli at its best quality on every read would cost milliseconds of CPU per request.
      return { body, etag, encoded: this.listening ? await encode(body) : undefined };
    }) as Promise<CachedBody>;
  }

  /**
   * Catalogue rows as the server uses them (a location's opening hours, a meal's price), shared by
   * every request until the next change: callers must not modify them.
   */
  value<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(`value:${key}`, load) as Promise<T>;
  }

  /** Rows by id, as {@link value}: the ones kept come from memory, the rest in one `load`. */
  async valuesById<T extends { id: number }>(
    kind: string,
    ids: readonly number[],
    load: (missing: number[]) => Promise<T[]>,
  ): Promise<Map<number, T>> {
    const found = new Map<number, T>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const kept = this.cache.peek(`value:${kind}:${id}`) as T | undefined;
      if (kept === undefined) missing.push(id);
      else found.set(id, kept);
    }
    if (missing.length === 0) return found;
    const version = this.cache.currentVersion;
    for (const row of await load(missing)) {
      found.set(row.id, row);
      this.cache.keep(`value:${kind}:${row.id}`, row, version);
    }
    return found;
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
