import pg from 'pg';

/** How often the database is asked a trivial question, and how long an answer may take. */
export const WATCHDOG_INTERVAL_MS = 1_000;
export const WATCHDOG_TIMEOUT_MS = 1_000;
/** Unanswered checks in a row after which the database counts as unreachable. */
export const WATCHDOG_MISSES = 2;

export interface WatchdogEvents {
  /** The database stopped answering: connections that may hang are to be dropped now. */
  onUnreachable(): void;
  onReachable?(): void;
}

/**
 * Notices a silent partition: packets dropped, not refused, so a query on an open connection waits
 * for TCP's own give-up (minutes). Once a second, on a connection of its own, it runs `SELECT 1`
 * with a one-second deadline; after two unanswered checks in a row the database is unreachable:
 * `onUnreachable` drops every pooled connection (their queries fail at once and the requests
 * answer 503), and /healthz says so without waiting. A later answer makes it reachable again.
 * Long statements are unaffected: only the watchdog's own question has the short deadline.
 */
export class DatabaseWatchdog {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private misses = 0;
  private running = false;
  reachable = true;

  constructor(
    private readonly url: string,
    private readonly events: WatchdogEvents,
    private readonly options = { intervalMs: WATCHDOG_INTERVAL_MS, timeoutMs: WATCHDOG_TIMEOUT_MS },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.drop();
  }

  private async check(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await withDeadline(this.ask(), this.options.timeoutMs);
      this.misses = 0;
      if (!this.reachable) {
        this.reachable = true;
        this.events.onReachable?.();
      }
    } catch {
      this.drop();
      this.misses++;
      if (this.reachable && this.misses >= WATCHDOG_MISSES) {
        this.reachable = false;
        this.events.onUnreachable();
      }
    } finally {
      this.running = false;
    }
  }

  private async ask(): Promise<void> {
    if (!this.client) {
      const client = new pg.Client({
        connectionString: this.url,
        connectionTimeoutMillis: this.options.timeoutMs,
        keepAlive: true,
      });
      client.on('error', () => {
        if (this.client === client) this.client = null;
      });
      this.client = client;
      await client.connect();
    }
    await this.client.query('SELECT 1');
  }

  /** Forgets the watchdog's connection without waiting for a goodbye the network may never carry. */
  private drop(): void {
    const client = this.client;
    this.client = null;
    if (client) destroyConnection(client);
  }
}

/** Rejects when `promise` has not settled within `ms`. */
export function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Closes a pg client's socket at once. `end()` would wait for PostgreSQL's reply, which a
 * partition never delivers; destroying the socket makes the client fail its pending queries and
 * emit "Connection terminated unexpectedly" (answered as 503), on which the pool drops it. (Not
 * `end()` as well: a client ending on purpose emits no error, and the pool would keep it.)
 */
export function destroyConnection(client: pg.Client | pg.PoolClient): void {
  const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
  stream?.destroy();
}
