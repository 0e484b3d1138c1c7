// Writes on PostgreSQL at 50 concurrent clients: placing customer orders (price, authorise the card
// at Square, one statement with the order, lines, payment, status event and live notice, complete the
// payment) and placing stock orders, against a bare single-row INSERT endpoint
// (bench/bare-server.mjs) measured in the same run. Card payments go to the fake of Square's API
// (apps/server/src/fakes/square.ts, a process of its own) answering after a fixed latency
// (BENCH_SQUARE_LATENCY_MS, 25 ms); a checkout waits for two of its answers (authorise, complete).
// Budgets: customer orders, with the provider's time taken out, at least 50% of the bare INSERT's
// requests/s; stock orders at least 25%. p95 reported.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  apiClient,
  BENCH_LIMITS,
  budget,
  freePort,
  freshDatabases,
  orderLine,
  root,
  STAFF_LOGIN,
  signInCustomer,
  signInStaff,
  startProcess,
  stockOrderBody,
  TEST_CARD,
  writeResult,
} from './lib.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const squareLatencyMs = Number(process.env.BENCH_SQUARE_LATENCY_MS ?? 25);
/** Provider calls a checkout waits for: authorise, then complete. */
const PROVIDER_CALLS = 2;
const connections = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 50);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const databases = await freshDatabases(pgUrl, ['kitchaco_bench_writes', 'kitchaco_bench_bare']);
if (!databases) {
  process.stdout.write(`writes: skipped, no PostgreSQL at ${pgUrl}\n`);
  writeResult('writes', { skipped: `no PostgreSQL at ${pgUrl}`, budgets: [] });
  process.exit(0);
}
const urlOf = (db) => databases[db];

/** The fake of Square's API in a process of its own (built: apps/server/dist/fakes). */
async function startFakeSquare(latencyMs) {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...nodeArgs, join(root, 'apps/server/dist/fakes/square-server.js')],
    {
      env: { ...process.env, FAKE_SQUARE_LATENCY_MS: String(latencyMs) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`fake Square exited (${code})`)));
  });
  return { child, ...JSON.parse(line) };
}

/**
 * One autocannon run where every request gets a fresh Idempotency-Key and, when `tokens` are given,
 * the next customer's token in turn (a customer has one checkout in flight, not fifty).
 */
function run({ tokens, ...opts }) {
  let next = 0;
  return new Promise((resolve, reject) =>
    autocannon(
      {
        timeout: 10,
        ...opts,
        requests: [
          {
            setupRequest: (req) => {
              const headers = { ...req.headers, 'idempotency-key': randomUUID() };
              if (tokens) headers.authorization = `Token ${tokens[next++ % tokens.length]}`;
              return { ...req, headers };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    ),
  );
}

const summary = (r) => ({
  requestsPerSecond: r.requests.average,
  latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p97_5: r.latency.p97_5, p99: r.latency.p99 },
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
  total: r.requests.total,
});

const barePort = await freePort();
const bare = await startProcess(
  join(root, 'bench/bare-server.mjs'),
  { PORT: String(barePort), DATABASE_URL: urlOf('kitchaco_bench_bare') },
  `http://127.0.0.1:${barePort}/healthz`,
);
const square = await startFakeSquare(squareLatencyMs);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = await startProcess(
  join(root, 'apps/server/dist/main.js'),
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    ...BENCH_LIMITS,
    DATABASE_URL: urlOf('kitchaco_bench_writes'),
    DEMO: 'true',
    DEMO_SCALE: '0.3',
    OUTBOX_POLL_MS: '60000',
    PAYMENTS_PROVIDER: 'square',
    SQUARE_ACCESS_TOKEN: square.accessToken,
    SQUARE_APPLICATION_ID: 'sandbox-sq0idb-bench',
    SQUARE_LOCATION_ID: 'LBENCHMAIN0001',
    SQUARE_BASE_URL: square.url,
    // Nothing else calls Square during the run.
    PAYMENTS_RECONCILE_EVERY_MINUTES: '1440',
    // Measure the write paths, not the shedding: let every request in.
    MAX_IN_FLIGHT: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  },
  `${base}/healthz`,
);

const results = {};
const budgets = [];
try {
  const api = apiClient(base);
  // One customer per client, each signed in with the SMS code from the demo outbox.
  const customers = [];
  for (let i = 0; i < connections; i++) {
    customers.push(await signInCustomer(api, `+614000${String(i).padStart(5, '0')}`));
  }
  const customer = customers[0];
  const vendors = (await api.get('/api/v1/vendors/?kitchaco=1')).body;
  const menu = (await api.get(`/api/v1/vendors/${vendors[0].id}/menu/`)).body;
  const meal = menu.meals.find((m) => m.meal_subitem.length === 0) ?? menu.meals[0];
  const orderBody = {
    checkout: { kitchaco: 1, order_type: 'pickup', lines: [orderLine(meal)] },
    payment: TEST_CARD,
  };
  const probe = await api.post('/api/v1/orders/', orderBody, {
    authorization: `Token ${customer.token}`,
    'idempotency-key': randomUUID(),
  });
  if (probe.status !== 200) throw new Error(`order failed: ${JSON.stringify(probe.body)}`);

  const stockToken = await signInStaff(api, 'stock@demo.test', STAFF_LOGIN.stock);
  const list = await api.post(
    '/api/v1/stock-list/',
    { kitchaco: 1 },
    { authorization: `Token ${stockToken}` },
  );
  const stockBody = stockOrderBody(1, list.body.data[0]);
  const stockProbe = await api.post('/api/v1/stock-order-list/', stockBody, {
    authorization: `Token ${stockToken}`,
  });
  if (stockProbe.status !== 200) throw new Error(`stock order failed: ${JSON.stringify(stockProbe.body)}`);

  const targets = {
    bareInsert: { url: `http://127.0.0.1:${barePort}/insert`, body: { order: 'x', lines: [1, 2, 3] } },
    // Reference only (no budget): a checkout's six round trips with nothing else around them.
    bareSixSteps: {
      url: `http://127.0.0.1:${barePort}/insert-steps`,
      body: { order: 'x', lines: [1, 2, 3] },
    },
    customerOrder: {
      url: `${base}/api/v1/orders/`,
      body: orderBody,
      tokens: customers.map((c) => c.token),
    },
    stockOrder: {
      url: `${base}/api/v1/stock-order-list/`,
      body: stockBody,
      headers: { authorization: `Token ${stockToken}` },
    },
  };
  const load = (t, seconds) =>
    run({
      url: t.url,
      method: 'POST',
      connections,
      duration: seconds,
      tokens: t.tokens,
      headers: { 'content-type': 'application/json', ...(t.headers ?? {}) },
      body: JSON.stringify(t.body),
    });
  for (const t of Object.values(targets)) await load(t, 2); // warm-up
  for (const [name, t] of Object.entries(targets)) results[name] = summary(await load(t, duration));

  const bareRate = results.bareInsert.requestsPerSecond;
  // With the provider's time taken out: each of the clients waits (clients / rate) per order, of
  // which PROVIDER_CALLS x the fixed latency is Square's.
  const perOrderMs = (connections / results.customerOrder.requestsPerSecond) * 1000;
  const ownMs = perOrderMs - PROVIDER_CALLS * squareLatencyMs;
  results.customerOrder.providerMsPerOrder = PROVIDER_CALLS * squareLatencyMs;
  results.customerOrder.withoutProviderRequestsPerSecond = Math.round((connections / ownMs) * 1000);
  // The ceiling a checkout's shape sets by itself, whatever the code around it.
  results.bareSixSteps.ofBareInsert =
    Math.round((results.bareSixSteps.requestsPerSecond / bareRate) * 1000) / 1000;
  budgets.push(
    budget(
      `customer orders (Square fake, ${squareLatencyMs} ms a call) req/s with the provider's time taken out >= 50% of a bare INSERT (PostgreSQL, 50 clients)`,
      results.customerOrder.withoutProviderRequestsPerSecond / bareRate,
      { min: 0.5 },
    ),
    budget(
      'stock orders req/s >= 25% of a bare INSERT (PostgreSQL, 50 clients)',
      results.stockOrder.requestsPerSecond / bareRate,
      { min: 0.25 },
    ),
    budget(
      'no failed writes',
      results.customerOrder.non2xx +
        results.customerOrder.errors +
        results.stockOrder.non2xx +
        results.stockOrder.errors,
      { max: 0 },
    ),
  );

  // Every accepted customer order is in the ledger exactly once.
  const check = new pg.Client({ connectionString: urlOf('kitchaco_bench_writes') });
  await check.connect();
  const { rows } = await check.query(
    `SELECT count(*)::int AS orders, count(DISTINCT idempotency_key)::int AS keys,
            (SELECT count(*)::int FROM payments p JOIN orders o ON o.id = p.order_id
              WHERE o.idempotency_key IS NOT NULL) AS paid,
            (SELECT count(*)::int FROM payments p JOIN orders o ON o.id = p.order_id
              WHERE o.idempotency_key IS NOT NULL AND p.status = 'COMPLETED') AS completed
       FROM orders WHERE idempotency_key IS NOT NULL`,
  );
  await check.end();
  results.ledger = rows[0];
  budgets.push(
    budget(
      'every order once, each with its one payment, completed',
      rows[0].orders === rows[0].keys && rows[0].keys === rows[0].paid && rows[0].paid === rows[0].completed
        ? 1
        : 0,
      { min: 1 },
    ),
  );
} finally {
  await app.stop();
  await bare.stop();
  square.child.kill('SIGTERM');
}

for (const [name, r] of Object.entries(results)) {
  if (r.requestsPerSecond === undefined) continue;
  process.stdout.write(
    `${name.padEnd(14)} ${String(Math.round(r.requestsPerSecond)).padStart(6)} req/s  p50 ${r.latencyMs.p50} ms  p97.5 ${r.latencyMs.p97_5} ms  p99 ${r.latencyMs.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}\n`,
  );
}
for (const b of budgets) process.stdout.write(`${b.pass ? 'PASS' : 'FAIL'} ${b.label}: ${b.value}\n`);
process.stdout.write(`-> ${writeResult('writes', { duration, connections, results, budgets })}\n`);
if (budgets.some((b) => !b.pass)) process.exitCode = 1;
