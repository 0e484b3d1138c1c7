import { hostname } from 'node:os';

/**
 * What the process says before its logger exists and when it fails to start: banners, the demo's
 * accounts, warnings, the reason a start failed. With `LOG_FORMAT=json` (production's default)
 * each is one JSON line in pino's shape (`level`, `time`, `pid`, `hostname`, `msg`, an `err` with
 * its stack), so a collector never meets a plain-text line among the JSON (issue 35); with
 * `pretty` (development) the plain text a person reads at a terminal.
 */
export interface StartLog {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, error?: unknown, fields?: Record<string, unknown>): void;
}

const LEVELS = { info: 30, warn: 40, error: 50 } as const;

/** The format the server's logger will use, read as config.ts reads it (for a start that failed before). */
export function startLogFormat(env: NodeJS.ProcessEnv = process.env): 'json' | 'pretty' {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return env.NODE_ENV === 'development' ? 'pretty' : 'json';
}

export function startLog(
  format: 'json' | 'pretty',
  out: { stdout(line: string): void; stderr(line: string): void } = {
    stdout: (line) => process.stdout.write(line),
    stderr: (line) => process.stderr.write(line),
  },
): StartLog {
  const write = (level: keyof typeof LEVELS, msg: string, fields: Record<string, unknown>, err?: unknown) => {
    if (format === 'pretty') {
      const text = err instanceof Error ? `${msg}\n${err.stack ?? err.message}` : msg;
      (level === 'info' ? out.stdout : out.stderr)(`${text}\n`);
      return;
    }
    const line: Record<string, unknown> = {
      level: LEVELS[level],
      time: Date.now(),
      pid: process.pid,
      hostname: hostname(),
      msg,
      ...fields,
    };
    if (err !== undefined) line.err = serialiseError(err);
    out.stdout(`${JSON.stringify(line)}\n`);
  };
  return {
    info: (msg, fields = {}) => write('info', msg, fields),
    warn: (msg, fields = {}) => write('warn', msg, fields),
    error: (msg, error, fields = {}) => write('error', msg, fields, error),
  };
}

function serialiseError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const e = error as Error & { code?: unknown };
  return { type: e.name, message: e.message, stack: e.stack, ...(e.code ? { code: e.code } : {}) };
}
