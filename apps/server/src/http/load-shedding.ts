import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toWire, unavailable } from './errors.js';

const BUSY = 'The service is busy. Please try again in a moment.';
const RETRY_AFTER_SECONDS = 2;

/** Sets the 503 status and Retry-After, and returns the body to send. */
function busy(reply: FastifyReply) {
  reply.status(503).header('retry-after', RETRY_AFTER_SECONDS);
  return { ...toWire(unavailable(BUSY)), code: 'overloaded' };
}

/**
 * Sheds load instead of queueing it: past `maxInFlight` requests in progress, or while the event
 * loop lags more than `maxEventLoopDelayMs`, requests are answered at once with 503 and Retry-After
 * (the spec's failure shape, code `overloaded`), so clients back off instead of timing out, and the
 * server recovers as soon as the load drops. `/healthz` is never shed: load balancers must see it.
 */
export async function addLoadShedding(
  app: FastifyInstance,
  options: { maxInFlight: number; maxEventLoopDelayMs: number },
): Promise<void> {
  if (options.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      exposeStatusRoute: false,
      // under-pressure sends what the handler returns; returning nothing lets the request through.
      pressureHandler: ((request: FastifyRequest, reply: FastifyReply) =>
        request.url === '/healthz' ? undefined : busy(reply)) as unknown as () => void,
    });
  }
  if (options.maxInFlight <= 0) return;
  let inFlight = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url === '/healthz') return done();
    if (inFlight >= options.maxInFlight) {
      void reply.send(busy(reply));
      return;
    }
    inFlight++;
    let released = false;
    const release = () => {
      if (!released) {
        released = true;
        inFlight--;
      }
    };
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
    done();
  });
}
