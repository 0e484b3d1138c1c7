import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onResponseHookHandler,
} from 'fastify';
import type { Config } from '../config.js';
import type { Metrics } from '../lib/metrics.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The query_type of a call on a spec endpoint, once known (http/register.ts); for the metrics. */
    queryType: string | null;
  }
}

/** Webhook routes, whose answer is a platform's acknowledgement: the platform is the path's segment. */
const WEBHOOK_ROUTE = /^\/api\/v1\/(?:marketplaces\/)?([a-z-]+)\/webhook\/$/;

export const METRICS_PATH = '/metrics';

/**
 * The metrics of the HTTP layer and where Prometheus reads them (docs/operations.md, "Metrics"):
 * every answered request is observed by its route pattern (bounded: never the raw URL with its
 * ids), method, query_type and status; a webhook's answer is also its platform's acknowledgement.
 * `/metrics` exists only with METRICS_TOKEN set, and answers only `Authorization: Bearer <token>`;
 * with METRICS_PORT it is served on that port of the same HOST instead, and the main port has none.
 */
export async function addMetrics(app: FastifyInstance, metrics: Metrics, config: Config): Promise<void> {
  app.decorateRequest('queryType', null);
  const { registry } = metrics;
  if (!registry || !config.metrics) return;
  // Each route gets its own recorder (route pattern and webhook platform known once, here), run as
  // a route-level onResponse hook: a global hook would read request.routeOptions (an object built
  // on every read) and match the webhook pattern on every answer. Answers of no route (a 404, the
  // site's history fallback) are observed by the not-found handler (observeUnmatched).
  app.addHook('onRoute', (route) => {
    // A stream's "answer" ends when its client leaves, minutes later: counted as open streams instead.
    if ((route.config as { eventStream?: boolean } | undefined)?.eventStream) return;
    const record = metrics.httpRoute(route.url);
    // Named as the inbox names it (uber_eats), not as its address does (uber-eats).
    const platform = WEBHOOK_ROUTE.exec(route.url)?.[1]?.replaceAll('-', '_');
    const observe: onResponseHookHandler = platform
      ? (request, reply, done) => {
          const seconds = reply.elapsedTime / 1000;
          record(request.method, request.queryType ?? '', reply.statusCode, seconds);
          metrics.webhookAck(platform, seconds);
          done();
        }
      : (request, reply, done) => {
          record(request.method, request.queryType ?? '', reply.statusCode, reply.elapsedTime / 1000);
          done();
        };
    route.onResponse = [...asList(route.onResponse), observe];
  });

  const expected = digest(config.metrics.token);
  const scrape = async (request: FastifyRequest, reply: FastifyReply) => {
    const sent = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // Compared as digests of equal length, in constant time: the answer's timing tells nothing.
    if (sent === undefined || !timingSafeEqual(digest(sent), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ success: false, error: 'The metrics need their bearer token.', code: 'unauthorized' });
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
  };

  const port = config.metrics.port;
  if (port === null) {
    app.get(METRICS_PATH, scrape);
    return;
  }
  // A server of its own, on the same HOST: a firewall or a Kubernetes NetworkPolicy can then keep
  // the port private while the main one is public. Bound when the app is ready (before it
  // listens), so a port in use fails the start instead of leaving the metrics silently absent.
  const server = Fastify({ logger: false });
  server.get(METRICS_PATH, scrape);
  app.addHook('onReady', async () => {
    await server.listen({ host: config.host, port });
  });
  app.addHook('onClose', () => server.close());
}

/**
 * The observer of answers of no route (a 404, the site's page for a deep link), as route
 * "unmatched": called by the not-found handlers, where no route-level hook runs.
 */
export function unmatchedObserver(metrics: Metrics): (request: FastifyRequest, reply: FastifyReply) => void {
  if (!metrics.registry) return () => {};
  const record = metrics.httpRoute('unmatched');
  return (request, reply) => {
    reply.raw.once('finish', () => record(request.method, '', reply.statusCode, reply.elapsedTime / 1000));
  };
}

function asList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
