import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSquare, startFakeSquare } from '../../fakes/square.js';
import { freePort } from '../../test/ports.js';
import { callServer, demoCart, demoSignIn, NO_LOAD_SHEDDING } from '../../test/process.js';

/**
 * The fault of the money path: the server process is killed (SIGKILL) after Square authorised a
 * payment and before the order was written. After a restart and a reconciliation run, the customer
 * is charged for exactly the orders that exist. The real server (built: apps/server/dist), on its
 * own embedded database, in demo mode, paying through a fake of Square's API.
 */
const root = new URL('../../../../../', import.meta.url).pathname;
let fake: FakeSquare;
let dataDir: string;
let server: ChildProcess | null = null;
let base = '';
let output = '';

async function start(): Promise<void> {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  output = '';
  const { DATABASE_URL: _, TEST_DATABASE_URL: __, ...inherited } = process.env;
  server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    env: {
      ...inherited,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'true',
      DEMO_SCALE: '0.02',
      PAYMENTS_PROVIDER: 'square',
      SQUARE_ACCESS_TOKEN: fake.accessToken,
      SQUARE_APPLICATION_ID: 'sandbox-sq0idb-kill-test',
      SQUARE_LOCATION_ID: fake.mainLocationId,
      SQUARE_BASE_URL: fake.url,
      SQUARE_TIMEOUT_MS: '2000',
      PAYMENTS_ORPHAN_GRACE_MINUTES: '0',
      CHECKOUT_ATTEMPTS_PER_CUSTOMER: '1000',
      ...NO_LOAD_SHEDDING,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not start:\n${output}`);
}

function kill(): Promise<void> {
  const child = server!;
  server = null;
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** A call to the server under test. */
const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  callServer(base, method, path, body, headers);

beforeAll(async () => {
  const { buildServer } = (await import(join(root, 'scripts/lib.mjs'))) as { buildServer(): Promise<number> };
  expect(await buildServer()).toBe(0);
  fake = await startFakeSquare();
  dataDir = mkdtempSync(join(tmpdir(), 'kitchaco-kill-'));
}, 300_000);
afterAll(async () => {
  if (server) await kill();
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed between the authorisation and the order write', () => {
  it('after a restart and a reconciliation run, the customer is charged for exactly the orders that exist', async () => {
    await start();
    const { customer, admin } = await demoSignIn(base);
    const cart = await demoCart(base, fake.locations);
    const auth = { authorization: `Token ${customer}` };
    // The demo customer's earlier orders (the demo's own history, paid before Square was here).
    const before = new Set(
      ((await call('GET', '/api/v1/orders/', undefined, auth)).body as unknown as { id: number }[]).map(
        (o) => o.id,
      ),
    );
    // One order paid normally.
    const paid = await call(
      'POST',
      '/api/v1/orders/',
      { checkout: cart, payment: { source_id: 'cnon:card-nonce-ok' } },
      {
        ...auth,
        'idempotency-key': randomUUID(),
      },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    // The next: Square authorises it, and the server dies before it hears back and writes.
    fake.failNext('timeout', { method: 'POST', path: /^\/v2\/payments$/ });
    const authorised = fake.payments.size;
    const asked = fake.requests.length;
    const isCreate = (r: { method: string; path: string }) =>
      r.method === 'POST' && r.path === '/v2/payments';
    const doomed = fetch(`${base}/api/v1/orders/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ checkout: cart, payment: { source_id: 'cnon:card-nonce-ok' } }),
    }).catch(() => null);
    const askedBy = Date.now() + 30_000;
    while (!fake.requests.slice(asked).some(isCreate)) {
      if (Date.now() > askedBy) throw new Error(`the server never asked Square to authorise:\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    // Square made the authorisation the hanging request asked for, as Square would have.
    const lost = fake.requests.slice(asked).find(isCreate)!.body as {
      amount_money: { amount: number; currency: string };
      reference_id: string;
      idempotency_key: string;
    };
    fake.chargeOutOfBand({
      amount_money: lost.amount_money,
      status: 'APPROVED',
      reference_id: lost.reference_id,
      idempotency_key: lost.idempotency_key,
    });
    expect(fake.payments.size).toBe(authorised + 1);
    await kill();
    await doomed;

    // Restart: reconciliation runs at once, then on demand.
    await start();
    const login = await call('POST', '/api/v1/admin-data/', {
      query_type: 'admin_login',
      email: 'admin@demo.test',
      password: 'demo-password',
    });
    const token = (login.body.token as string) ?? admin;
    let run = await call('POST', '/api/v1/payments/reconciliation/', undefined, {
      authorization: `Token ${token}`,
    });
    for (let i = 0; run.status === 409 && i < 50; i++) {
      await new Promise((r) => setTimeout(r, 200));
      run = await call('POST', '/api/v1/payments/reconciliation/', undefined, {
        authorization: `Token ${token}`,
      });
    }
    expect(run.status, JSON.stringify(run.body) + output.slice(-3000)).toBe(200);

    // Charged (captured, not given back) at Square = paid for orders that exist, to the cent.
    const all = (await call('GET', '/api/v1/orders/', undefined, auth)).body as unknown as {
      id: number;
      total: number;
    }[];
    const orders = all.filter((o) => !before.has(o.id));
    const orderTotal = orders.reduce((sum, o) => sum + Math.round(o.total * 100), 0);
    let charged = 0;
    for (const p of fake.payments.values()) {
      expect(p.status, `payment ${p.id}`).not.toBe('APPROVED');
      if (p.status === 'COMPLETED') charged += p.amount_money.amount - (p.refunded_money?.amount ?? 0);
    }
    expect(orders.map((o) => o.id)).toEqual([(paid.body.order as { id: number }).id]);
    expect(charged).toBe(orderTotal);
  }, 300_000);
});
