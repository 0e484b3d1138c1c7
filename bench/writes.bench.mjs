// Writes on PostgreSQL at 50 concurrent clients: placing customer orders (price, charge, one
// transaction with lines, status event and live notice) and placing stock orders, against a bare
// single-row INSERT endpoint (bench/bare-server.mjs) measured in the same run.
// Budget: each write path at least 25% of the bare INSERT's requests/s. p95 reported.
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
const connections = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 50);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const databases = await freshDatabases(pgUrl, ['kitchaco_bench_writes', 'kitchaco_bench_bare']);
if (!databases) {
  process.stdout.write(`writes: skipped, no PostgreSQL at ${pgUrl}\n`);
  writeResult('writes', { skipped: `no PostgreSQL at ${pgUrl}`, budgets: [] });
  process.exit(0);
}
const urlOf = (db) => databases[db];

/** One autocannon run where every request gets a fresh Idempotency-Key. */
function run(opts) {
  return new Promise((resolve, reject) =>
    autocannon(
      {
        timeout: 10,
        ...opts,
        requests: [
          {
            setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }),
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
  // A customer signs in with the SMS code from the demo outbox.
  const customer = await signInCustomer(api, '+61400000000');
  const vendors = (await api.get('/api/v1/vendors/?kitchaco=1')).body;
  const menu = (await api.get(`/api/v1/vendors/${vendors[0].id}/menu/`)).body;
  const meal = menu.meals.find((m) => m.meal_subitem.length === 0) ?? menu.meals[0];
  const orderBody = {
    checkout: { kitchaco: 1, order_type: 'pickup', lines: [orderLine(meal)] },
    payment: { ...TEST_CARD, name: 'Bench Customer' },
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
      headers: { authorization: `Token ${customer.token}` },
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
      headers: { 'content-type': 'application/json', ...(t.headers ?? {}) },
      body: JSON.stringify(t.body),
    });
  for (const t of Object.values(targets)) await load(t, 2); // warm-up
  for (const [name, t] of Object.entries(targets)) results[name] = summary(await load(t, duration));

  const bareRate = results.bareInsert.requestsPerSecond;
  // The ceiling a checkout's shape sets by itself, whatever the code around it.
  results.bareSixSteps.ofBareInsert =
    Math.round((results.bareSixSteps.requestsPerSecond / bareRate) * 1000) / 1000;
  budgets.push(
    budget(
      'customer orders req/s >= 25% of a bare INSERT (PostgreSQL, 50 clients)',
      results.customerOrder.requestsPerSecond / bareRate,
      { min: 0.25 },
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
            (SELECT count(*)::int FROM payments WHERE order_id IS NOT NULL) AS paid
       FROM orders WHERE idempotency_key IS NOT NULL`,
  );
  await check.end();
  results.ledger = rows[0];
  budgets.push(
    budget(
      'every order once, each with its one payment',
      rows[0].orders === rows[0].keys && rows[0].keys === rows[0].paid ? 1 : 0,
      { min: 1 },
    ),
  );
} finally {
  await app.stop();
  await bare.stop();
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
