// Data scale on PostgreSQL: the demo generator at 1x (6 locations, 20 weeks, ~26,000 orders) and at
// 100x (60 locations, 200 weeks, ~2.5 million orders), each in its own database, then the server
// against each and the p95 of repeated calls:
//   - dashboard_data for All locations over the last year,
//   - orders_data for All locations over the last week (first page and total),
//   - the fortnight invoice of operator 1 (get_sales_report, computed from the ledger),
//   - the stock usage report of location 1 over the last fortnight.
// Budget per call: p95 at 100x <= 1.5 x p95 at 1x (flat as history grows).
//
// Seeding 2.5 million orders takes a while, so a database whose recorded shape and generator
// version match is reused (table bench_seed, written after the seed commits). BENCH_SCALE_RESEED=1
// seeds again. Env: BENCH_DATABASE_URL (server, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_SCALE_CALLS (default 300), BENCH_SCALE_LARGE (default 100), BENCH_SCALE_SEED_ONLY=1.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, formatWireDate, localDate, weekdayOfDate } from '@kitchaco/domain';
import pg from 'pg';
import { BENCH_LIMITS, budget, freePort, root, startProcess, writeResult } from './lib.mjs';

const dist = join(root, 'apps/server/dist');
const { openPostgres } = await import(join(dist, 'db/client.js'));
const { demoShape, seedDemoData, DEMO_PASSWORD } = await import(join(dist, 'demo/seed.js'));

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const calls = Number(process.env.BENCH_SCALE_CALLS ?? 300);
const warmUp = 5;
const scales = [1, Number(process.env.BENCH_SCALE_LARGE ?? 100)];
/** The seeded history ends here, so a reseed gives the same rows and the same "today". */
const SEED_NOW = new Date('2026-11-20T03:00:00Z');
/** Bump when the generator changes what it writes for a given shape, so old databases are reseeded. */
const GENERATOR_VERSION = 2;
const TZ = 'Australia/Melbourne';

const urlOf = (db) => {
  const u = new URL(serverUrl);
  u.pathname = `/${db}`;
  return u.toString();
};

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** JSON with sorted keys: jsonb does not keep the order keys were written in. */
const canonical = (value) =>
  JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** The recorded seed of a database, or null when it is missing or of another shape. */
async function recordedSeed(db, want) {
  const exists = await withClient(serverUrl, (c) =>
    c.query('SELECT 1 FROM pg_database WHERE datname = $1', [db]).then((r) => r.rowCount > 0),
  );
  if (!exists) return null;
  return withClient(urlOf(db), async (c) => {
    const table = await c.query(`SELECT to_regclass('bench_seed') IS NOT NULL AS ok`);
    if (!table.rows[0].ok) return null;
    const { rows } = await c.query('SELECT info FROM bench_seed');
    const info = rows[0]?.info;
    return info && canonical(info.want) === canonical(want) ? info : null;
  });
}

/** Seeds `bench_scale_<scale>` unless a matching seed is there; resolves with the seed record. */
async function ensureSeeded(scale) {
  const db = `bench_scale_${scale}`;
  const want = { scale, shape: demoShape(scale), now: SEED_NOW.toISOString(), version: GENERATOR_VERSION };
  if (process.env.BENCH_SCALE_RESEED !== '1') {
    const found = await recordedSeed(db, want);
    if (found) {
      process.stdout.write(`${db}: reusing the seed of ${found.seededAt} (${found.orders} orders)\n`);
      return { db, ...found, reused: true };
    }
  }
  process.stdout.write(`${db}: seeding scale ${scale} ${JSON.stringify(want.shape)} ...\n`);
  await withClient(serverUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${db}`);
  });
  const database = openPostgres(urlOf(db), { statementTimeoutMs: 0 });
  try {
    await database.migrate();
    const started = Date.now();
    const summary = await seedDemoData(database.db, { scale, now: SEED_NOW });
    const seedSeconds = (Date.now() - started) / 1000;
    const info = {
      want,
      seededAt: new Date().toISOString(),
      seedSeconds,
      orders: summary.orders,
      locations: summary.locations,
      stockOrders: summary.stockOrders,
    };
    await withClient(urlOf(db), async (c) => {
      await c.query('CREATE TABLE bench_seed (info jsonb NOT NULL)');
      await c.query('INSERT INTO bench_seed (info) VALUES ($1)', [info]);
      await c.query('VACUUM ANALYZE');
    });
    process.stdout.write(`${db}: ${summary.orders} orders seeded in ${seedSeconds.toFixed(1)} s\n`);
    return { db, ...info, reused: false };
  } finally {
    await database.close();
  }
}

const p = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
const round = (ms) => Math.round(ms * 100) / 100;

/** The calls, dated from the seeded history's last day. */
async function callsFor(db) {
  const today = localDate(SEED_NOW, TZ);
  const wire = formatWireDate;
  // The fortnight invoice: the newest fortnight with generated reports that is not yet approved
  // (an approved invoice is a stored snapshot, which would measure nothing).
  const period = await withClient(urlOf(db), (c) =>
    c
      .query(
        `SELECT to_char(p.start_date, 'YYYY-MM-DD') AS start, to_char(p.end_date, 'YYYY-MM-DD') AS end
           FROM fortnight_periods p
          WHERE EXISTS (SELECT 1 FROM sales_reports r WHERE r.period_id = p.id AND r.status = 'generated')
          ORDER BY p.start_date DESC LIMIT 1`,
      )
      .then((r) => r.rows[0]),
  );
  if (!period || weekdayOfDate(period.start) !== 'Monday') throw new Error(`${db}: no generated fortnight`);
  return {
    dashboardYear: {
      query_type: 'dashboard_data',
      kitchaco_location: 0,
      start_date: wire(addDays(today, -364)),
      end_date: wire(today),
    },
    ordersWeek: {
      query_type: 'orders_data',
      kitchaco_location: 0,
      start_date: wire(addDays(today, -6)),
      end_date: wire(today),
      page: 1,
      page_size: 20,
    },
    fortnightInvoice: {
      query_type: 'get_sales_report',
      external_operator: 1,
      start_date: wire(period.start),
      end_date: wire(period.end),
    },
    stockUsage: {
      query_type: 'stock_usage_report',
      kitchaco_location: 1,
      start_date: wire(addDays(today, -13)),
      end_date: wire(today),
    },
  };
}

/** Starts the server on a seeded database; resolves with { base, token, stop }. */
async function startServer(seed) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await startProcess(
    join(dist, 'main.js'),
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      ...BENCH_LIMITS,
      DATABASE_URL: urlOf(seed.db),
      DEMO: 'false',
      OUTBOX_POLL_MS: '600000',
      // One call at a time: measure the work, never the shedding.
      MAX_IN_FLIGHT: '0',
      MAX_QUEUE_MS: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    `${base}/healthz`,
    // The first start on a database applies the migrations, which backfill the rollups.
    { timeoutMs: 1_800_000 },
  );
  const login = await post(base, {
    query_type: 'admin_login',
    email: 'admin@demo.test',
    password: DEMO_PASSWORD,
  });
  return { base, token: login.json.token, stop: app.stop, pid: app.child.pid };
}

/** The process's resident memory now (MiB), from /proc. */
function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * orders_data without a page, as the spec's clients ask: every order of the range in one answer,
 * streamed. Reads the whole answer as it comes, counting bytes, while sampling the server's
 * memory: a streamed answer costs one batch, a buffered one its whole size.
 */
async function streamWhole(server, range) {
  const before = rssMiB(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(server.pid));
  }, 20);
  const started = performance.now();
  const res = await fetch(`${server.base}/api/v1/admin-data/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${server.token}` },
    body: JSON.stringify({ query_type: 'orders_data', kitchaco_location: 0, ...range }),
  });
  let bytes = 0;
  let tail = '';
  for await (const chunk of res.body) {
    bytes += chunk.length;
    tail = (tail + Buffer.from(chunk).toString('utf8')).slice(-40);
  }
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB(server.pid));
  const total = Number(/"total":(\d+)\}$/.exec(tail)?.[1] ?? -1);
  return {
    range,
    orders: total,
    answerMiB: round(bytes / 1024 / 1024),
    seconds: round((performance.now() - started) / 1000),
    rssBeforeMiB: round(before),
    rssPeakMiB: round(peak),
    rssGrowthMiB: round(peak - before),
  };
}

async function post(base, body, token) {
  const path = body.query_type === 'get_sales_report' ? '/api/v1/sales-report/' : '/api/v1/admin-data/';
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${body.query_type}: ${res.status} ${JSON.stringify(json)}`);
  return { json, ms };
}

/**
 * Times every call on every database. The databases' calls alternate (1x, 100x, 1x, ...), so the
 * drift of a shared machine hits both sides of each ratio alike.
 */
async function measure(seeds) {
  const servers = [];
  try {
    for (const seed of seeds) servers.push(await startServer(seed));
    // A week of every location's orders at the largest scale, streamed whole (orders_data, no page).
    const largest = servers[servers.length - 1];
    const lastDay = localDate(SEED_NOW, TZ);
    streamed = await streamWhole(largest, {
      start_date: formatWireDate(addDays(lastDay, -6)),
      end_date: formatWireDate(lastDay),
    });
    const bodies = await Promise.all(seeds.map((s) => callsFor(s.db)));
    const out = seeds.map(() => ({}));
    for (const name of Object.keys(bodies[0])) {
      const times = seeds.map(() => []);
      const answers = [];
      for (let i = 0; i < warmUp + calls; i++) {
        for (let k = 0; k < seeds.length; k++) {
          const { json, ms } = await post(servers[k].base, bodies[k][name], servers[k].token);
          answers[k] = json;
          if (i >= warmUp) times[k].push(ms);
        }
      }
      seeds.forEach((_, k) => {
        out[k][name] = {
          request: bodies[k][name],
          p50Ms: round(p(times[k], 0.5)),
          p95Ms: round(p(times[k], 0.95)),
          maxMs: round(Math.max(...times[k])),
          answer: summarise(name, answers[k]),
        };
      });
    }
    return out;
  } finally {
    for (const s of servers) await s.stop();
  }
}

/** A few figures of each answer, to show the calls did real work. */
function summarise(name, a) {
  if (name === 'dashboardYear') return { num_orders: a.num_orders, total_sales: a.total_sales };
  if (name === 'ordersWeek') return { total: a.total, listed: a.orders_by_location.length };
  if (name === 'fortnightInvoice') return { status: a.status, keys: Object.keys(a).length };
  return { meals: a.meal_sold.length, stock_items: a.stock_list.length };
}

const available = await withClient(serverUrl, () => true).catch(() => false);
if (!available) {
  process.stdout.write(`scale: skipped, no PostgreSQL at ${serverUrl}\n`);
  writeResult('scale', { skipped: `no PostgreSQL at ${serverUrl}`, budgets: [] });
  process.exit(0);
}

const seeds = [];
for (const scale of scales) seeds.push(await ensureSeeded(scale));
if (process.env.BENCH_SCALE_SEED_ONLY === '1') process.exit(0);

let streamed = null;
const measured = await measure(seeds);
const results = {};
seeds.forEach((seed, k) => {
  results[seed.db] = {
    orders: seed.orders,
    locations: seed.locations,
    seedSeconds: seed.seedSeconds,
    seedReused: seed.reused,
    calls: measured[k],
  };
});
const [small, large] = seeds.map((s) => results[s.db]);
const budgets = [];
const ratios = {};
for (const name of Object.keys(small.calls)) {
  const ratio = large.calls[name].p95Ms / small.calls[name].p95Ms;
  ratios[name] = Math.round(ratio * 1000) / 1000;
  budgets.push(budget(`${name} p95 at ${scales[1]}x / at 1x <= 1.5`, ratio, { max: 1.5 }));
  process.stdout.write(
    `${name.padEnd(18)} 1x p95 ${small.calls[name].p95Ms} ms  ${scales[1]}x p95 ${large.calls[name].p95Ms} ms  ratio ${ratios[name]}\n`,
  );
}
if (streamed) {
  process.stdout.write(
    `orders_data without page at ${scales[1]}x, one week of every location: ${streamed.orders} orders, ${streamed.answerMiB} MiB in ${streamed.seconds} s; server memory grew ${streamed.rssGrowthMiB} MiB\n`,
  );
  // Flat memory: a buffered answer would cost its size several times over (the string and the
  // objects behind it); streamed, the growth is a batch of 500 orders and the runtime's own.
  budgets.push(
    budget(
      `orders_data streamed whole (${streamed.answerMiB} MiB): server memory growth MiB <= 96`,
      streamed.rssGrowthMiB,
      {
        max: 96,
      },
    ),
  );
}
for (const b of budgets) process.stdout.write(`${b.pass ? 'PASS' : 'FAIL'} ${b.label}: ${b.value}\n`);
process.stdout.write(
  `-> ${writeResult('scale', { calls, warmUp, seedNow: SEED_NOW.toISOString(), results, ratios, streamed, budgets })}\n`,
);
if (budgets.some((b) => !b.pass)) process.exitCode = 1;
