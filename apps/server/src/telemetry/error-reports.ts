import * as Sentry from '@sentry/node-core/light';
import { serializeError } from '../http/logging.js';
import { buildInfo } from '../lib/build-info.js';
import { installErrorReporter, traceLogFields } from '../lib/telemetry.js';
import type { ErrorReportSettings } from './telemetry-settings.js';

/**
 * Error reports to Sentry (or any service taking its envelopes: GlitchTip, self-hosted Sentry),
 * imported by main.ts only when SENTRY_DSN is set (docs/operations.md, "Error reports").
 *
 * @sentry/node-core's light mode (https://www.npmjs.com/package/@sentry/node-core, "Lightweight
 * Mode"): errors only, without Sentry's own OpenTelemetry setup, so it sits beside ours instead of
 * replacing it (Sentry's "Using Your Existing OpenTelemetry Setup",
 * https://docs.sentry.io/platforms/javascript/guides/node/opentelemetry/custom-setup/, is for
 * sending spans to Sentry, which we do not). No default integration: nothing is patched, no
 * breadcrumb is collected, no header, body or local variable is read. Each report carries what
 * `reportError` is given (lib/telemetry.ts) and the active trace's id, nothing else.
 */
export function startErrorReports(settings: ErrorReportSettings): void {
  const { version, commit } = buildInfo();
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release ?? `kitchaco@${version}+${commit}`,
    defaultIntegrations: false,
    // An error's `cause` is reported with it, as the logs show it.
    integrations: [Sentry.linkedErrorsIntegration()],
    sendDefaultPii: false,
  });
  installErrorReporter({
    report(error, context) {
      Sentry.withScope((scope) => {
        const { request, tags, message } = context;
        if (request) {
          scope.setTags({
            request_id: request.id,
            ...(request.route ? { route: request.route } : {}),
            ...(request.role ? { role: request.role } : {}),
          });
        }
        if (tags) scope.setTags(tags);
        const { trace_id } = traceLogFields();
        if (trace_id) scope.setTag('trace_id', trace_id);
        if (message) scope.setExtra('log_message', message);
        scope.addEventProcessor((event) => {
          // Method and address only: no header (Authorization, Cookie), no body, no query value
          // of a credential (the address is the log's, redacted).
          if (request) event.request = { method: request.method, url: request.url };
          return event;
        });
        Sentry.captureException(safeCopy(error));
      });
    },
    async shutdown() {
      await Sentry.close(2_000);
    },
  });
}

/**
 * The error as the logs show it (http/logging.ts serializeError): a failed query's bound values are
 * left out of its message and stack, as PostgreSQL's `detail`. The copy keeps the type's name, the
 * stack (so its frames) and the chain of causes.
 */
function safeCopy(error: Error, depth = 0): Error {
  const shown = serializeError(error);
  const copy = new Error(shown.message);
  copy.name = shown.type;
  copy.stack = shown.stack;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error && depth < 4) copy.cause = safeCopy(cause, depth + 1);
  return copy;
}
