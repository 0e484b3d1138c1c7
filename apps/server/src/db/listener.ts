import pg from 'pg';
import { destroyConnection } from './watchdog.js';

interface Subscriber {
  channel: string;
  onPayload: (payload: string) => void;
  onConnection: (connected: boolean) => void;
}

const quoted = (channel: string) => `"${channel.replace(/"/g, '')}"`;

/**
 * One dedicated connection LISTENing on every channel this process follows (pooled connections
 * cannot hold a LISTEN). One connection rather than one per channel: PostgreSQL wakes every
 * listening backend of the database on each notification (a checkout sends one), so each extra
 * listener costs the server a process wake-up per order. If the connection drops, subscribers
 * hear `onConnection(false)`, and it reconnects with back-off, listens again and tells them
 * `onConnection(true)`.
 */
export class SharedListener {
  private readonly subscribers = new Set<Subscriber>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private lost = false;
  private delay = 500;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly url: string) {}

  /** Follows a channel; resolves once it is listened to, to a function that stops following. */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onConnection: (connected: boolean) => void = () => {},
  ): Promise<() => Promise<void>> {
    const subscriber: Subscriber = { channel, onPayload, onConnection };
    const known = this.channels().has(channel);
    const lostBefore = this.lost;
    this.subscribers.add(subscriber);
    if (this.client) {
      // A failure here is the connection's: its error handler reconnects and listens again.
      if (!known) await this.client.query(`LISTEN ${quoted(channel)}`).catch(() => {});
    } else {
      await this.connect();
    }
    // Still not connected (the database is down; retried meanwhile). A failed first connection
    // told every subscriber already; one joining a lost connection is told here.
    if (!this.client && lostBefore) onConnection(false);
    return async () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) await this.close();
      else if (!this.channels().has(channel))
        await this.client?.query(`UNLISTEN ${quoted(channel)}`).catch(() => {});
    };
  }

  private channels(): Set<string> {
    return new Set([...this.subscribers].map((s) => s.channel));
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    const c = new pg.Client({ connectionString: this.url, keepAlive: true, connectionTimeoutMillis: 3_000 });
    c.on('notification', (msg) => {
      if (!msg.payload) return;
      for (const s of this.subscribers) if (s.channel === msg.channel) s.onPayload(msg.payload);
    });
    c.on('error', () => {
      c.end().catch(() => {});
      if (this.client !== c) return;
      this.client = null;
      this.lost = true;
      for (const s of this.subscribers) s.onConnection(false);
      this.scheduleRetry();
    });
    try {
      await c.connect();
      for (const channel of this.channels()) await c.query(`LISTEN ${quoted(channel)}`);
    } catch {
      await c.end().catch(() => {});
      if (!this.lost) {
        this.lost = true;
        for (const s of this.subscribers) s.onConnection(false);
      }
      this.scheduleRetry();
      return;
    }
    this.client = c;
    this.delay = 500;
    if (this.lost) {
      this.lost = false;
      for (const s of this.subscribers) s.onConnection(true);
    }
  }

  /**
   * Drops the connection at once (the database stopped answering: it may be hanging). Subscribers
   * hear `onConnection(false)`, and it reconnects with back-off as after any loss.
   */
  reset(): void {
    const c = this.client;
    if (!c) return;
    this.client = null;
    this.lost = true;
    destroyConnection(c);
    for (const s of this.subscribers) s.onConnection(false);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.subscribers.size === 0 || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect().catch(() => {});
    }, this.delay);
    this.delay = Math.min(this.delay * 2, 10_000);
  }

  private async close(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => {});
  }
}
