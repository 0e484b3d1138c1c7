import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { tokenFor } from '../test/auth.js';

/**
 * Attacks that cost the attacker a socket and nothing else, against a real listening server: slow
 * bodies, slow headers, many idle connections from one machine, live event streams opened as plain
 * requests. Each must cost the server a socket at most, never its capacity to answer others.
 * Addresses: the whole 127.0.0.0/8 block is loopback, so an "attacker" connects from 127.0.0.2
 * while honest callers come from 127.0.0.1.
 */

interface Listening {
  t: TestApp;
  port: number;
}

async function listening(env: Record<string, string>): Promise<Listening> {
  const t = await createTestApp(env);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (t.app.server.address() as { port: number }).port;
  return { t, port };
}

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
});

/** Opens a socket from `from` and writes `text`; resolves once connected. */
function rawSocket(port: number, text: string, from = '127.0.0.2'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from }, () => {
      socket.write(text);
      resolve(socket);
    });
    socket.on('error', () => {});
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** Everything the server writes on a socket until it closes it (or `ms` pass). */
function readUntilClosed(socket: Socket, ms: number): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    let text = '';
    const timer = setTimeout(() => resolve({ text, closed: false }), ms);
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
  });
}

const SLOW_UPLOAD = (port: number) =>
  `POST /api/v1/send-sms/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"phone":"+614`;

async function honestCalls(port: number, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/kitchaco-location/`);
    statuses.push(res.status);
    await res.arrayBuffer();
  }
  return statuses;
}

describe('slow uploads', () => {
  let s: Listening;
  beforeAll(async () => {
    // A small in-flight cap and the queue budget on, as in production: before the fix, 16 slow
    // bodies held every place and all other calls answered 503 "The service is busy".
    s = await listening({
      MAX_IN_FLIGHT: '16',
      MAX_QUEUE_MS: '2000',
      MAX_CONNECTIONS_PER_ADDRESS: '1000',
      REQUEST_TIMEOUT_MS: '60000',
    });
  });
  afterAll(() => s.t.close());

  it('200 connections sending their bodies slowly leave other callers answered normally', async () => {
    for (let i = 0; i < 200; i++) await rawSocket(s.port, SLOW_UPLOAD(s.port));
    expect(await honestCalls(s.port, 20)).toEqual(Array(20).fill(200));
    const health = await fetch(`http://127.0.0.1:${s.port}/healthz`);
    expect(health.status).toBe(200);
  });

  it('ten event streams opened without Accept: text/event-stream are not counted as work', async () => {
    const { token } = await tokenFor(s.t.database.db, 'customer');
    const streams = await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(`http://127.0.0.1:${s.port}/api/v1/orders/events/`, {
          headers: { authorization: `Token ${token}` },
        }),
      ),
    );
    const other = await tokenFor(s.t.database.db, 'customer');
    const more = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`http://127.0.0.1:${s.port}/api/v1/orders/events/`, {
          headers: { authorization: `Token ${other.token}` },
        }),
      ),
    );
    const third = await tokenFor(s.t.database.db, 'customer');
    const last = await fetch(`http://127.0.0.1:${s.port}/api/v1/orders/events/`, {
      headers: { authorization: `Token ${third.token}` },
    });
    for (const res of [...streams, ...more, last]) expect(res.status).toBe(200);
    // 10 open streams against an in-flight cap of 16: others are still served.
    expect(await honestCalls(s.port, 20)).toEqual(Array(20).fill(200));
    for (const res of [...streams, ...more, last]) await res.body?.cancel();
  });
});

describe('deadlines and caps on sockets', () => {
  let s: Listening;
  beforeAll(async () => {
    s = await listening({
      HEADERS_TIMEOUT_MS: '500',
      REQUEST_TIMEOUT_MS: '1000',
      MAX_CONNECTIONS_PER_ADDRESS: '10',
      EVENT_STREAMS_PER_CUSTOMER: '5',
    });
  });
  afterAll(() => s.t.close());

  it('closes a connection whose body does not arrive within REQUEST_TIMEOUT_MS', async () => {
    const socket = await rawSocket(s.port, SLOW_UPLOAD(s.port));
    const { text, closed } = await readUntilClosed(socket, 5_000);
    expect(closed).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers do not arrive within HEADERS_TIMEOUT_MS', async () => {
    const socket = await rawSocket(s.port, 'GET /api/v1/vendors/ HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const { closed } = await readUntilClosed(socket, 5_000);
    expect(closed).toBe(true);
  });

  it('refuses connections past MAX_CONNECTIONS_PER_ADDRESS from one address, and only from it', async () => {
    const idle = [];
    for (let i = 0; i < 10; i++) idle.push(await rawSocket(s.port, ''));
    const refused = await rawSocket(s.port, '');
    const { text, closed } = await readUntilClosed(refused, 3_000);
    expect(closed).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 503/);
    expect(text).toContain('Too many connections from your address');
    // Another address is served while the first holds its ten.
    expect(await honestCalls(s.port, 3)).toEqual([200, 200, 200]);
    // A freed place can be used again.
    idle[0]!.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const again = await rawSocket(s.port, `GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect((await readUntilClosed(again, 3_000)).text).toMatch(/^HTTP\/1\.1 200/);
  });

  it('limits the live streams one customer holds open', async () => {
    const { token } = await tokenFor(s.t.database.db, 'customer');
    const open = (): Promise<Response> =>
      fetch(`http://127.0.0.1:${s.port}/api/v1/orders/events/`, {
        headers: { authorization: `Token ${token}`, accept: 'text/event-stream' },
      });
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await open());
    expect(streams.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await open();
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { error: string }).error).toMatch(/Too many live connections/);
    await streams[0]!.body?.cancel();
    await expect
      .poll(async () => {
        const res = await open();
        if (res.status === 200) await res.body?.cancel();
        return res.status;
      })
      .toBe(200);
    for (const r of streams) await r.body?.cancel();
  });
});
