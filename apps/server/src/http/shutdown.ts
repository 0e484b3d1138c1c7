import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** How long the instance keeps answering while draining (`SHUTDOWN_DRAIN_MS`). */
  drainMs: number;
  /** What closes after the HTTP server: the workers, then the database. */
  after: () => Promise<void>;
  wait?: (ms: number) => Promise<void>;
}

/**
 * The stop of an instance (SIGTERM), in the order that loses nothing (lib/lifecycle.ts):
 * 1. draining: `/readyz` answers 503, every event stream gets its `reconnect` event and ends (the
 *    kitchen displays connect again through the load balancer at once, and read their tickets
 *    anew), new streams are refused, every answer says `Connection: close` so no client sends its
 *    next request on this instance's kept-alive sockets;
 * 2. after `drainMs`, the HTTP server closes: requests in progress finish, idle sockets close;
 * 3. the workers finish their pass and stop, the database closes (`after`).
 * Answers how many streams were ended.
 */
export async function shutDown(app: FastifyInstance, options: ShutdownOptions): Promise<{ streams: number }> {
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const streams = app.appContext.lifecycle.drain();
  app.log.info({ streams, drainMs: options.drainMs }, 'draining: event streams told to reconnect');
  if (options.drainMs > 0) await wait(options.drainMs);
  await app.close();
  await options.after();
  return { streams };
}

/** While draining, every answer closes its connection, so kept-alive clients move elsewhere. */
export function closeConnectionsWhileDraining(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (app.appContext.lifecycle.draining) reply.header('connection', 'close');
    return payload;
  });
}
