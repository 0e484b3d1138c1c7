/**
 * The settings of traces and error reports (docs/operations.md, "Traces" and "Error reports"), read
 * by config.ts with the others. Only the switches and what the server itself needs are read here;
 * the OpenTelemetry SDK reads its own standard variables (OTEL_EXPORTER_OTLP_HEADERS,
 * OTEL_TRACES_SAMPLER, OTEL_BSP_*, ...) as its specification says:
 * https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/ and
 * https://opentelemetry.io/docs/specs/otel/protocol/exporter/
 */

export interface TraceSettings {
  /** OTLP/HTTP base address; traces are posted to `<endpoint>/v1/traces`. */
  endpoint: string;
  protocol: 'http/protobuf' | 'http/json';
  serviceName: string;
  /**
   * The share of GET and HEAD requests traced (TRACE_READS_RATIO, 0 to 1, default 0.05) when
   * OTEL_TRACES_SAMPLER is unset; every other request (a checkout, a staff write, a webhook) is
   * traced whole. null: OTEL_TRACES_SAMPLER is set, and the SDK samples every request as it says.
   */
  readsRatio: number | null;
  /**
   * At most this many reads traced a second by this instance (TRACE_READS_PER_SECOND, default 10),
   * whatever the ratio picks: the cost of traces stays flat as the reads grow.
   */
  readsPerSecond: number;
}

export interface ErrorReportSettings {
  dsn: string;
  environment: string;
  /** null: the build's (`kitchaco@<version>+<commit>`, lib/build-info.ts), read when reporting starts. */
  release: string | null;
}

export interface TelemetrySettings {
  /** null: no traces, and no OpenTelemetry module is loaded. */
  traces: TraceSettings | null;
  /** null: no error reports, and no Sentry module is loaded. */
  errors: ErrorReportSettings | null;
}

const PROTOCOLS = ['http/protobuf', 'http/json'] as const;

/** Reads the telemetry settings; a malformed one is a problem naming its variable. */
export function telemetrySettings(env: NodeJS.ProcessEnv, problems: string[]): TelemetrySettings {
  return { traces: traceSettings(env, problems), errors: errorReportSettings(env, problems) };
}

function traceSettings(env: NodeJS.ProcessEnv, problems: string[]): TraceSettings | null {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  // OTEL_SDK_DISABLED=true switches the SDK off whatever else is set (the specification's rule).
  if (!endpoint || env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return null;
  if (!isHttpUrl(endpoint)) {
    problems.push(
      `OTEL_EXPORTER_OTLP_ENDPOINT: '${endpoint}' is not an http(s) address like http://collector:4318`,
    );
    return null;
  }
  let protocol: TraceSettings['protocol'] = 'http/protobuf';
  for (const name of ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL']) {
    const value = env[name]?.trim();
    if (!value) continue;
    if ((PROTOCOLS as readonly string[]).includes(value)) protocol = value as TraceSettings['protocol'];
    else problems.push(`${name}: '${value}' is not supported; use http/protobuf (the default) or http/json`);
    break;
  }
  return {
    endpoint,
    protocol,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'kitchaco',
    readsRatio: readsRatio(env, problems),
    readsPerSecond: readsPerSecond(env, problems),
  };
}

/** Default share of GET and HEAD requests traced: what a busy menu's reads cost (docs/performance.md). */
export const DEFAULT_TRACE_READS_RATIO = 0.05;

/** Default cap of reads traced a second by one instance (docs/performance.md). */
export const DEFAULT_TRACE_READS_PER_SECOND = 10;

function readsPerSecond(env: NodeJS.ProcessEnv, problems: string[]): number {
  const raw = env.TRACE_READS_PER_SECOND?.trim();
  if (!raw) return DEFAULT_TRACE_READS_PER_SECOND;
  if (env.OTEL_TRACES_SAMPLER?.trim()) {
    problems.push(
      'TRACE_READS_PER_SECOND: set it or OTEL_TRACES_SAMPLER, not both (the sampler decides alone)',
    );
    return DEFAULT_TRACE_READS_PER_SECOND;
  }
  const perSecond = Number(raw);
  if (!Number.isInteger(perSecond) || perSecond < 1) {
    problems.push(`TRACE_READS_PER_SECOND: '${raw}' is not a whole number of reads a second, 1 or more`);
    return DEFAULT_TRACE_READS_PER_SECOND;
  }
  return perSecond;
}

function readsRatio(env: NodeJS.ProcessEnv, problems: string[]): number | null {
  const raw = env.TRACE_READS_RATIO?.trim();
  if (env.OTEL_TRACES_SAMPLER?.trim()) {
    if (raw)
      problems.push('TRACE_READS_RATIO: set it or OTEL_TRACES_SAMPLER, not both (the sampler decides alone)');
    return null;
  }
  if (!raw) return DEFAULT_TRACE_READS_RATIO;
  const ratio = Number(raw);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    problems.push(
      `TRACE_READS_RATIO: '${raw}' is not a share between 0 and 1 (0.05 traces one read in twenty)`,
    );
    return DEFAULT_TRACE_READS_RATIO;
  }
  return ratio;
}

function errorReportSettings(env: NodeJS.ProcessEnv, problems: string[]): ErrorReportSettings | null {
  const dsn = env.SENTRY_DSN?.trim();
  if (!dsn) {
    for (const name of ['SENTRY_ENVIRONMENT', 'SENTRY_RELEASE']) {
      if (env[name]?.trim())
        problems.push(`${name}: set only with SENTRY_DSN (error reports are off without it)`);
    }
    return null;
  }
  if (!isDsn(dsn)) {
    problems.push(
      'SENTRY_DSN: not a Sentry DSN like https://<public key>@<host>/<project id> (copy it from the project\'s "Client Keys (DSN)" page)',
    );
    return null;
  }
  return {
    dsn,
    environment: env.SENTRY_ENVIRONMENT?.trim() || env.NODE_ENV?.trim() || 'development',
    release: env.SENTRY_RELEASE?.trim() || null,
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A DSN is `{protocol}://{public_key}@{host}{path}/{project_id}`
 * (https://develop.sentry.dev/sdk/overview/#parsing-the-dsn).
 */
function isDsn(value: string): boolean {
  if (!isHttpUrl(value)) return false;
  const url = new URL(value);
  return url.username !== '' && /\/\d+$/.test(url.pathname);
}
