import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';

interface Entry<V> {
  value: V;
  version: number;
  storedAt: number;
}

/**
 * Values loaded from the database and kept in this process until PostgreSQL announces a change on
 * a channel (`pg_notify` in the changing transaction, or a trigger), which every instance hears
 * once it commits. While no change can be heard (LISTEN not started, or its connection lost) the
 * cache keeps nothing, so a reader never gets a value older than the last announcement it missed;
 * `maxAgeMs` bounds an entry's life even so. A value loaded while a change lands is not kept (the
 * version moved on while it loaded).
 */
export class ListeningCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private version = 0;
  private unlisten: (() => Promise<void>) | null = null;
  private connected = false;

  constructor(
    private readonly database: Database,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
    private readonly options: { maxAgeMs: number; maxEntries: number; now?: () => number },
  ) {}

  async start(): Promise<void> {
    // Connected unless the listener says otherwise (it may, before it resolves).
    this.connected = true;
    this.unlisten = await this.database.listen(
      this.channel,
      () => this.invalidate(),
      (connected) => {
        // Announcements made while the connection was down are lost: forget everything.
        this.connected = connected;
        this.invalidate();
      },
    );
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    this.connected = false;
    this.entries.clear();
  }

  /** Whether changes are heard; while they are not, every read loads. */
  get listening(): boolean {
    return this.unlisten !== null && this.connected;
  }

  invalidate(): void {
    this.version++;
    this.entries.clear();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The kept value, if it is current. */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.version === this.version && this.now() - hit.storedAt < this.options.maxAgeMs) {
      return hit.value;
    }
    return undefined;
  }

  /** The kept value, or `load`'s, kept when no change landed while it loaded. */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const version = this.version;
    const value = await load();
    this.keep(key, value, version);
    return value;
  }

  /**
   * Keeps a value read at `version` ({@link currentVersion} taken before the read), unless a change
   * has been announced since.
   */
  keep(key: string, value: V, version: number): void {
    if (!this.listening) {
      this.log.debug({ channel: this.channel, key }, 'cache is off: no change notifications');
      return;
    }
    if (version !== this.version) return;
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, version, storedAt: this.now() });
  }

  get currentVersion(): number {
    return this.version;
  }
}
