// What watching the server costs (issue 36): the same server three ways, measured side by side in
// one run, rounds interleaved so the machine's drift falls on all three alike:
//   off      no METRICS_TOKEN, no OTEL_EXPORTER_OTLP_ENDPOINT (nothing of either is loaded)
//   metrics  METRICS_TOKEN set, scraped every 15 s as Prometheus would
//   tracing  metrics as above, and every request traced to an OTLP receiver (a local sink)
// 1. reads on PGlite: the location list (GET /api/v1/vendors/) and a vendor's menu (the cheapest
//    answer, where a fixed cost per request shows most);
// 2. writes on PostgreSQL: checkouts paid at the fake Square (as the writes bench).
// Budgets: metrics on >= 95 % of off, tracing on >= 85 % of off, on each route.

import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import {
  apiClient,
  BENCH_LIMITS,
  budget,
  checkoutCustomers,
  freePort,
  freshDatabases,
  keyedLoad,
  load,
  root,
  startFakeSquare,
  startProcess,
  writeResult,
  writesServerEnv,
} from './lib.mjs';

const server = join(root, 'apps/server/dist/main.js');
const duration = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const writeConnections = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 50);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TOKEN = 'bench-metrics-token-0123456789abcdef';
const MODES = ['off', 'metrics', 'tracing'];
/** `reads` or `checkouts` runs that section alone (while tuning one). */
const only = process.env.BENCH_OBSERVABILITY_ONLY;

// An OTLP/HTTP receiver that keeps nothing: what a collector on the same host costs the server.
let spansReceived = 0;
const sink = createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    spansReceived++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
const sinkPort = await freePort();
await new Promise((resolve) => sink.listen(sinkPort, '127.0.0.1', resolve));

const modeEnv = {
  off: {},
  metrics: { METRICS_TOKEN: TOKEN },
  tracing: {
    METRICS_TOKEN: TOKEN,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sinkPort}`,
    OTEL_SERVICE_NAME: 'kitchaco-bench',
  },
};

/** Reads /metrics every 15 s, as a Prometheus server does, while the server is measured. */
function scrapeEvery15s(base) {
  const scrape = () =>
    fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
      .then((r) => r.text())
      .catch(() => {});
  scrape();
  const timer = setInterval(scrape, 15_000);
  return () => clearInterval(timer);
}

async function startMode(mode, env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await startProcess(server, { ...env(port), ...modeEnv[mode] }, `${base}/healthz`);
  const stopScrape = mode === 'off' ? () => {} : scrapeEvery15s(base);
  return {
    base,
    pid: app.child.pid,
    stop: async () => {
      stopScrape();
      await app.stop();
    },
  };
}

/**
 * The server process's CPU time so far (user + system, /proc/<pid>/stat, in clock ticks of 10 ms):
 * CPU per request is what watching costs the server itself, steadier than requests/s on a machine
 * whose two cores the load generator shares.
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN; // not Linux
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Each target under each mode, rounds interleaved; the median requests/s of each. */
async function sideBySide(targets, run) {
  const runs = {};
  for (const [name, byMode] of Object.entries(targets)) {
    runs[name] = Object.fromEntries(MODES.map((m) => [m, []]));
    for (const m of MODES) await run(byMode[m], 2); // warm-up
  }
  const measured = async (target, seconds) => {
    const before = cpuMs(target.pid);
    const r = await run(target, seconds);
    const requests = r.requestsPerSecond * seconds;
    return { ...r, cpuUsPerRequest: ((cpuMs(target.pid) - before) * 1000) / requests };
  };
  for (let i = 0; i < rounds; i++) {
    for (const [name, byMode] of Object.entries(targets)) {
      for (const m of MODES) runs[name][m].push(await measured(byMode[m], duration));
    }
  }
  return Object.fromEntries(
    Object.entries(runs).map(([name, byMode]) => [
      name,
      Object.fromEntries(
        MODES.map((m) => [
          m,
          {
            requestsPerSecond: Math.round(median(byMode[m].map((r) => r.requestsPerSecond))),
            p99Ms: median(byMode[m].map((r) => r.p99Ms)),
            cpuUsPerRequest: Math.round(median(byMode[m].map((r) => r.cpuUsPerRequest))),
            errors: byMode[m].reduce((s, r) => s + r.errors, 0),
          },
        ]),
      ),
    ]),
  );
}

const results = {};
const budgets = [];
const addBudgets = (route, measured) => {
  const off = measured.off.requestsPerSecond;
  budgets.push(
    budget(`${route}: metrics on >= 95% of off`, measured.metrics.requestsPerSecond / off, { min: 0.95 }),
    budget(`${route}: metrics and tracing on >= 85% of off`, measured.tracing.requestsPerSecond / off, {
      min: 0.85,
    }),
  );
};

// ---- 1. reads on PGlite
const readApps = {};
if (only !== 'checkouts')
  try {
    for (const mode of MODES) {
      const dataDir = join(root, `node_modules/.tmp/bench-observability-${mode}`);
      rmSync(dataDir, { recursive: true, force: true });
      readApps[mode] = await startMode(mode, (port) => ({
        PORT: String(port),
        HOST: '127.0.0.1',
        ...BENCH_LIMITS,
        DEMO: 'true',
        DEMO_SCALE: '1',
        OUTBOX_POLL_MS: '60000',
        DATA_DIR: dataDir,
      }));
    }
    const vendors = await (await fetch(`${readApps.off.base}/api/v1/vendors/`)).json();
    const menuPath = `/api/v1/vendors/${vendors[0].id}/menu/`;
    const byMode = (path) =>
      Object.fromEntries(MODES.map((m) => [m, { url: `${readApps[m].base}${path}`, pid: readApps[m].pid }]));
    results.reads = await sideBySide(
      { vendors: byMode('/api/v1/vendors/'), menu: byMode(menuPath) },
      async (target, seconds) => {
        const r = await load(target.url, { connections, duration: seconds });
        return {
          requestsPerSecond: r.requestsPerSecond,
          p99Ms: r.latencyMs.p99,
          errors: r.errors + r.non2xx,
        };
      },
    );
    addBudgets('GET /api/v1/vendors/ (PGlite)', results.reads.vendors);
    addBudgets("a vendor's menu (PGlite)", results.reads.menu);
  } finally {
    for (const app of Object.values(readApps)) await app.stop();
  }

// ---- 2. checkouts on PostgreSQL
const names = MODES.map((m) => `kitchaco_bench_observability_${m}`);
const databases = only === 'reads' ? null : await freshDatabases(pgUrl, names);
if (only === 'reads') {
  results.checkouts = { skipped: 'BENCH_OBSERVABILITY_ONLY=reads' };
} else if (!databases) {
  results.checkouts = { skipped: `no PostgreSQL at ${pgUrl}` };
} else {
  const square = await startFakeSquare(Number(process.env.BENCH_SQUARE_LATENCY_MS ?? 25));
  const writeApps = {};
  try {
    const targets = {};
    for (const [i, mode] of MODES.entries()) {
      writeApps[mode] = await startMode(mode, (port) =>
        writesServerEnv({ port, databaseUrl: databases[names[i]], square }),
      );
      const { customers, orderBody } = await checkoutCustomers(
        apiClient(writeApps[mode].base),
        writeConnections,
      );
      targets[mode] = {
        pid: writeApps[mode].pid,
        url: `${writeApps[mode].base}/api/v1/orders/`,
        body: orderBody,
        tokens: customers.map((c) => c.token),
      };
    }
    results.checkouts = (
      await sideBySide({ checkout: targets }, async (t, seconds) => {
        const r = await keyedLoad({
          url: t.url,
          method: 'POST',
          connections: writeConnections,
          duration: seconds,
          tokens: t.tokens,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(t.body),
        });
        return {
          requestsPerSecond: r.requests.average,
          p99Ms: r.latency.p99,
          errors: r.errors + r.timeouts + r.non2xx,
        };
      })
    ).checkout;
    addBudgets('checkouts (PostgreSQL, fake Square)', results.checkouts);
  } finally {
    for (const app of Object.values(writeApps)) await app.stop();
    square.child.kill('SIGTERM');
  }
}
sink.close();
results.otlpExportsReceived = spansReceived;

for (const [section, routes] of Object.entries(results)) {
  if (typeof routes !== 'object' || routes.skipped) continue;
  for (const [route, byMode] of Object.entries(routes.off ? { [section]: routes } : routes)) {
    const off = byMode.off.requestsPerSecond;
    const line = MODES.map(
      (m) =>
        `${m} ${byMode[m].requestsPerSecond} req/s (${Math.round((byMode[m].requestsPerSecond / off) * 100)} %, ${byMode[m].cpuUsPerRequest} µs CPU a request)`,
    ).join(', ');
    process.stdout.write(`${route}: ${line}\n`);
  }
}
process.stdout.write(`OTLP exports received by the sink: ${spansReceived}\n`);
const file = writeResult('observability', { duration, rounds, connections, results, budgets });
process.stdout.write(`${JSON.stringify(budgets, null, 2)}\nwritten ${file}\n`);
