// Overload: the saturation rate of an uncached, database-bound call (a cart quote), then three
// times that rate from many connections. Budgets: no timeouts or socket errors (the excess is
// answered at once with 503 + Retry-After), p99 under 2 s, and a normal answer right after the load
// stops (recovery without a restart).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { budget, freePort, root, startProcess, writeResult } from './lib.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 6);
const dataDir = join(root, 'node_modules/.tmp/bench-overload');
rmSync(dataDir, { recursive: true, force: true });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = await startProcess(
  join(root, 'apps/server/dist/main.js'),
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: 'true',
    DEMO_SCALE: '0.3',
    OUTBOX_POLL_MS: '60000',
  },
  `${base}/healthz`,
);

const run = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ timeout: 5, ...opts }, (err, res) => (err ? reject(err) : resolve(res))),
  );

try {
  const vendors = await (await fetch(`${base}/api/v1/vendors/?kitchaco=1`)).json();
  let mealId = null;
  for (const v of vendors) {
    const menu = await (await fetch(`${base}/api/v1/vendors/${v.id}/menu/`)).json();
    const meal = menu.meals.find((m) => m.meal_subitem.length === 0);
    if (meal) {
      mealId = meal.id;
      break;
    }
  }
  const request = {
    url: `${base}/api/v1/orders/quote/`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kitchaco: 1, order_type: 'pickup', lines: [{ meal_id: mealId, quantity: 2 }] }),
  };
  const check = await fetch(request.url, request);
  if (!check.ok) throw new Error(`quote answered ${check.status}: ${await check.text()}`);

  await run({ ...request, connections: 20, duration: 2 });
  const saturation = await run({ ...request, connections: 50, duration });
  const rate = Math.round(saturation.requests.average);
  const overload = await run({ ...request, connections: 600, duration, overallRate: rate * 3 });
  const started = Date.now();
  const after = await fetch(request.url, request);
  const recoveryMs = Date.now() - started;

  const results = {
    saturation: { requestsPerSecond: rate, p99Ms: saturation.latency.p99 },
    overload: {
      offeredPerSecond: rate * 3,
      answeredPerSecond: Math.round(overload.requests.average),
      ok2xx: overload['2xx'],
      shed503: overload.non2xx,
      timeouts: overload.timeouts,
      errors: overload.errors,
      p50Ms: overload.latency.p50,
      p99Ms: overload.latency.p99,
    },
    recovery: { status: after.status, ms: recoveryMs },
  };
  const budgets = [
    budget('timeouts and socket errors at 3x saturation = 0', overload.timeouts + overload.errors, {
      max: 0,
    }),
    budget('p99 latency at 3x saturation (ms) <= 2000', overload.latency.p99, { max: 2000 }),
    budget('first answer after the load is a 200 (1 = yes)', after.status === 200 ? 1 : 0, { min: 1 }),
  ];
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  for (const b of budgets) process.stdout.write(`${b.pass ? 'PASS' : 'FAIL'} ${b.label}: ${b.value}\n`);
  process.stdout.write(`-> ${writeResult('overload', { duration, results, budgets })}\n`);
  if (budgets.some((b) => !b.pass)) process.exitCode = 1;
} finally {
  await app.stop();
}
