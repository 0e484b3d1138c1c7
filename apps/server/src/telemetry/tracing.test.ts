import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSquare, startFakeSquare } from '../fakes/square.js';
import { freePort } from '../test/ports.js';
import { callServer, demoCart, demoSignIn, run } from '../test/process.js';

/**
 * Traces end to end (issue 36): the built server (apps/server/dist) with OTEL_EXPORTER_OTLP_ENDPOINT
 * pointed at a local OTLP/HTTP receiver (JSON, the protocol's JSON encoding:
 * https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding), paying through the fake of
 * Square's API, with a kitchen screen connected. One checkout is one trace: the HTTP request,
 * Fastify's request span, the database's statements (pg's, on PostgreSQL: TEST_DATABASE_URL), the
 * card provider's calls, the kitchen notice sent and its delivery to the screen, every span naming
 * the request. And without the setting, no module of OpenTelemetry or Sentry is loaded at all.
 */
const root = new URL('../../../../', import.meta.url).pathname;
const postgresUrl = process.env.TEST_DATABASE_URL;

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  scope: string;
  attributes: Record<string, unknown>;
  events?: { name: string; attributes: KeyValue[] }[];
  status?: { code?: number; message?: string };
}
/** OTLP's span kinds (https://opentelemetry.io/docs/specs/otlp/, SpanKind). */
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

/** A local OTLP/HTTP receiver: every span posted to /v1/traces as JSON. */
async function startReceiver() {
  const spans: OtlpSpan[] = [];
  /** The content type of each post. */
  const posts: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      posts.push(String(request.headers['content-type']));
      if (request.headers['content-type'] !== 'application/json') {
        response.writeHead(200, { 'content-type': String(request.headers['content-type']) }).end();
        return;
      }
      const payload = JSON.parse(body) as {
        resourceSpans: {
          resource: { attributes: KeyValue[] };
          scopeSpans: {
            scope: { name: string };
            spans: (Omit<OtlpSpan, 'attributes' | 'scope'> & { attributes: KeyValue[] })[];
          }[];
        }[];
      };
      for (const resourceSpans of payload.resourceSpans) {
        for (const scopeSpans of resourceSpans.scopeSpans) {
          for (const span of scopeSpans.spans) {
            spans.push({ ...span, scope: scopeSpans.scope.name, attributes: valuesOf(span.attributes) });
          }
        }
        resources.push(valuesOf(resourceSpans.resource.attributes));
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const resources: Record<string, unknown>[] = [];
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    resources,
    posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type KeyValue = { key: string; value: Record<string, unknown> };
function valuesOf(attributes: KeyValue[] = []): Record<string, unknown> {
  return Object.fromEntries(attributes.map((a) => [a.key, Object.values(a.value)[0]]));
}

/**
 * A preload that records every module the process resolves whose address matches `pattern` (a
 * loader hook: the server is ESM, and so are its imports of OpenTelemetry and Sentry).
 */
function moduleRecorder(dir: string) {
  const file = join(dir, 'modules.txt');
  writeFileSync(file, '');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (/@opentelemetry|@sentry|import-in-the-middle/.test(resolved.url)) appendFileSync(${JSON.stringify(file)}, resolved.url + '\\n');
  return resolved;
}
`,
  );
  const preload = join(dir, 'preload.mjs');
  writeFileSync(
    preload,
    `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});\n`,
  );
  return {
    nodeOptions: `--import=${preload}`,
    loaded: () => readFileSync(file, 'utf8').split('\n').filter(Boolean),
  };
}

let fake: FakeSquare;
const dirs: string[] = [];
const databases: string[] = [];

beforeAll(async () => {
  const { buildServer } = (await import(join(root, 'scripts/lib.mjs'))) as { buildServer(): Promise<number> };
  expect(await buildServer()).toBe(0);
  fake = await startFakeSquare();
}, 300_000);
afterAll(async () => {
  await fake?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  if (postgresUrl && databases.length) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
});

/** Where the spawned server keeps its data: a fresh PostgreSQL database, else an embedded one. */
async function storage(dir: string): Promise<Record<string, string>> {
  if (!postgresUrl) return { DATA_DIR: dir };
  const name = `kitchaco_trace_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  databases.push(name);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

/** The built server in demo mode (its accounts and menu), paying through the fake Square. */
async function startServer(extra: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'kitchaco-trace-'));
  dirs.push(dir);
  const recorder = moduleRecorder(dir);
  const port = await freePort();
  const {
    DATABASE_URL: _,
    TEST_DATABASE_URL: __,
    OTEL_EXPORTER_OTLP_ENDPOINT: ___,
    SENTRY_DSN: ____,
    ...inherited
  } = process.env;
  const settings = await storage(dir);
  const server = run({
    ...inherited,
    NODE_OPTIONS: recorder.nodeOptions,
    NODE_ENV: 'development',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO: 'true',
    DEMO_SCALE: '0.02',
    PAYMENTS_PROVIDER: 'square',
    SQUARE_ACCESS_TOKEN: fake.accessToken,
    SQUARE_APPLICATION_ID: 'sandbox-sq0idb-trace-test',
    SQUARE_LOCATION_ID: fake.mainLocationId,
    SQUARE_BASE_URL: fake.url,
    ...settings,
    ...extra,
  });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  };
  return { base, server, stop, loaded: recorder.loaded, databaseUrl: settings.DATABASE_URL };
}

/** The trace id of a caller that traces (W3C trace context). */
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('traces', () => {
  it('one checkout is one trace: request, route, database, card provider, kitchen notice and its delivery, each naming the request', async () => {
    const receiver = await startReceiver();
    const s = await startServer({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'kitchaco-trace-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      // No read is traced: the checkout (a write) still is, whole.
      TRACE_READS_RATIO: '0',
    });
    try {
      const { customer, admin } = await demoSignIn(s.base);
      const cart = await demoCart(s.base, fake.locations);
      // A kitchen screen of a super admin (every location) is connected when the order is paid.
      const screen = new AbortController();
      const display = await fetch(`${s.base}/api/v1/kitchen/events/`, {
        headers: { authorization: `Token ${admin}` },
        signal: screen.signal,
      });
      expect(display.status).toBe(200);
      const reader = display.body!.getReader();
      let heard = '';
      const listening = (async () => {
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          heard += new TextDecoder().decode(value);
        }
      })();
      await expect.poll(() => heard, { timeout: 10_000 }).toContain('event: hello');

      const paid = await callServer(
        s.base,
        'POST',
        '/api/v1/orders/',
        { checkout: cart, payment: { source_id: 'cnon:card-nonce-ok' } },
        {
          authorization: `Token ${customer}`,
          'idempotency-key': randomUUID(),
          cookie: 'session=not-for-traces',
          // A browser (or a proxy) that traces too: the checkout continues its trace.
          traceparent: `00-${CALLER_TRACE}-00f067aa0ba902b7-01`,
        },
      );
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const requestId = paid.requestId!;
      expect(requestId).toBeTruthy();
      await expect.poll(() => heard, { timeout: 10_000 }).toContain('event: ticket');

      // The checkout's spans, found by the request id they carry.
      const byRequest = () =>
        receiver.spans.filter((span) => span.attributes['kitchaco.request_id'] === requestId);
      // The HTTP server's span ends after the answer is sent, the delivery's when the screen has it.
      await expect
        .poll(() => [SERVER, CONSUMER].every((kind) => byRequest().some((span) => span.kind === kind)), {
          timeout: 15_000,
        })
        .toBe(true);
      const spans = byRequest();
      const traceIds = new Set(spans.map((span) => span.traceId));
      expect(traceIds.size, 'one trace').toBe(1);
      const [traceId] = traceIds;
      // Every span of that trace names the request.
      const trace = receiver.spans.filter((span) => span.traceId === traceId);
      expect(trace.filter((span) => span.attributes['kitchaco.request_id'] !== requestId)).toEqual([]);

      // The request's server span is Fastify's, with its route, continuing the caller's trace.
      expect(traceId).toBe(CALLER_TRACE);
      const server = trace.find(
        (span) =>
          span.kind === SERVER &&
          span.scope === '@fastify/otel' &&
          span.attributes['http.route'] === '/api/v1/orders/',
      );
      expect(server, "the request's server span, with its route").toBeDefined();
      expect(server!.parentSpanId).toBe('00f067aa0ba902b7');
      expect(server!.attributes['http.request.method']).toBe('POST');
      // Reads are not traced at TRACE_READS_RATIO=0: the cart's menu reads left no span.
      const readSpans = receiver.spans.filter(
        (span) => span.scope === '@fastify/otel' && span.attributes['http.request.method'] === 'GET',
      );
      expect(readSpans).toEqual([]);

      const provider = trace.filter(
        (span) => span.kind === CLIENT && span.scope === '@opentelemetry/instrumentation-undici',
      );
      const providerCalls = provider.map(
        (span) =>
          `${span.attributes['http.request.method']} ${new URL(String(span.attributes['url.full'])).pathname}`,
      );
      expect(providerCalls, "the card provider's calls").toEqual(
        expect.arrayContaining(['POST /v2/payments']),
      );
      for (const span of provider) expect(String(span.attributes['url.full'])).toContain(fake.url);

      const notice = trace.find((span) => span.name === 'send kitchen_ticket');
      expect(notice, 'the kitchen notice').toMatchObject({
        kind: PRODUCER,
        attributes: {
          'messaging.destination.name': 'kitchen_ticket',
          'kitchaco.order_id': (paid.body.order as { id: number }).id,
        },
      });
      const delivered = trace.find((span) => span.name === 'process kitchen_ticket');
      expect(delivered, "the notice's delivery to the kitchen screen").toMatchObject({
        kind: CONSUMER,
        parentSpanId: notice!.spanId,
        attributes: { 'kitchaco.screens': 1 },
      });

      const database = trace.filter((span) => span.scope === '@opentelemetry/instrumentation-pg');
      if (postgresUrl) {
        // The order's statement (with the notices) is the kitchen notice's child.
        expect(database.length, "the database's statements").toBeGreaterThan(3);
        expect(database.some((span) => span.parentSpanId === notice!.spanId)).toBe(true);
        for (const span of database) expect(JSON.stringify(span.attributes)).not.toContain('cnon:');
      } else {
        // The embedded database (PGlite) has no driver to instrument.
        expect(database).toEqual([]);
      }
      // No header of the request (its token, its cookie) is in any span.
      expect(JSON.stringify(trace)).not.toContain(customer);
      expect(JSON.stringify(trace)).not.toContain('not-for-traces');
      expect(receiver.resources[0]).toMatchObject({ 'service.name': 'kitchaco-trace-test' });

      // The request's log lines name the trace beside the request id.
      const lines = s.server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const requestLines = lines.filter((line) => line.reqId === requestId);
      expect(requestLines.length).toBeGreaterThan(0);
      expect(requestLines.filter((line) => line.trace_id === traceId).length).toBeGreaterThan(0);
      // A ticket bumped on a kitchen tablet: its delivery to the screen continues the bump's trace.
      const ticketId = Number(/"id":(\d+)/.exec(heard.slice(heard.indexOf('event: ticket')))![1]);
      const bump = await callServer(
        s.base,
        'POST',
        '/api/v1/admin-data/',
        {
          query_type: 'bump_kitchen_ticket',
          ticket_id: ticketId,
          status: 'started',
        },
        { authorization: `Token ${admin}` },
      );
      expect(bump.status, JSON.stringify(bump.body)).toBe(200);
      const bumped = () =>
        receiver.spans.filter((span) => span.attributes['kitchaco.request_id'] === bump.requestId);
      await expect
        .poll(
          () =>
            bumped().find((span) => span.name === 'process kitchen_ticket')?.attributes['kitchaco.ticket_id'],
          {
            timeout: 15_000,
          },
        )
        .toBe(ticketId);
      expect(new Set(bumped().map((span) => span.traceId)).size).toBe(1);
      screen.abort();
      await listening;
      expect(s.loaded().some((url) => url.includes('@opentelemetry/sdk-trace-node'))).toBe(true);
    } finally {
      await s.stop();
      await receiver.close();
    }
  }, 300_000);

  it.runIf(postgresUrl)(
    "an unexpected error (a 500) is recorded on its request's span, with its type and stack (PostgreSQL)",
    async () => {
      const receiver = await startReceiver();
      const s = await startServer({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      });
      const database = new pg.Client({ connectionString: s.databaseUrl! });
      try {
        await database.connect();
        // The sign-in code's text message cannot be written (as logging.test.ts provokes a 500).
        await database.query(`CREATE FUNCTION refuse_sms() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'outbox is broken'; END $$`);
        await database.query(
          'CREATE TRIGGER refuse_sms BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_sms()',
        );
        const failed = await callServer(s.base, 'POST', '/api/v1/send-sms/', { phone: '+61412345678' });
        expect(failed.status).toBe(500);
        // Recorded on Fastify's request span (the pg statement's span has PostgreSQL's own error).
        const requestSpan = () =>
          receiver.spans.find(
            (span) =>
              span.attributes['kitchaco.request_id'] === failed.requestId &&
              span.scope === '@fastify/otel' &&
              span.name === 'request',
          );
        await expect.poll(() => requestSpan()?.events?.length ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
        const span = requestSpan()!;
        const exception = valuesOf(span.events!.find((event) => event.name === 'exception')!.attributes);
        expect(exception['exception.type']).toBe('DrizzleQueryError');
        expect(String(exception['exception.stacktrace'])).toContain('at ');
        expect(span.status?.code).toBe(2);
        // A failed query's bound values (here the phone number) are in no span, as in no log line.
        const trace = receiver.spans.filter((other) => other.traceId === span.traceId);
        expect(JSON.stringify(trace)).toContain('insert into');
        expect(JSON.stringify(trace)).not.toContain('61412345678');
      } finally {
        await database.end();
        await s.stop();
        await receiver.close();
      }
    },
    300_000,
  );

  it("sends OTLP/HTTP protobuf unless told json (the protocol's default)", async () => {
    const receiver = await startReceiver();
    const s = await startServer({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    try {
      expect((await callServer(s.base, 'GET', '/api/v1/kitchaco-location/')).status).toBe(200);
      await expect.poll(() => receiver.posts.length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(new Set(receiver.posts)).toEqual(new Set(['application/x-protobuf']));
    } finally {
      await s.stop();
      await receiver.close();
    }
  }, 300_000);

  it('with neither OTEL_EXPORTER_OTLP_ENDPOINT nor SENTRY_DSN set, no module of OpenTelemetry or Sentry is loaded', async () => {
    const s = await startServer({});
    try {
      const { customer } = await demoSignIn(s.base);
      const cart = await demoCart(s.base, fake.locations);
      const paid = await callServer(
        s.base,
        'POST',
        '/api/v1/orders/',
        { checkout: cart, payment: { source_id: 'cnon:card-nonce-ok' } },
        { authorization: `Token ${customer}`, 'idempotency-key': randomUUID() },
      );
      expect(paid.status).toBe(200);
      expect(s.loaded()).toEqual([]);
      expect(s.server.output()).not.toContain('trace_id');
    } finally {
      await s.stop();
    }
  }, 300_000);
});
