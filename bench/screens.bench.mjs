// Staff screens (issue 38): for each staff screen and the signed-in customer home, the time from
// navigation start to the main content's first meaningful render (the screen's heading and its first
// row of data in view, no loader left in the main content, a chart excepted), median of RUNS visits,
// on two demo databases:
//   - the normal demo (DEMO=true on PGlite, scale 1, a fresh data directory), and
//   - the large history: the demo generator at BENCH_SCREENS_LARGE (default 100) into the PostgreSQL
//     database bench_screens_<scale> of BENCH_DATABASE_URL's server (default
//     postgres://postgres@127.0.0.1:5432/postgres), seeded by the server's own demo start when empty
//     and reused after (BENCH_SCREENS_RESEED=1 drops it first). Without PostgreSQL it is skipped.
// Budgets: each screen drawn within 1 s of its data (the end of the last API answer before the frame)
// on the normal demo (a quiet machine), within 3 s on the large history; the time from navigation
// start and the data's arrival are recorded beside. Each visit is a fresh page in a signed-in
// browser context (the session in localStorage, the app's files in the HTTP cache after a first
// visit that is not counted), 1400 px wide, on the system Chromium with the journeys' flags.
// `node bench/screens.bench.mjs` (or `npm run bench -- screens`); build first (`npm run build`).
// Env: BENCH_SCREENS_RUNS (default 5), BENCH_SCREENS_LARGE, BENCH_SCREENS_START_TIMEOUT_S (default
// 3600: the large server's first start, which seeds), BENCH_SCREENS_ONLY=<name,name> (a
// subset of the screens, by name as in SCREENS below), BENCH_SCREENS_LARGE=0 (no large history).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { buildIfNeeded, CHROMIUM_FLAGS, chromiumPath, webOut } from '../scripts/lib.mjs';
import {
  apiClient,
  BENCH_LIMITS,
  budget,
  freePort,
  root,
  signInCustomer,
  startProcess,
  writeResult,
} from './lib.mjs';

const RUNS = Number(process.env.BENCH_SCREENS_RUNS ?? 5);
const LARGE = Number(process.env.BENCH_SCREENS_LARGE ?? 100);
const BUDGET_MS = { normal: 1000, large: 3000 };
const PASSWORD = 'demo-password';
/** How long the large history's server may take to start (its first start seeds it). */
const START_TIMEOUT_MS = Number(process.env.BENCH_SCREENS_START_TIMEOUT_S ?? 3600) * 1000;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const executablePath = chromiumPath();
if (!executablePath) throw new Error('No Chromium found: install it (apt) or set CHROMIUM_PATH.');
const built = await buildIfNeeded({ quiet: true });
if (built !== 0) process.exit(built);

/**
 * The screens, each with who sees it, its address and when its main content counts as drawn:
 * `heading` (text of an h1 or h2, a regular expression) and `ready` (a CSS selector of its first
 * data in view). `charts`: loaders of charts may still show (they load after the figures).
 */
const SCREENS = [
  {
    name: 'stock list',
    role: 'stock',
    path: '/stock',
    heading: '^New stock order$',
    ready: 'table[aria-label="Stock items"] tbody tr input',
  },
  {
    name: 'stock order history',
    role: 'stock',
    path: '/stock-orders',
    heading: '^Order history$',
    ready: 'table[aria-label="Stock order history"] tbody tr',
  },
  {
    name: 'super admin dashboard',
    role: 'admin',
    path: '/admin',
    heading: '^Dashboard$',
    ready: 'table[aria-label="Sales by Source"] tbody tr',
    charts: true,
  },
  {
    name: 'orders list',
    role: 'admin',
    path: '/admin-orders',
    heading: '^Customer orders$',
    ready: 'table[aria-label="Customer orders"] tbody tr',
  },
  {
    name: 'invoice',
    role: 'admin',
    path: '/admin-sales-invoice',
    heading: '^Sales Invoice$',
    ready: 'main input',
  },
  { name: 'menus', role: 'admin', path: '/admin-menu', heading: '^Menus$', ready: 'main h3' },
  { name: 'kitchen display', role: 'kitchen', path: '/kitchen', heading: '^Kitchen · ', ready: 'main h2' },
  { name: 'customer home (signed in)', role: 'customer', path: '/', heading: '.', ready: 'main h1' },
].filter(
  (s) => !process.env.BENCH_SCREENS_ONLY || process.env.BENCH_SCREENS_ONLY.split(',').includes(s.name),
);

const STAFF = {
  stock: { page: '/stock', email: 'stock@demo.test' },
  admin: { page: '/admin', email: 'admin@demo.test' },
  kitchen: { page: '/kitchen', email: 'kitchen@demo.test' },
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (ms) => Math.round(ms);

/** A customer's session as the web app keeps it, signed in through the demo's SMS outbox. */
async function customerSession(base) {
  const { token, customerId } = await signInCustomer(apiClient(base), '+61400000000');
  return { 'kitchaco.customer.token': token, 'kitchaco.customer.user_id': String(customerId) };
}

/** A browser context signed in as `role`. */
async function signedIn(browser, base, role) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, baseURL: base });
  await context.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  const page = await context.newPage();
  if (role === 'customer') {
    const session = await customerSession(base);
    await page.goto('/healthz');
    await page.evaluate((entries) => {
      for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
    }, session);
  } else {
    const account = STAFF[role];
    await page.goto(account.page);
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page
      .getByText(/^Welcome |^Kitchen · /)
      .first()
      .waitFor({ timeout: 120_000 });
  }
  await page.close();
  return context;
}

/**
 * One visit: a fresh page, navigation, then the first animation frame in which the screen's heading
 * and first data are in view (and no loader in the main content): ms since navigation start.
 */
async function visit(context, screen) {
  const page = await context.newPage();
  try {
    await page.goto(screen.path, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      ({ heading, ready, charts }) => {
        const shown = (el) => {
          const box = el?.getBoundingClientRect();
          return Boolean(box && box.width > 0 && box.height > 0 && box.top < window.innerHeight);
        };
        const pattern = new RegExp(heading);
        const titled = [...document.querySelectorAll('h1, h2')].some(
          (h) => pattern.test(h.textContent?.trim() ?? '') && shown(h),
        );
        if (!titled || !shown(document.querySelector(ready))) return false;
        const loaders = [
          ...document.querySelectorAll('main .mantine-Loader-root, main .mantine-Skeleton-root'),
        ];
        const waiting = loaders.filter((l) => !(charts && /chart/i.test(l.getAttribute('aria-label') ?? '')));
        if (waiting.length > 0) return false;
        const now = performance.now();
        // When the data arrived: the end of the last API answer before this frame.
        const data = performance
          .getEntriesByType('resource')
          .filter(
            (r) => new URL(r.name).pathname.startsWith('/api/') && r.responseEnd > 0 && r.responseEnd <= now,
          )
          .reduce((end, r) => Math.max(end, r.responseEnd), 0);
        return { renderMs: now, dataMs: data };
      },
      { heading: screen.heading, ready: screen.ready, charts: Boolean(screen.charts) },
      { polling: 'raf', timeout: 120_000 },
    );
    return handle.jsonValue();
  } finally {
    await page.close();
  }
}

/** Every screen on the server at `base`: the median and each visit's figure. */
async function measure(base, label) {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  const out = {};
  try {
    const contexts = {};
    for (const screen of SCREENS) {
      contexts[screen.role] ??= await signedIn(browser, base, screen.role);
      const context = contexts[screen.role];
      await visit(context, screen); // warm: the screen's files in the cache, as a member of staff has them
      const visits = [];
      for (let i = 0; i < RUNS; i++) visits.push(await visit(context, screen));
      const runs = visits.map((v) => round(v.renderMs));
      const data = visits.map((v) => round(v.dataMs));
      const afterData = visits.map((v) => round(v.renderMs - v.dataMs));
      out[screen.name] = {
        path: screen.path,
        medianMs: median(runs),
        dataMedianMs: median(data),
        afterDataMedianMs: median(afterData),
        runsMs: runs,
        dataMs: data,
      };
      process.stdout.write(
        `${label} · ${screen.name}: drawn at ${median(runs)} ms, data at ${median(data)} ms, ${median(afterData)} ms after the data (${runs.join(', ')})\n`,
      );
    }
  } finally {
    await browser.close();
  }
  return out;
}

async function startServer(env, timeoutMs = 300_000) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await startProcess(
    join(root, 'apps/server/dist/main.js'),
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      ...BENCH_LIMITS,
      DEMO: 'true',
      WEB_DIST: webOut,
      OUTBOX_POLL_MS: '600000',
      ...env,
    },
    // Not /healthz: that answers while the demo seed's event-loop lag still sheds API calls.
    `${base}/api/v1/vendors/1/menu/`,
    { timeoutMs },
  );
  return { base, stop: app.stop };
}

/** The large history's database URL (created when missing), or null without PostgreSQL. */
async function largeDatabase() {
  const db = `bench_screens_${String(LARGE).replace('.', '_')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  const up = await admin.connect().then(
    () => true,
    () => false,
  );
  if (!up) return null;
  try {
    if (process.env.BENCH_SCREENS_RESEED === '1')
      await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [db]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${db}`);
  } finally {
    await admin.end();
  }
  const u = new URL(serverUrl);
  u.pathname = `/${db}`;
  return u.toString();
}

async function dropDatabase(db) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

const results = {};
const budgets = [];
const record = (key, label, screens, limit) => {
  results[key] = { label, budgetMs: limit, screens };
  for (const [name, r] of Object.entries(screens)) {
    budgets.push(
      budget(`${label}: ${name} drawn within ${limit} ms of its data (median)`, r.afterDataMedianMs, {
        max: limit,
      }),
    );
  }
};

const dataDir = mkdtempSync(join(tmpdir(), 'kitchaco-screens-'));
try {
  const normal = await startServer({ DATA_DIR: dataDir, DEMO_SCALE: '1' });
  try {
    record('normal', 'normal demo', await measure(normal.base, 'normal demo'), BUDGET_MS.normal);
  } finally {
    await normal.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const url = LARGE > 0 ? await largeDatabase() : null;
if (url) {
  const db = new URL(url).pathname.slice(1);
  process.stdout.write(`large history: DEMO_SCALE=${LARGE} on ${db} (seeded on its first start)\n`);
  const started = Date.now();
  const largeDir = mkdtempSync(join(tmpdir(), 'kitchaco-screens-large-'));
  let large;
  try {
    large = await startServer(
      // Its own data directory for the seed's pictures (never the working directory's ./data).
      { DATABASE_URL: url, DEMO_SCALE: String(LARGE), DATA_DIR: largeDir },
      START_TIMEOUT_MS,
    );
  } catch (error) {
    // A seed cut short leaves a database the next start would take as seeded: it goes.
    await dropDatabase(db);
    const said = String(error?.message).trim().split('\n');
    results.large = { skipped: `the server did not start: ${said.slice(-6).join(' / ')}` };
  }
  if (large) {
    const startSeconds = Math.round((Date.now() - started) / 1000);
    try {
      record('large', `${LARGE}x history`, await measure(large.base, `${LARGE}x`), BUDGET_MS.large);
      results.large.serverStartSeconds = startSeconds;
    } finally {
      await large.stop();
    }
  }
  rmSync(largeDir, { recursive: true, force: true });
} else {
  results.large = { skipped: LARGE > 0 ? `no PostgreSQL answered at ${serverUrl}` : 'BENCH_SCREENS_LARGE=0' };
}

const file = writeResult('screens', {
  settings: { runs: RUNS, large: LARGE, viewport: '1400x900', chromiumFlags: CHROMIUM_FLAGS },
  results,
  budgets,
});
process.stdout.write(`\n${file}\n`);
for (const b of budgets) process.stdout.write(`${b.pass ? 'pass' : 'FAIL'}  ${b.label}: ${b.value}\n`);
