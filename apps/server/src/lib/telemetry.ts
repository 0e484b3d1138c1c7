/**
 * Traces and error reports as the rest of the server sees them (docs/operations.md, "Traces" and
 * "Error reports"). This module imports nothing of OpenTelemetry or Sentry: with neither
 * OTEL_EXPORTER_OTLP_ENDPOINT nor SENTRY_DSN set none of their modules is loaded, and each call
 * below costs one check of a variable. telemetry/tracing.ts and telemetry/error-reports.ts,
 * imported by main.ts only when their setting is set, install the working versions.
 */

export type SpanAttributes = Record<string, string | number | boolean>;

/** What a span may be told while it runs. */
export interface SpanHandle {
  setAttributes(attributes: SpanAttributes): void;
}

export interface SpanOptions {
  /** OpenTelemetry's span kind: a notice sent is a producer's span, one received a consumer's. */
  kind?: 'internal' | 'producer' | 'consumer';
  attributes?: SpanAttributes;
}

/** A span's context carried in a message (a NOTICE), so its receiver continues the same trace. */
export interface TraceCarrier {
  /** W3C Trace Context (https://www.w3.org/TR/trace-context/#traceparent-header). */
  traceparent: string;
  /** The request the trace serves, so the receiver's spans name it too. */
  requestId?: string;
}

export interface Tracer {
  /** Runs `work` in a span, a child of the active one; an error thrown ends it with its exception. */
  inSpan<T>(name: string, options: SpanOptions, work: (span: SpanHandle) => Promise<T>): Promise<T>;
  /** Runs `work` in a span whose parent is a carried context, else in a trace of its own. */
  continued<T>(name: string, carried: TraceCarrier | null, options: SpanOptions, work: () => T): T;
  /** The active span's context, to carry in a notice; null outside a trace. */
  carrier(): TraceCarrier | null;
  /** The active trace's ids, for a log line. */
  logFields(): Record<string, string>;
  /** Marks the active span failed with the error's exception (the OpenTelemetry error report). */
  recordException(error: unknown): void;
  shutdown(): Promise<void>;
}

/** Where an error happened: never a credential, a card, a phone number or a body. */
export interface ErrorContext {
  /** The log line's message, or what failed. */
  message?: string;
  request?: { id: string; method: string; url: string; route?: string; role?: string };
  /** A few more searchable fields (a stable code, the worker's name). */
  tags?: Record<string, string | number>;
}

export interface ErrorReporter {
  report(error: Error, context: ErrorContext): void;
  shutdown(): Promise<void>;
}

let tracer: Tracer | null = null;
let reporter: ErrorReporter | null = null;
/** Errors already reported (the error handler reports, then logs the same error). */
const reported = new WeakSet<object>();

export function installTracer(installed: Tracer): void {
  tracer = installed;
}

export function installErrorReporter(installed: ErrorReporter): void {
  reporter = installed;
}

/** Whether traces are exported (the logger then adds trace ids to its lines). */
export function tracingEnabled(): boolean {
  return tracer !== null;
}

/** Whether unexpected errors are sent to an error tracker. */
export function errorReportsEnabled(): boolean {
  return reporter !== null;
}

export function inSpan<T>(
  name: string,
  options: SpanOptions,
  work: (span: SpanHandle) => Promise<T>,
): Promise<T> {
  return tracer ? tracer.inSpan(name, options, work) : work(NO_SPAN);
}

export function continuedSpan<T>(
  name: string,
  carried: TraceCarrier | null | undefined,
  options: SpanOptions,
  work: () => T,
): T {
  return tracer ? tracer.continued(name, carried ?? null, options, work) : work();
}

export function traceCarrier(): TraceCarrier | null {
  return tracer ? tracer.carrier() : null;
}

/** `trace_id` and `span_id` of the active span (pino's mixin adds them to every line). */
export function traceLogFields(): Record<string, string> {
  return tracer ? tracer.logFields() : {};
}

/**
 * An unexpected error: recorded on the active span and sent to the error tracker, once per error
 * object however many times it is logged.
 */
export function reportError(error: unknown, context: ErrorContext = {}): void {
  if (!tracer && !reporter) return;
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  tracer?.recordException(error);
  if (reporter) {
    const err = error instanceof Error ? error : new Error(String(error));
    try {
      reporter.report(err, context);
    } catch {
      // A report that cannot be made never fails the request or the worker that met the error.
    }
  }
}

/**
 * pino's `logMethod` hook (app.ts, with error reports on): a line at level error or above carrying
 * an error reports it, with the line's message, its `code` and the request id it is bound to.
 */
export function reportLoggedError(
  this: { bindings(): Record<string, unknown> },
  args: unknown[],
  method: (...args: unknown[]) => void,
  level: number,
): void {
  if (level >= 50) {
    const [fields, message] = args as [unknown, unknown];
    const err =
      fields instanceof Error
        ? fields
        : (fields as { err?: unknown } | null)?.err instanceof Error
          ? (fields as { err: Error }).err
          : null;
    if (err) {
      const bindings = this.bindings();
      const code = (fields as { code?: unknown }).code;
      const tags: Record<string, string> = {};
      if (typeof code === 'string') tags.code = code;
      if (typeof bindings.reqId === 'string') tags.request_id = bindings.reqId;
      if (typeof bindings.role === 'string') tags.role = bindings.role;
      reportError(err, { ...(typeof message === 'string' ? { message } : {}), tags });
    }
  }
  method.apply(this, args);
}

/** Sends what is buffered (spans, events) before the process ends. */
export async function flushTelemetry(): Promise<void> {
  await Promise.all([tracer?.shutdown(), reporter?.shutdown()]);
}

const NO_SPAN: SpanHandle = { setAttributes() {} };
