// Framework overhead and embedded vs server, each measured side by side in one run:
//   1. bare Fastify hello-world vs GET /api/v1/vendors/ and a vendor's menu (demo data on PGlite);
//      budgets: vendors >= 60% and menu >= 40% of the bare route's requests/s.
//   4. the same menu read on PGlite and on PostgreSQL (when one answers at BENCH_DATABASE_URL or
//      postgres://postgres@127.0.0.1:5432/test); budget: PGlite >= 40% of PostgreSQL.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { BENCH_LIMITS, budget, compare, freePort, root, startProcess, writeResult } from './lib.mjs';

const server = join(root, 'apps/server/dist/main.js');
const duration = Number(process.env.BENCH_DURATION ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const budgets = [];
const results = {};
/**
 * What a browser sends (issue 39): the catalogue answers are served compressed to it, as customers
 * get them. `BENCH_HTTP_IDENTITY=1` asks for the uncompressed text instead (the figures before).
 */
const headers = process.env.BENCH_HTTP_IDENTITY === '1' ? {} : { 'accept-encoding': 'gzip, deflate, br' };

/** The bytes of each answer as the bench receives it. */
async function answerBytes(url) {
  const res = await fetch(url, { headers: { 'accept-encoding': headers['accept-encoding'] ?? 'identity' } });
  return {
    encoding: res.headers.get('content-encoding') ?? 'identity',
    bytes: Number(res.headers.get('content-length')),
  };
}

async function startApp(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await startProcess(
    server,
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      ...BENCH_LIMITS,
      DEMO: 'true',
      DEMO_SCALE: '1',
      OUTBOX_POLL_MS: '60000',
      ...env,
    },
    `${base}/healthz`,
  );
  return { ...app, base };
}

async function firstVendorMenu(base) {
  const vendors = await (await fetch(`${base}/api/v1/vendors/`)).json();
  const list = Array.isArray(vendors) ? vendors : (vendors.vendors ?? vendors.data);
  return `${base}/api/v1/vendors/${list[0].id}/menu/`;
}

// ---- 1. framework overhead (PGlite, the quick-start database)
const dataDir = join(root, 'node_modules/.tmp/bench-pglite');
rmSync(dataDir, { recursive: true, force: true });
const barePort = await freePort();
const bare = await startProcess(
  join(root, 'bench/bare-server.mjs'),
  { PORT: String(barePort) },
  `http://127.0.0.1:${barePort}/healthz`,
);
const lite = await startApp({ DATA_DIR: dataDir });
try {
  const menu = await firstVendorMenu(lite.base);
  const overhead = await compare(
    { bare: `http://127.0.0.1:${barePort}/hello`, vendors: `${lite.base}/api/v1/vendors/`, menu },
    { duration, connections, headers },
  );
  results.frameworkOverhead = overhead;
  results.answers = {
    vendors: await answerBytes(`${lite.base}/api/v1/vendors/`),
    menu: await answerBytes(menu),
  };
  const base = overhead.bare.requestsPerSecond;
  budgets.push(
    budget('vendors req/s >= 60% of bare Fastify', overhead.vendors.requestsPerSecond / base, { min: 0.6 }),
  );
  budgets.push(
    budget('menu req/s >= 40% of bare Fastify', overhead.menu.requestsPerSecond / base, { min: 0.4 }),
  );

  // ---- 4. embedded vs server
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: pgUrl });
  const pgAvailable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (pgAvailable) {
    await admin.query('DROP DATABASE IF EXISTS kitchaco_bench_http WITH (FORCE)');
    await admin.query('CREATE DATABASE kitchaco_bench_http');
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = '/kitchaco_bench_http';
    const server = await startApp({ DATABASE_URL: url.toString() });
    try {
      const pgMenu = (await firstVendorMenu(server.base)).replace(server.base, '');
      const liteMenu = menu.replace(lite.base, '');
      const both = await compare(
        { pglite: `${lite.base}${liteMenu}`, postgres: `${server.base}${pgMenu}` },
        { duration, connections, headers },
      );
      results.embeddedVsServer = both;
      budgets.push(
        budget(
          'menu on PGlite >= 40% of PostgreSQL',
          both.pglite.requestsPerSecond / both.postgres.requestsPerSecond,
          {
            min: 0.4,
          },
        ),
      );
    } finally {
      await server.stop();
    }
  } else {
    results.embeddedVsServer = { skipped: `no PostgreSQL at ${pgUrl}` };
  }
} finally {
  await lite.stop();
  await bare.stop();
}

for (const [group, targets] of Object.entries(results)) {
  for (const [name, r] of Object.entries(targets)) {
    if (r.requestsPerSecond === undefined) continue;
    process.stdout.write(
      `${group.padEnd(18)} ${name.padEnd(9)} ${String(Math.round(r.requestsPerSecond)).padStart(7)} req/s  p99 ${r.p99Ms} ms  non-2xx ${r.non2xx}  errors ${r.errors}\n`,
    );
  }
}
for (const b of budgets) process.stdout.write(`${b.pass ? 'PASS' : 'FAIL'} ${b.label}: ${b.value}\n`);
process.stdout.write(
  `-> ${writeResult('http', { duration, connections, acceptEncoding: headers['accept-encoding'] ?? null, results, budgets })}\n`,
);
if (budgets.some((b) => !b.pass)) process.exitCode = 1;
