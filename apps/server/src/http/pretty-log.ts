import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Readable logs for a person at a terminal (LOG_FORMAT=pretty, the default outside production;
 * docs/operations.md, "Logs"): one line per request (`12:04:31 GET /api/v1/vendors/ 200 3.1 ms`)
 * and one per message, with the level when it is not info and an error's stack below it. The same
 * pino records as the JSON format, redacted the same way: only the rendering differs.
 */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: '',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const COLOURS: Record<number, string> = { 40: '\u001b[33m', 50: '\u001b[31m', 60: '\u001b[31m' };
const RESET = '\u001b[0m';
const DIM = '\u001b[2m';
/** Fields every record has, or that the line shows otherwise. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'request']);

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  err?: { message?: string; stack?: string };
  request?: { method: string; url: string; status: number; ms: number };
  [key: string]: unknown;
}

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toTimeString().slice(0, 8);

/** One pino JSON line as text; null for a line that is not a record (written as it is). */
export function formatLogLine(line: string, colour: boolean): string | null {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return null;
  }
  const level = record.level ?? 30;
  const paint = (text: string, code: string | undefined) =>
    colour && code ? `${code}${text}${RESET}` : text;
  const parts = [paint(clock(record.time), DIM)];
  if (LEVELS[level]) parts.push(paint(LEVELS[level], COLOURS[level]));
  const r = record.request;
  if (r) {
    const status = paint(
      String(r.status),
      r.status >= 500 ? COLOURS[50] : r.status >= 400 ? COLOURS[40] : undefined,
    );
    parts.push(`${r.method} ${r.url} ${status} ${r.ms.toFixed(1)} ms`);
  } else if (record.msg) parts.push(record.msg);
  const extra = Object.entries(record)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  if (extra.length) parts.push(paint(extra.join(' '), DIM));
  let text = parts.join(' ');
  if (record.err) text += `\n${record.err.stack ?? record.err.message ?? ''}`.replace(/\n/g, '\n  ');
  return text;
}

/** A pino destination that writes readable lines to `out`. */
export function prettyStream(out: NodeJS.WriteStream = process.stdout) {
  const colour = Boolean(out.isTTY) && !process.env.NO_COLOR;
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) {
        if (!line) continue;
        out.write(`${formatLogLine(line, colour) ?? line}\n`);
      }
    },
  };
}

/**
 * One line per request in place of Fastify's two ("incoming request", "request completed"): logged
 * when the answer is sent, with the method, the address (credentials redacted), the status and the
 * time taken; an error the request ended with below it. Fastify's other lines (errors of the
 * default handler, route not found) stay as they are.
 */
export class OneLinePerRequest extends LogController {
  constructor(private readonly redact: (url: string) => string) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      request: {
        method: request.method,
        url: this.redact(request.url),
        status: reply.statusCode,
        ms: reply.elapsedTime,
      },
    };
    if (error) reply.log.error({ ...line, err: error });
    else reply.log.info(line);
  }
}
