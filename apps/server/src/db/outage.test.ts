import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPostgres } from './client.js';

/**
 * The database goes away and comes back while the server runs: requests fail fast with 503 (never a
 * 500 or a hang) and succeed again once it is back, with no restart. PostgreSQL only: a TCP proxy in
 * front of the server is switched off and on (PGlite lives inside the process and cannot go away).
 */
const target = inject('testDatabase');

class SwitchableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  /** A silent partition: connections stay open, but nothing crosses in either direction. */
  dropping = false;
  constructor(
    private readonly host: string,
    private readonly upstreamPort: number,
  ) {}

  async up(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.upstreamPort, this.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.on('data', (chunk) => this.dropping || upstream.write(chunk));
      upstream.on('data', (chunk) => this.dropping || client.write(chunk));
      client.on('end', () => upstream.end());
      upstream.on('end', () => client.end());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

describe.runIf(target.kind === 'postgres')('database outage and recovery (PostgreSQL)', () => {
  const url = target.kind === 'postgres' ? new URL(target.url) : new URL('postgres://x@127.0.0.1/x');
  const name = `${target.kind === 'postgres' ? target.prefix : ''}outage_${randomBytes(4).toString('hex')}`;
  const proxy = new SwitchableProxy(url.hostname, Number(url.port || 5432));
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: ReturnType<typeof openPostgres>;

  beforeAll(async () => {
    if (target.kind !== 'postgres') return;
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${target.template}"`);
    await admin.end();
    await proxy.up();
    const viaProxy = new URL(target.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${name}`;
    database = openPostgres(viaProxy.toString(), { poolSize: 4 });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database,
      logger: false,
    });
  });

  afterAll(async () => {
    await app?.close();
    // Hangs (and fails the hook) if a pooled connection was lost without being given back.
    await database?.close();
    await proxy.down();
    if (target.kind !== 'postgres') return;
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  let phone = 100;
  const sendCode = () =>
    app.inject({
      method: 'POST',
      url: '/api/v1/send-sms/',
      payload: { phone: `+61412000${++phone}` },
      remoteAddress: `198.51.100.${phone % 250}`,
    });

  it('answers 503 fast while the database is away, then serves again without a restart', async () => {
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await sendCode()).statusCode).toBe(200);

    await proxy.down();
    const started = Date.now();
    const health = await app.inject({ url: '/healthz' });
    const write = await sendCode();
    expect(health.statusCode).toBe(503);
    expect(write.statusCode).toBe(503);
    expect(write.json()).toMatchObject({ success: false, code: 'unavailable' });
    expect(write.headers['retry-after']).toBe('5');
    expect(Date.now() - started, 'failing fast, not hanging').toBeLessThan(8_000);

    await proxy.up();
    await expect
      .poll(async () => (await app.inject({ url: '/healthz' })).statusCode, { timeout: 10_000 })
      .toBe(200);
    expect((await sendCode()).statusCode).toBe(200);
  });

  it('answers 503 within seconds during a silent partition (packets dropped), and /healthz within 1 s', async () => {
    expect((await sendCode()).statusCode).toBe(200);
    proxy.dropping = true;
    try {
      const started = Date.now();
      const write = await sendCode();
      expect(write.statusCode).toBe(503);
      expect(Date.now() - started, 'a request fails within a few seconds').toBeLessThan(6_000);
      for (let i = 0; i < 3; i++) {
        const asked = Date.now();
        const health = await app.inject({ url: '/healthz' });
        expect(health.statusCode).toBe(503);
        expect(Date.now() - asked, '/healthz answers within one second').toBeLessThan(1_000);
      }
      // Once the watchdog has seen it, requests are refused without waiting on a connection.
      await expect.poll(() => database.reachable(), { timeout: 5_000 }).toBe(false);
    } finally {
      proxy.dropping = false;
    }
    await expect
      .poll(async () => (await app.inject({ url: '/healthz' })).statusCode, { timeout: 10_000 })
      .toBe(200);
    expect((await sendCode()).statusCode).toBe(200);
  }, 30_000);

  it('says the database is up while every connection of the main pool is busy (a busy database is not a down one)', async () => {
    const { sql } = await import('drizzle-orm');
    // The main pool (4 here) held by slow statements, as under load the queries queue behind it.
    const busy = Array.from({ length: 4 }, () =>
      database.db.execute(sql`SELECT pg_sleep(2)`).then(() => undefined),
    );
    // Until each has its connection (the statements run for 2 s).
    await new Promise((resolve) => setTimeout(resolve, 300));
    try {
      const health = await app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok' });
    } finally {
      await Promise.all(busy);
    }
  }, 30_000);
});
