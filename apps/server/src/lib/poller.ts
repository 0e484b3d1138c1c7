import type { FastifyBaseLogger } from 'fastify';

export interface Poller {
  /** Stops polling and waits for a pass in progress to end. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` at once and then `intervalMs` after each pass ends, until stopped. A failed pass is
 * logged and the next one runs as planned: a database outage delays the work, it never ends it.
 */
export function startPoller(
  log: FastifyBaseLogger,
  name: string,
  intervalMs: number,
  pass: () => Promise<unknown>,
): Poller {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    if (stopped) return;
    running = pass()
      .catch((error) => log.warn({ err: error }, `${name} pass failed`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
