import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { tokenFor } from '../test/auth.js';
import { createLocation } from '../test/factories.js';
import { answersWithinMs, shutDown } from './shutdown.js';

/**
 * A restart with kitchen displays and customers connected (issue 35: every SIGTERM ended in a
 * forced kill after 10 s, skipping the workers' and the database's close, with resets on
 * kept-alive sockets). Real sockets: the app listens on a port of its own.
 */
let t: TestApp;
let base: string;
let kitchenToken: string;
let customerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const location = (await createLocation(db, { name: 'Reservoir', timeZone: 'Australia/Melbourne' })).id;
  kitchenToken = (await tokenFor(db, 'kitchen', location)).token;
  customerToken = (await tokenFor(db, 'customer')).token;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Opens an event stream and reads it until it ends; resolves with what it said. */
function follow(path: string, token: string) {
  let text = '';
  let opened!: () => void;
  const connected = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const ended = new Promise<{ text: string; error: string | null }>((resolve) => {
    const req = http.get(
      `${base}${path}`,
      { headers: { authorization: `Token ${token}`, accept: 'text/event-stream' } },
      (res) => {
        expect(res.statusCode).toBe(200);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes(': connected')) opened();
        });
        res.on('end', () => resolve({ text, error: null }));
        res.on('error', (error) => resolve({ text, error: String(error) }));
      },
    );
    req.on('error', (error) => resolve({ text, error: String(error) }));
  });
  return { connected, ended };
}

function get(agent: http.Agent, path: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      })
      .on('error', reject);
  });
}

describe('a stop (SIGTERM) with displays connected and clients on kept-alive sockets', () => {
  it('tells every stream to reconnect, answers every request, closes the workers and the database', async () => {
    const kitchen = follow('/api/v1/kitchen/events/', kitchenToken);
    const orders = follow('/api/v1/orders/events/', customerToken);
    await Promise.all([kitchen.connected, orders.connected]);
    expect(t.app.appContext.lifecycle.openStreams).toBe(2);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    const before = await Promise.all([get(agent, '/readyz'), get(agent, '/livez')]);
    expect(before.map((r) => r.status)).toEqual([200, 200]);

    const steps: string[] = [];
    const stopping = shutDown(t.app, {
      drainMs: 400,
      after: async () => {
        steps.push('workers and database closed');
      },
    });

    // Both displays are told to reconnect, and their streams end cleanly.
    const [k, o] = await Promise.all([kitchen.ended, orders.ended]);
    for (const stream of [k, o]) {
      expect(stream.error).toBeNull();
      expect(stream.text).toContain('event: reconnect\ndata: {"reason":"restart"}');
    }
    // While draining: not ready, still alive, every answer closes its kept-alive socket; a new
    // stream is refused so its client reconnects elsewhere.
    const during = await Promise.all([get(agent, '/readyz'), get(agent, '/livez')]);
    expect(during).toEqual([
      { status: 503, connection: 'close' },
      { status: 200, connection: 'close' },
    ]);
    const refused = await fetch(`${base}/api/v1/kitchen/events/`, {
      headers: { authorization: `Token ${kitchenToken}`, accept: 'text/event-stream' },
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    await refused.body?.cancel();

    expect(await stopping).toEqual({ streams: 2 });
    expect(steps).toEqual(['workers and database closed']);
    expect(t.app.appContext.lifecycle.openStreams).toBe(0);
    agent.destroy();
  });
});

describe('a stop with a client that stopped reading a large answer', () => {
  // Such a client holds its connection open while the answer waits in the socket's buffers (an
  // export of several megabytes, to a client gone quiet): the HTTP server's close waits for it.
  function serverHeldOpen() {
    let held = true;
    let release!: () => void;
    const closed = new Promise<void>((resolve) => {
      release = resolve;
    });
    const warnings: unknown[] = [];
    const app = {
      appContext: { lifecycle: { drain: () => 0 } },
      log: { info() {}, warn: (fields: unknown) => warnings.push(fields) },
      server: {
        listening: false,
        getConnections: (done: (error: null, count: number) => void) => done(null, held ? 1 : 0),
        closeAllConnections() {
          held = false;
          release();
        },
      },
      close: () => closed,
    };
    return { app: app as unknown as Parameters<typeof shutDown>[0], warnings };
  }

  it('cuts the connections still open after answersWithinMs, says so, and closes the rest', async () => {
    const { app, warnings } = serverHeldOpen();
    const steps: string[] = [];
    const started = Date.now();
    await shutDown(app, {
      drainMs: 0,
      answersWithinMs: 300,
      after: async () => {
        steps.push('workers and database closed');
      },
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(warnings).toEqual([{ connections: 1, code: 'SHUTDOWN_CUT_CONNECTIONS' }]);
    expect(steps).toEqual(['workers and database closed']);
  });

  it('leaves within SHUTDOWN_GRACE_MS the time the workers and the database need', () => {
    expect(answersWithinMs({ graceMs: 25_000, drainMs: 0 })).toBe(19_750);
    expect(answersWithinMs({ graceMs: 25_000, drainMs: 5_000 })).toBe(14_750);
    expect(answersWithinMs({ graceMs: 3_000, drainMs: 0 })).toBe(1_000);
  });
});
