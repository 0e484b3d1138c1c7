import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { type AppContext, type Clock, systemClock } from './context.js';
import type { Database } from './db/client.js';
import { databaseAnswers } from './db/health.js';
import { appliedSchemaVersion, knownSchemaVersion } from './db/schema-version.js';
import { registerApiDocs } from './http/api-docs.js';
import { capConnectionsPerAddress } from './http/connections.js';
import { AppError, toWire, unavailable } from './http/errors.js';
import { addFailureStyle, failureStatus } from './http/failure-style.js';
import { addLoadShedding } from './http/load-shedding.js';
import { logSerializers, REDACTED_PATHS, redactUrl } from './http/logging.js';
import { addMetrics, METRICS_PATH, unmatchedObserver } from './http/metrics.js';
import { buildOpenApi } from './http/openapi.js';
import { OneLinePerRequest, prettyStream } from './http/pretty-log.js';
import { DEFAULT_BODY_LIMIT, registerModules } from './http/register.js';
import { addSecurityHeaders } from './http/security-headers.js';
import { closeConnectionsWhileDraining } from './http/shutdown.js';
import { type Adapters, createAdapters } from './integrations/adapters.js';
import { IMMUTABLE_CACHE } from './integrations/images.js';
import { buildInfo } from './lib/build-info.js';
import { CatalogCache } from './lib/catalog-cache.js';
import { Lifecycle } from './lib/lifecycle.js';
import { ListeningCache } from './lib/listening-cache.js';
import { createMetrics, noMetrics } from './lib/metrics.js';
import {
  errorReportsEnabled,
  reportError,
  reportLoggedError,
  traceLogFields,
  tracingEnabled,
} from './lib/telemetry.js';
import { AUTH_CHANNEL, authenticator, SESSION_CACHE_MAX_AGE_MS } from './modules/auth/auth.service.js';
import { createProviderRecorder, recordedAdapters } from './modules/health/provider-status.js';
import { modules } from './modules/index.js';
import { stopKitchenDisplays } from './modules/kitchen/kitchen-displays.js';
import { OrderEventHub } from './modules/orders/order-events.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  adapters?: Adapters;
  /** Pino options or false; tests pass false or a stream. */
  logger?: FastifyServerOptions['logger'];
  /** Where the server's own logger writes (default stdout): tests read what it would have logged. */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    appContext: AppContext;
  }
}

const HEALTH_PATHS = new Set(['/healthz', '/livez', '/readyz']);

/** Errors that mean the database is out of reach: answered fast with 503, not 500. */
function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown };
  const codes = [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'ENOTFOUND',
    '57P01',
    '57P03',
    '08006',
    '08001',
    '08003',
    // A statement PostgreSQL cancelled at DATABASE_STATEMENT_TIMEOUT_MS: the database is too slow.
    '57014',
  ];
  if (e?.code && codes.includes(e.code)) return true;
  if (
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|no answer within/i.test(
      e?.message ?? '',
    )
  ) {
    return true;
  }
  return e?.cause ? isDatabaseUnavailable(e.cause) : false;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // Readable lines for a person at a terminal; JSON wherever logs are collected (or a test reads them).
  const pretty = config.logFormat === 'pretty' && !options.logStream && !options.logger;
  const logStream = options.logStream ?? (pretty ? prettyStream() : undefined);
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: logSerializers,
      ...(logStream ? { stream: logStream } : {}),
      // With traces on, each line written inside a trace names it (trace_id, span_id).
      ...(tracingEnabled() ? { mixin: traceLogFields } : {}),
      // With error reports on, an error logged at level error or above is reported too.
      ...(errorReportsEnabled() ? { hooks: { logMethod: reportLoggedError } } : {}),
    },
    ...(pretty ? { logController: new OneLinePerRequest(redactUrl) } : {}),
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Headers and whole requests have deadlines; Node checks them this often (default 30 s).
    requestTimeout: config.http.requestTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, config.http.headersTimeoutMs),
    },
    routerOptions: { ignoreTrailingSlash: false },
    // Errors Fastify meets before a route runs (an address that is not valid percent-encoding, a
    // content type it cannot read) answer in the wire's failure shape like every other 4xx.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const message =
        error.code === 'FST_ERR_BAD_URL' ? 'The address of the call is not valid.' : error.message;
      void (reply as unknown as FastifyReply)
        .status(status)
        .send({ success: false, error: message, code: 'invalid' });
    },
  });

  const clock = options.clock ?? systemClock;
  const lifecycle = new Lifecycle();
  const metrics = config.metrics
    ? createMetrics({
        database,
        lifecycle,
        clock,
        onReadError: (what, error) => app.log.warn({ err: error, read: what }, 'a metric could not be read'),
      })
    : noMetrics;
  const providers = createProviderRecorder({ config, db: database.db, clock, log: app.log });
  const context: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    adapters: recordedAdapters(
      options.adapters ?? createAdapters(config, app.log, database.db),
      providers,
      config,
    ),
    orderEvents: new OrderEventHub(database, app.log),
    catalog: new CatalogCache(database, app.log),
    sessions: new ListeningCache(database, AUTH_CHANNEL, app.log, {
      maxAgeMs: SESSION_CACHE_MAX_AGE_MS,
      maxEntries: 100_000,
    }),
    log: app.log,
    lifecycle,
    metrics,
    providers,
  };
  await context.orderEvents.start().catch((error: unknown) => {
    // Live status is best effort: the app still serves everything else without it.
    app.log.warn({ err: error }, 'order status notifications are unavailable');
  });
  app.addHook('onClose', () => context.orderEvents.stop());
  await context.catalog.start().catch((error: unknown) => {
    app.log.warn(
      { err: error },
      'catalog change notifications are unavailable: catalogue reads are not cached',
    );
  });
  app.addHook('onClose', () => context.catalog.stop());
  await context.sessions.start().catch((error: unknown) => {
    app.log.warn(
      { err: error },
      'account change notifications are unavailable: sessions are read per request',
    );
  });
  app.addHook('onClose', () => context.sessions.stop());
  app.addHook('onClose', async () => {
    await stopKitchenDisplays(context);
    await providers.flush();
  });
  app.decorate('appContext', context);
  // First, so its hook observes every route registered below.
  await addMetrics(app, metrics, config);

  addSecurityHeaders(app, {
    hsts: config.trustProxy !== false,
    square: config.payments.provider === 'square' ? config.payments.square.environment : null,
  });
  addFailureStyle(app);
  closeConnectionsWhileDraining(app);
  if (config.http.corsOrigins.length > 0) {
    // Pages of these origins may call the API (an old web client hosted elsewhere). Tokens travel
    // in the Authorization header, never in cookies: no credentials mode.
    await app.register(fastifyCors, {
      origin: config.http.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Prefer', 'X-Request-Id'],
      exposedHeaders: ['Retry-After', 'X-Request-Id'],
      maxAge: 600,
    });
  }
  // Without a trusted proxy the peer is the client: cap its sockets. Behind one, the proxy does.
  if (config.trustProxy === false) capConnectionsPerAddress(app.server, config.http.maxConnectionsPerAddress);
  await addLoadShedding(app, config.load, metrics);

  app.setErrorHandler((error: unknown, request, reply) => {
    const err = error as { statusCode?: number; code?: string; message?: string; validation?: unknown };
    if (error instanceof AppError) {
      if (error.details.retryAfterSeconds) reply.header('retry-after', error.details.retryAfterSeconds);
      return reply.status(failureStatus(request, error.status)).send(toWire(error));
    }
    if (err.code === 'ECONNRESET' && err.message === 'aborted') {
      // The client went away while sending its request (a cancelled upload): nothing to answer.
      request.log.info({ err: error }, 'the client closed the connection before its request arrived');
      return reply
        .status(400)
        .send({ success: false, error: 'The request did not arrive whole.', code: 'invalid' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', 5);
      return reply
        .status(503)
        .send(toWire(unavailable('The service is briefly unavailable. Please try again.')));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      return reply
        .status(failureStatus(request, err.statusCode))
        .send({ success: false, error: err.message ?? 'Bad request', code: err.code ?? 'invalid' });
    }
    reportError(error, {
      message: 'unhandled error',
      request: {
        id: request.id,
        method: request.method,
        url: redactUrl(request.url),
        route: request.routeOptions.url ?? 'unknown',
        role: String(
          (request.log as { bindings?: () => Record<string, unknown> }).bindings?.().role ?? 'anonymous',
        ),
      },
    });
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ success: false, error: 'Something went wrong. Please try again.', code: 'internal' });
  });

  // Answers within HEALTH_TIMEOUT_MS whatever the database does: at once while the watchdog finds
  // it unreachable, else after a ping that may take at most that long.
  app.get('/healthz', async (_request, reply) => {
    if (await databaseAnswers(database)) return { status: 'ok', database: database.kind };
    return reply.status(503).send({ status: 'unavailable', database: database.kind });
  });

  // For machines (docs/operations.md, "Health checks"): /livez says the process is alive (no
  // database asked, so a busy database never gets it restarted); /readyz says it should be sent
  // traffic: not draining, the database answering, every migration of this build applied.
  const identity = () => ({ ...buildInfo(), schema_version: knownSchemaVersion() });
  app.get('/livez', async () => ({ status: 'ok', ...identity() }));
  app.get('/readyz', async (_request, reply) => {
    const about = { ...identity(), database: database.kind, event_streams: context.lifecycle.openStreams };
    if (context.lifecycle.draining) return reply.status(503).send({ status: 'draining', ...about });
    try {
      if (await databaseAnswers(database)) {
        const applied = await appliedSchemaVersion(database.db);
        if (applied < about.schema_version) {
          return reply
            .status(503)
            .send({ status: 'migrations pending', applied_schema_version: applied, ...about });
        }
        return { status: 'ready', applied_schema_version: applied, ...about };
      }
    } catch {
      // answered below
    }
    return reply.status(503).send({ status: 'database unavailable', ...about });
  });

  // A worker instance (INSTANCE_MODE=worker) answers its health only: the API and the site are
  // another instance's.
  const observeUnmatched = unmatchedObserver(metrics);
  if (config.instanceMode === 'worker') {
    app.setNotFoundHandler((request, reply) => {
      observeUnmatched(request, reply);
      return reply.status(404).send({
        success: false,
        error: `This instance runs the background workers only (INSTANCE_MODE=worker): no ${request.method} ${request.url.split('?')[0]} here.`,
        code: 'not_found',
      });
    });
    return app;
  }

  // Uploaded meal images: content-hashed names, so each can be cached for a year.
  app.get<{ Params: { name: string } }>('/images/:name', async (request, reply) => {
    const image = await context.adapters.images.get(request.params.name);
    if (!image) return reply.status(404).send({ success: false, error: 'No such image', code: 'not_found' });
    return reply.type('image/webp').header('cache-control', IMMUTABLE_CACHE).send(image);
  });

  await registerApiDocs(app, buildOpenApi(modules));

  registerModules(app, context, authenticator, modules);

  const webDist = config.webDist;
  const hasWeb = webDist !== null && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    // The web app's files, brotli or gzip as the browser accepts (about a quarter of their size).
    // Registered here, after the API routes: compression applies only to routes added from now on,
    // so API answers are unchanged.
    await app.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false });
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    observeUnmatched(request, reply);
    // /metrics without METRICS_TOKEN (or on its own port) is absent: a 404, never the site's page.
    const isApi =
      request.url.startsWith('/api/') || HEALTH_PATHS.has(request.url) || request.url === METRICS_PATH;
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: the React router resolves the path.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      success: false,
      error: `No such call: ${request.method} ${request.url.split('?')[0]}`,
      code: 'not_found',
    });
  });

  return app;
}
