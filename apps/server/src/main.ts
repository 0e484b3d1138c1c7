import { ConfigError, loadConfig } from './config.js';
import { loadEnvFile } from './lib/env-file.js';
import { type StartLog, startLog, startLogFormat } from './lib/start-log.js';

/**
 * The process's entry. It imports only the settings (no database driver, no HTTP server) so that
 * traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set, hook `pg` and `http` before anything loads them
 * (telemetry/tracing.ts); then the server itself (server.ts). With neither OTEL_EXPORTER_OTLP_ENDPOINT
 * nor SENTRY_DSN set, no module of OpenTelemetry or Sentry is loaded.
 */
async function main(): Promise<void> {
  const envFile = loadEnvFile();
  const config = loadConfig();
  log = startLog(config.logFormat);
  if (envFile) log.info(`Settings from ${envFile} (the environment wins over it)`);
  const { traces, errors } = config.telemetry;
  if (traces) {
    await (await import('./telemetry/tracing.js')).startTracing(traces);
    log.info(`Traces go to ${traces.endpoint} over OTLP (${traces.protocol}) as ${traces.serviceName}`);
  }
  if (errors) {
    (await import('./telemetry/error-reports.js')).startErrorReports(errors);
    log.info(`Unexpected errors are reported to ${new URL(errors.dsn).host} (${errors.environment})`);
  }
  server = await import('./server.js');
  await server.serve(config, log);
}

/** Plain text at a terminal, JSON lines wherever logs are collected (lib/start-log.ts). */
let log: StartLog = startLog(startLogFormat());
let server: typeof import('./server.js') | null = null;

main().catch((error: unknown) => {
  // A start refused for a reason its message names (a setting, the data folder, the schema, the
  // database's address) says just that; anything else comes with its stack.
  const named = [ConfigError, ...(server?.NAMED_START_ERRORS ?? [])].some((kind) => error instanceof kind);
  if (named) log.error(`Failed to start: ${(error as Error).message}`, undefined, { code: 'START_REFUSED' });
  else log.error('Failed to start', error, { code: 'START_FAILED' });
  process.exit(1);
});
