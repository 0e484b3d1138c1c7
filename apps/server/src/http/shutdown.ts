import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Between no longer accepting connections and closing the idle ones: a connection accepted a
 * moment before may not have sent its request yet, and Node counts it idle until it has
 * (http.Server.close() since Node 19 closes idle connections at once: that client would be reset).
 */
export const SETTLE_MS = 250;

/** Kept for the workers' last pass and the database's close, within SHUTDOWN_GRACE_MS. */
const AFTER_ANSWERS_MS = 5_000;

/** How long a stop waits for its last answers, so that everything closes within `graceMs`. */
export function answersWithinMs(shutdown: { graceMs: number; drainMs: number }): number {
  return Math.max(1_000, shutdown.graceMs - shutdown.drainMs - SETTLE_MS - AFTER_ANSWERS_MS);
}

export interface ShutdownOptions {
  /** How long the instance keeps answering while draining (`SHUTDOWN_DRAIN_MS`). */
  drainMs: number;
  /** What closes after the HTTP server: the workers, then the database. */
  after: () => Promise<void>;
  /**
   * How long the HTTP server may wait for its last answers once it closes (ms): a client that
   * stopped reading a large answer would otherwise hold the stop until SHUTDOWN_GRACE_MS and the
   * forced exit (code 1, the workers and database never closed). Past it, the connections still
   * open are cut, saying how many. Default: no limit.
   */
  answersWithinMs?: number;
  wait?: (ms: number) => Promise<void>;
}

/**
 * The stop of an instance (SIGTERM), in the order that loses nothing (lib/lifecycle.ts):
 * 1. draining: `/readyz` answers 503, every event stream gets its `reconnect` event and ends (the
 *    kitchen displays connect again through the load balancer at once, and read their tickets
 *    anew), new streams are refused, every answer says `Connection: close` so no client sends its
 *    next request on this instance's kept-alive sockets;
 * 2. after `drainMs`, no new connection is accepted; `SETTLE_MS` later the HTTP server closes:
 *    requests in progress finish, idle sockets close; answers still being sent `answersWithinMs`
 *    later (a client that stopped reading) are cut;
 * 3. the workers finish their pass and stop, the database closes (`after`).
 * Answers how many streams were ended.
 */
export async function shutDown(app: FastifyInstance, options: ShutdownOptions): Promise<{ streams: number }> {
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const streams = app.appContext.lifecycle.drain();
  app.log.info({ streams, drainMs: options.drainMs }, 'draining: event streams told to reconnect');
  if (options.drainMs > 0) await wait(options.drainMs);
  // No new connection from here; those already open send their request and get their answer
  // (with `Connection: close`) before the idle ones are closed.
  if (app.server.listening) {
    net.Server.prototype.close.call(app.server);
    await wait(SETTLE_MS);
  }
  const cut =
    options.answersWithinMs === undefined
      ? null
      : setTimeout(() => {
          app.server.getConnections((_error, count) => {
            app.log.warn(
              { connections: count, code: 'SHUTDOWN_CUT_CONNECTIONS' },
              `${count} connection(s) still receiving an answer ${options.answersWithinMs} ms into the stop were cut (a client not reading)`,
            );
          });
          app.server.closeAllConnections();
        }, options.answersWithinMs);
  try {
    await app.close();
  } finally {
    if (cut) clearTimeout(cut);
  }
  await options.after();
  return { streams };
}

/** While draining, every answer closes its connection, so kept-alive clients move elsewhere. */
export function closeConnectionsWhileDraining(app: FastifyInstance): void {
  // A callback hook: no promise per answer (as addFailureStyle's).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.appContext.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
