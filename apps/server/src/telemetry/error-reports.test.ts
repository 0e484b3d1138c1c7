import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { flushTelemetry } from '../lib/telemetry.js';
import { TestClock } from '../test/app.js';
import { createTestDatabase } from '../test/db.js';
import { freePort } from '../test/ports.js';
import { startErrorReports } from './error-reports.js';

/**
 * Error reports (issue 36): with SENTRY_DSN set, an unexpected error (a 500 of the error handler, a
 * worker's failure logged as an error) reaches the error tracker once, with its type, message,
 * stack frames and where it happened (method, address, route, request id, role), and without any
 * header (the token, the cookie), body or bound value (the phone number of a failed insert). The
 * tracker is a fake of Sentry's ingest: envelopes posted to /api/<project>/envelope/
 * (https://develop.sentry.dev/sdk/data-model/envelopes/).
 */
interface SentryEvent {
  event_id: string;
  environment?: string;
  release?: string;
  request?: Record<string, unknown>;
  tags?: Record<string, string>;
  extra?: Record<string, unknown>;
  exception?: {
    values: {
      type: string;
      value: string;
      stacktrace?: { frames: { filename?: string; function?: string }[] };
    }[];
  };
}

const PROJECT = '4507';
const PHONE = '+61412345678';
const TOKEN = 'Token not-a-real-session-token-0123456789';
const COOKIE = 'sid=cookie-that-must-stay-home';

let ingest: Server;
const envelopes: { path: string; raw: string }[] = [];
let database: Database;
let app: FastifyInstance;
let base: string;
const lines: string[] = [];

/** The events of the envelopes received (an envelope: a header line, then item header and payload lines). */
function events(): SentryEvent[] {
  const found: SentryEvent[] = [];
  for (const { raw } of envelopes) {
    const [, ...items] = raw.split('\n').filter(Boolean);
    for (let i = 0; i + 1 < items.length; i += 2) {
      const header = JSON.parse(items[i]!) as { type: string };
      if (header.type === 'event') found.push(JSON.parse(items[i + 1]!) as SentryEvent);
    }
  }
  return found;
}

beforeAll(async () => {
  ingest = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const raw = request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
      envelopes.push({ path: request.url ?? '', raw: raw.toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => ingest.listen(port, '127.0.0.1', resolve));
  const config = loadConfig({
    NODE_ENV: 'test',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    SENTRY_DSN: `http://0123456789abcdef@127.0.0.1:${port}/${PROJECT}`,
    SENTRY_ENVIRONMENT: 'staging',
  });
  startErrorReports(config.telemetry.errors!);
  database = await createTestDatabase();
  app = await buildApp({
    config,
    database,
    clock: new TestClock(),
    logStream: { write: (line) => void lines.push(line) },
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await flushTelemetry();
  await new Promise<void>((resolve) => ingest.close(() => resolve()));
});

describe('error reports', () => {
  it('a 500 is reported once, with its stack and where it happened, and nothing of the request but its method and address', async () => {
    // The sign-in code's text message cannot be written (the way logging.test.ts provokes a 500).
    await database.db.execute(sql`
      CREATE FUNCTION refuse_sms() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'outbox is broken'; END $$`);
    await database.db.execute(
      sql`CREATE TRIGGER refuse_sms BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_sms()`,
    );
    let requestId: string;
    try {
      const failed = await fetch(`${base}/api/v1/send-sms/?session_token=in-the-address`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          prefer: 'status-codes',
          authorization: TOKEN,
          cookie: COOKIE,
        },
        body: JSON.stringify({ phone: PHONE }),
      });
      expect(failed.status).toBe(500);
      requestId = failed.headers.get('x-request-id')!;
    } finally {
      await database.db.execute(sql`DROP TRIGGER refuse_sms ON outbox`);
    }
    await expect.poll(() => events().filter((e) => e.tags?.request_id === requestId).length).toBe(1);
    expect(envelopes[0]!.path.split('?')[0]).toBe(`/api/${PROJECT}/envelope/`);
    const event = events().find((e) => e.tags?.request_id === requestId)!;
    expect(event).toMatchObject({
      environment: 'staging',
      release: expect.stringMatching(/^kitchaco@\d+\.\d+\.\d+\+\w+/),
      request: { method: 'POST', url: '/api/v1/send-sms/?session_token=%5Bredacted%5D' },
      tags: { request_id: requestId, route: '/api/v1/send-sms/', role: 'anonymous' },
    });
    const [exception] = event.exception!.values.slice(-1);
    expect(exception!.type).toBe('DrizzleQueryError');
    expect(exception!.value).toContain('insert into "outbox"');
    // The stack's frames, down to the code that failed.
    const frames = exception!.stacktrace!.frames;
    expect(frames.length).toBeGreaterThan(3);
    expect(frames.some((f) => f.filename?.includes('outbox'))).toBe(true);
    // PostgreSQL's own error, the query error's cause, comes with it.
    expect(JSON.stringify(event.exception)).toContain('outbox is broken');
    // Nothing of the headers, the body or the bound values of the statement.
    const sent = envelopes.map((e) => e.raw).join('\n');
    for (const secret of [
      'not-a-real-session-token',
      'cookie-that-must-stay-home',
      'in-the-address',
      PHONE,
      '61412345678',
    ]) {
      expect(sent, secret).not.toContain(secret);
    }
    expect(Object.keys(event.request!)).toEqual(['method', 'url']);
    // Logged as before, and reported once for all that.
    expect(lines.some((l) => l.includes('"unhandled error"') && l.includes(requestId))).toBe(true);
  });

  it("a worker's failure logged as an error is reported with the line's message and code; a warning is not", async () => {
    const before = events().length;
    const log = app.appContext.log;
    log.warn({ err: new Error('the provider was slow') }, 'card provider did not answer');
    log.error(
      { err: new Error('the provider refused the reconciliation'), code: 'RECONCILIATION_FAILED' },
      'payment reconciliation failed',
    );
    await expect.poll(() => events().length).toBe(before + 1);
    const event = events().at(-1)!;
    expect(event.exception!.values.at(-1)).toMatchObject({
      type: 'Error',
      value: 'the provider refused the reconciliation',
    });
    expect(event).toMatchObject({
      tags: { code: 'RECONCILIATION_FAILED' },
      extra: { log_message: 'payment reconciliation failed' },
    });
    expect(event.request).toBeUndefined();
  });
});
