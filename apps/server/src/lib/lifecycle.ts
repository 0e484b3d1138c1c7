/**
 * Where the process is in its life, for a restart that no kitchen notices (docs/operations.md,
 * "Restarts and deploys"). On SIGTERM the process starts draining: `/readyz` answers 503 at once,
 * so the load balancer stops sending it new work; every open event stream (kitchen displays,
 * pickup boards, customers' order status) is sent a last `reconnect` event and ended, so each
 * client connects again at once, through the load balancer, to an instance that stays; new streams
 * are refused (503, Retry-After 1) while the ordinary requests already on their way are answered.
 * Then the HTTP server closes (in-flight requests finish, idle kept-alive sockets close), the
 * workers finish their pass and the database closes.
 */
export class Lifecycle {
  private isDraining = false;
  /** Each open stream's ender, and its kind (the route's area: kitchen, orders). */
  private readonly streams = new Map<() => void, string>();

  get draining(): boolean {
    return this.isDraining;
  }

  /** Open event streams, for /readyz and the metrics. */
  get openStreams(): number {
    return this.streams.size;
  }

  /** Open event streams by kind, for the metrics. */
  openStreamsByKind(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const kind of this.streams.values()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
    return counts;
  }

  /** Registers an open stream's ender (which sends the last event and ends it); returns its removal. */
  trackStream(end: () => void, kind = 'other'): () => void {
    this.streams.set(end, kind);
    return () => {
      this.streams.delete(end);
    };
  }

  /** Starts draining (once): ends every open stream; answers how many were ended. */
  drain(): number {
    this.isDraining = true;
    const open = [...this.streams.keys()];
    this.streams.clear();
    for (const end of open) end();
    return open.length;
  }
}

/** The stream's last event: the client reconnects at once (to another instance, through the balancer). */
export const RECONNECT_EVENT = 'reconnect';
