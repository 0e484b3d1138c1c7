import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import {
  type Context,
  context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  type ReadableSpan,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import type { FastifyRequest } from 'fastify';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { redactUrl, serializeError } from '../http/logging.js';
import { buildInfo } from '../lib/build-info.js';
import { installTracer, type SpanOptions, type Tracer } from '../lib/telemetry.js';
import { requestSkipper } from './read-sampler.js';
import type { TraceSettings } from './telemetry-settings.js';

/**
 * Traces over OTLP (docs/operations.md, "Traces"), imported by main.ts only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, and before anything imports `pg` or `http`: the server is ESM,
 * so the instrumentations patch modules through import-in-the-middle's loader hook, which must be
 * registered first ("ESM Support", https://github.com/open-telemetry/opentelemetry-js/blob/main/doc/esm-support.md).
 * The add-hook message channel limits the hook to the modules an instrumentation asks for
 * (https://github.com/nodejs/import-in-the-middle#only-intercepting-hooked-modules).
 *
 * Spans: Fastify's request (the server span, continuing an incoming `traceparent`) and handler
 * (@fastify/otel, the Fastify team's; @opentelemetry/instrumentation-fastify is deprecated in its
 * favour), every PostgreSQL query and pool checkout inside them (instrumentation-pg), every `fetch`
 * to a provider (instrumentation-undici) and every outgoing `node:http` request
 * (instrumentation-http), and ours (lib/telemetry.ts: the kitchen notice, its delivery).
 * instrumentation-http does not trace incoming requests: Fastify's span already is the request's,
 * and a second server span for it cost 35 µs of CPU a request, more than the cheapest answers
 * themselves (docs/performance.md, "Metrics and traces overhead").
 */

/** The attribute naming the request (its `x-request-id`) on every span of a request. */
export const REQUEST_ID = 'kitchaco.request_id';

/** Calls that are no one's request: a load balancer's checks and a scraper's metrics. */
const UNTRACED = new Set(['/healthz', '/livez', '/readyz', '/metrics']);
const untraced = (url: string | undefined) => UNTRACED.has((url ?? '').split('?')[0] ?? '');

/** Attributes holding an address: their credential-like query values are redacted, as in the logs. */
const ADDRESSES = ['http.target', 'http.url', 'url.full', 'url.path'];

/**
 * Gives every span its request's id (copied from its parent, which got it from the request span),
 * and redacts the query of the addresses it records.
 */
class RequestSpanProcessor implements SpanProcessor {
  onStart(span: Span, parent: Context): void {
    const parentSpan = trace.getSpan(parent) as (Span & Partial<ReadableSpan>) | undefined;
    const requestId = parentSpan?.attributes?.[REQUEST_ID];
    if (typeof requestId === 'string') span.setAttribute(REQUEST_ID, requestId);
    const attributes = (span as Span & Partial<ReadableSpan>).attributes ?? {};
    for (const name of ADDRESSES) {
      const value = attributes[name];
      if (typeof value === 'string' && value.includes('?')) span.setAttribute(name, redactUrl(value));
    }
    const query = attributes['url.query'];
    if (typeof query === 'string') span.setAttribute('url.query', redactUrl(`?${query}`).slice(1));
  }
  /**
   * A failed query's message repeats its bound values (Drizzle's `params:`): cut from whatever an
   * instrumentation recorded of it (@fastify/otel sets the request span's status to the error's
   * message), as the logs cut it. Before the batch processor, which exports the span later.
   */
  onEnd(span: ReadableSpan): void {
    const status = span.status as { message?: string };
    if (status.message) status.message = withoutValues(status.message);
    for (const event of span.events) {
      if (event.name !== 'exception' || !event.attributes) continue;
      const attributes = event.attributes as Record<string, unknown>;
      for (const name of ['exception.message', 'exception.stacktrace']) {
        const value = attributes[name];
        if (typeof value === 'string') attributes[name] = withoutValues(value);
      }
    }
  }
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

function fastifyRequestHook(span: Span, request: FastifyRequest): void {
  span.setAttribute(REQUEST_ID, request.id);
}

const KINDS = { internal: SpanKind.INTERNAL, producer: SpanKind.PRODUCER, consumer: SpanKind.CONSUMER };

export async function startTracing(settings: TraceSettings): Promise<void> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const { version, commit } = buildInfo();
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (read by the environment detector) win.
  const resource = resourceFromAttributes({
    'service.name': settings.serviceName,
    'service.version': version,
    'vcs.ref.head.revision': commit,
  }).merge(detectResources({ detectors: [envDetector] }));
  // The exporter reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT, _COMPRESSION itself
  // (https://opentelemetry.io/docs/specs/otel/protocol/exporter/).
  const exporter = settings.protocol === 'http/json' ? new JsonExporter() : new ProtobufExporter();
  // The provider reads OTEL_TRACES_SAMPLER(_ARG), OTEL_SPAN_*_LIMIT and the batch's OTEL_BSP_*.
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new RequestSpanProcessor(), new BatchSpanProcessor(exporter)],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // The request and its handler; a span per lifecycle hook would cost more than it tells.
        instrumentHooks: false,
        // Exceptions are recorded where they are unexpected (the error handler's 500s), not for
        // every 4xx a client earns.
        recordExceptions: false,
        ignorePaths: requestSkipper(settings.readsRatio, settings.readsPerSecond, untraced),
        requestHook: fastifyRequestHook,
      }),
      // Only within a request or one of our spans: the workers' polling is not a trace of its own.
      // No span for taking a connection from the pool: it was 10 of a checkout's 25 spans (what
      // waiting for the pool costs shows as the gap before a statement, and in the pool metrics).
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      new UndiciInstrumentation(),
    ],
  });
  await waitForAllMessagesAcknowledged();

  const tracer = provider.getTracer('kitchaco', version);
  const installed: Tracer = {
    inSpan(name, options, work) {
      return tracer.startActiveSpan(name, spanOptions(options), async (span) => {
        try {
          return await work(span);
        } catch (error) {
          recordOn(span, error);
          throw error;
        } finally {
          span.end();
        }
      });
    },
    continued(name, carried, options, work) {
      // The carried context is the parent (whatever ran here before); without one, a trace of its own.
      const carriedContext = carried ? parseTraceparent(carried.traceparent) : null;
      const parent = carriedContext ? trace.setSpanContext(ROOT_CONTEXT, carriedContext) : ROOT_CONTEXT;
      const span = tracer.startSpan(name, spanOptions(options), parent);
      if (carried?.requestId) span.setAttribute(REQUEST_ID, carried.requestId);
      try {
        return context.with(trace.setSpan(parent, span), work);
      } catch (error) {
        recordOn(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
    carrier() {
      const span = trace.getActiveSpan();
      const spanContext = span?.spanContext();
      if (!span || !spanContext || !trace.isSpanContextValid(spanContext)) return null;
      const requestId = (span as Span & Partial<ReadableSpan>).attributes?.[REQUEST_ID];
      const flags = spanContext.traceFlags.toString(16).padStart(2, '0');
      return {
        traceparent: `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`,
        ...(typeof requestId === 'string' ? { requestId } : {}),
      };
    },
    logFields(): Record<string, string> {
      const spanContext = trace.getActiveSpan()?.spanContext();
      if (!spanContext || !trace.isSpanContextValid(spanContext)) return {};
      return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
    },
    recordException(error) {
      const span = trace.getActiveSpan();
      if (span) recordOn(span, error);
    },
    shutdown: () => provider.shutdown(),
  };
  installTracer(installed);
}

function spanOptions(options: SpanOptions) {
  return { kind: KINDS[options.kind ?? 'internal'], attributes: options.attributes ?? {} };
}

/** `00-<trace id>-<span id>-<flags>` (https://www.w3.org/TR/trace-context/#traceparent-header). */
function parseTraceparent(value: string) {
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(value);
  if (!match) return null;
  return {
    traceId: match[1]!,
    spanId: match[2]!,
    traceFlags: Number.parseInt(match[3]!, 16),
    isRemote: true,
  };
}

/** The error as the logs show it (http/logging.ts): its class's name, no bound value of a query. */
function recordOn(span: Span, error: unknown): void {
  const shown = error instanceof Error ? serializeError(error) : null;
  const message = shown ? shown.message : String(error);
  span.recordException(shown ? { name: shown.type, message, stack: shown.stack } : message);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/** A failed query's text without the values Drizzle appends to it (`\nparams: ...`, to the stack). */
function withoutValues(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [not recorded]');
}
