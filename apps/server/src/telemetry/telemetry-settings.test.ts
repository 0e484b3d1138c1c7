import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  PROVIDER_ABN: '51 824 753 556',
  APP_SECRET: 'p'.repeat(40),
  ALLOW_EMBEDDED_DATABASE: 'true',
  PAYMENTS_PROVIDER: 'test',
  SERVE_WEB: 'false',
};

/** The message of the refusal to start with these settings. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig({ ...PRODUCTION, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the settings were accepted');
}

describe('telemetry settings', () => {
  it('are off when unset: no traces, no error reports', () => {
    expect(loadConfig(PRODUCTION).telemetry).toEqual({ traces: null, errors: null });
  });

  it('send traces over OTLP/HTTP, protobuf unless told json, as "kitchaco" unless OTEL_SERVICE_NAME names it', () => {
    expect(
      loadConfig({ ...PRODUCTION, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).telemetry.traces,
    ).toEqual({
      endpoint: 'http://collector:4318',
      protocol: 'http/protobuf',
      serviceName: 'kitchaco',
      readsRatio: 0.05,
      readsPerSecond: 10,
    });
    const json = loadConfig({
      ...PRODUCTION,
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example.com',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'kitchaco-eu',
    });
    expect(json.telemetry.traces).toMatchObject({ protocol: 'http/json', serviceName: 'kitchaco-eu' });
    // The traces' own protocol setting wins over the general one, as the specification says.
    const own = loadConfig({
      ...PRODUCTION,
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example.com',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf',
    });
    expect(own.telemetry.traces?.protocol).toBe('http/protobuf');
    // OTEL_SDK_DISABLED switches them off whatever else is set.
    expect(
      loadConfig({
        ...PRODUCTION,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_SDK_DISABLED: 'true',
      }).telemetry.traces,
    ).toBeNull();
  });

  it('trace every write and a share of the reads, unless OTEL_TRACES_SAMPLER decides alone', () => {
    const endpoint = { ...PRODUCTION, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(loadConfig({ ...endpoint, TRACE_READS_RATIO: '0.25' }).telemetry.traces?.readsRatio).toBe(0.25);
    expect(loadConfig({ ...endpoint, TRACE_READS_RATIO: '1' }).telemetry.traces?.readsRatio).toBe(1);
    expect(
      loadConfig({ ...endpoint, OTEL_TRACES_SAMPLER: 'parentbased_always_on' }).telemetry.traces?.readsRatio,
    ).toBeNull();
    for (const bad of ['1.5', '-0.1', 'ten percent']) {
      expect(() => loadConfig({ ...endpoint, TRACE_READS_RATIO: bad }), bad).toThrow(/TRACE_READS_RATIO/);
    }
    expect(() =>
      loadConfig({ ...endpoint, TRACE_READS_RATIO: '0.5', OTEL_TRACES_SAMPLER: 'always_on' }),
    ).toThrow(/TRACE_READS_RATIO: set it or OTEL_TRACES_SAMPLER/);
  });

  it('trace at most TRACE_READS_PER_SECOND reads a second (10 unless set), a whole number', () => {
    const endpoint = { ...PRODUCTION, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(loadConfig(endpoint).telemetry.traces?.readsPerSecond).toBe(10);
    expect(loadConfig({ ...endpoint, TRACE_READS_PER_SECOND: '50' }).telemetry.traces?.readsPerSecond).toBe(
      50,
    );
    for (const bad of ['0', '2.5', '-1', 'lots']) {
      expect(() => loadConfig({ ...endpoint, TRACE_READS_PER_SECOND: bad }), bad).toThrow(
        /TRACE_READS_PER_SECOND: '.*' is not a whole number/,
      );
    }
    expect(() =>
      loadConfig({ ...endpoint, TRACE_READS_PER_SECOND: '5', OTEL_TRACES_SAMPLER: 'always_on' }),
    ).toThrow(/TRACE_READS_PER_SECOND: set it or OTEL_TRACES_SAMPLER/);
  });

  it('refuse an endpoint that is not an address and a protocol the server cannot send, naming the setting', () => {
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toContain(
      'OTEL_EXPORTER_OTLP_ENDPOINT:',
    );
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toContain(
      'OTEL_EXPORTER_OTLP_ENDPOINT:',
    );
    expect(
      refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
    ).toContain("OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' is not supported");
  });

  it('report errors to the DSN, in the environment of NODE_ENV and the build as release unless told', () => {
    const dsn = 'https://0123456789abcdef0123456789abcdef@o123.ingest.sentry.io/4507';
    expect(loadConfig({ ...PRODUCTION, SENTRY_DSN: dsn }).telemetry.errors).toEqual({
      dsn,
      environment: 'production',
      release: null,
    });
    const told = loadConfig({
      ...PRODUCTION,
      SENTRY_DSN: dsn,
      SENTRY_ENVIRONMENT: 'staging',
      SENTRY_RELEASE: 'r42',
    });
    expect(told.telemetry.errors).toMatchObject({ environment: 'staging', release: 'r42' });
  });

  it('refuse a malformed DSN, and a Sentry setting without the DSN, naming the setting', () => {
    for (const dsn of [
      'sentry.io/4507',
      'https://o123.ingest.sentry.io/4507',
      'https://key@o123.ingest.sentry.io/',
    ]) {
      expect(refusal({ SENTRY_DSN: dsn }), dsn).toContain('SENTRY_DSN: not a Sentry DSN');
    }
    expect(refusal({ SENTRY_ENVIRONMENT: 'staging' })).toContain(
      'SENTRY_ENVIRONMENT: set only with SENTRY_DSN',
    );
  });
});
