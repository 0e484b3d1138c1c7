// Shared helpers of the benchmarks: start a server as a child process, wait for it, load it with
// autocannon, write results. Every budget is a ratio measured side by side in one run.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { codeState } from './provenance.mjs';

export { freePort } from '../scripts/lib.mjs';

export const root = new URL('../', import.meta.url).pathname;
export const resultsDir = join(root, 'bench/results');

/** The machine's load when this bench started, before its own work (1, 5 and 15 minutes). */
const loadAtStart = loadavg().map((n) => Math.round(n * 100) / 100);

/**
 * Starts `node file` with env; resolves once `url` answers 200. `BENCH_NODE_ARGS` adds node flags
 * to every started process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where the time goes.
 */
export async function startProcess(file, env, url, { timeoutMs = 300_000 } = {}) {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, file], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${file} exited early:\n${output}`);
    try {
      const res = await fetch(url);
      if (res.ok) return { child, stop: () => stopProcess(child), output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${file} did not answer ${url} within ${timeoutMs} ms:\n${output}`);
}

function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

/** One autocannon run; returns requests/s (mean), latency p50/p97.5/p99 and errors. */
export async function load(url, { connections = 20, duration = 8, method = 'GET', headers, body } = {}) {
  const result = await autocannon({ url, connections, duration, method, headers, body });
  return {
    url,
    connections,
    duration,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Alternates runs of several targets `rounds` times and keeps each target's median, so drift hits all. */
export async function compare(targets, options = {}) {
  const rounds = options.rounds ?? 3;
  const runs = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
  // Warm-up: JIT, caches, connection pools.
  for (const url of Object.values(targets)) await load(url, { ...options, duration: 2 });
  for (let i = 0; i < rounds; i++) {
    for (const [name, url] of Object.entries(targets)) runs[name].push(await load(url, options));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return Object.fromEntries(
    Object.entries(runs).map(([name, rs]) => [
      name,
      {
        requestsPerSecond: median(rs.map((r) => r.requestsPerSecond)),
        p99Ms: median(rs.map((r) => r.latencyMs.p99)),
        non2xx: rs.reduce((s, r) => s + r.non2xx, 0),
        errors: rs.reduce((s, r) => s + r.errors, 0),
        runs: rs,
      },
    ]),
  );
}

export function writeResult(name, data) {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  const measured = {
    ...codeState(root),
    loadAverageAtStart: loadAtStart,
    cores: availableParallelism(),
  };
  writeFileSync(
    file,
    `${JSON.stringify({ name, at: new Date().toISOString(), node: process.version, measured, ...data }, null, 2)}\n`,
  );
  return file;
}

/** A budget line: `ratio` must be >= `min` (or <= `max`). */
export function budget(label, value, { min, max }) {
  const pass = (min === undefined || value >= min) && (max === undefined || value <= max);
  return { label, value: Math.round(value * 1000) / 1000, min, max, pass };
}

/**
 * Drops and creates each of `names` on the PostgreSQL server of `serverUrl` (never a database in
 * use by anything else). Resolves with { name: url }, or null when no server answers.
 */
export async function freshDatabases(serverUrl, names) {
  const admin = new pg.Client({ connectionString: serverUrl });
  const available = await admin.connect().then(
    () => true,
    () => false,
  );
  if (!available) return null;
  try {
    for (const db of names) {
      await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${db}`);
    }
  } finally {
    await admin.end();
  }
  return Object.fromEntries(
    names.map((db) => {
      const u = new URL(serverUrl);
      u.pathname = `/${db}`;
      return [db, u.toString()];
    }),
  );
}

/**
 * A small JSON client of one server, speaking the wire calls of docs/api.md. Each call resolves
 * with { status, body, ms }; a connection error or a timeout is status 0 with `error`, never a
 * throw. `observe(request, answer)` sees every call (request: method, path, query_type).
 */
export function apiClient(base, { timeoutMs = 15_000, observe, shedRetries = 0, onShed } = {}) {
  async function call(method, path, body, headers = {}, attempt = 0) {
    const started = performance.now();
    let answer;
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        // As the project's web app: failures carry their HTTP status (docs/api.md, "Compatibility").
        headers: {
          prefer: 'status-codes',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      let parsed = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      answer = { status: res.status, body: parsed, ms: performance.now() - started };
      // A shed request was refused before any work was done: a client honouring Retry-After sends
      // it again, whatever it was. Each shed answer is reported, and the last one is kept.
      if (res.status === 503 && parsed?.code === 'overloaded' && attempt < shedRetries) {
        onShed?.({ method, path, queryType: body?.query_type }, answer);
        const seconds = Number(res.headers.get('retry-after')) || 1;
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        return call(method, path, body, headers, attempt + 1);
      }
    } catch (error) {
      const reason = error?.cause?.code ?? error?.name ?? String(error);
      answer = { status: 0, body: null, error: reason, ms: performance.now() - started };
    }
    observe?.({ method, path, queryType: body?.query_type }, answer);
    return answer;
  }
  return {
    base,
    get: (path, headers) => call('GET', path, undefined, headers),
    post: (path, body, headers) => call('POST', path, body, headers),
  };
}

/**
 * Settings for a server under a benchmark's load: one load generator is one client address and one
 * customer, which the abuse limits (connections per address, checkouts per customer) would refuse.
 * The limits have their own tests; benchmarks measure the paths behind them.
 */
export const BENCH_LIMITS = {
  MAX_CONNECTIONS_PER_ADDRESS: '0',
  CHECKOUT_ATTEMPTS_PER_CUSTOMER: '100000000',
  CHECKOUT_DECLINES_PER_CUSTOMER: '100000000',
  CHECKOUT_DECLINES_PER_ADDRESS: '100000000',
  // Benches sign many customers in from one address, with numbers of one range, all day.
  SMS_SENDS_PER_ADDRESS: '100000000',
  SMS_SENDS_PER_PREFIX_PER_HOUR: '100000000',
  SMS_DAILY_BUDGET: '100000000',
};

export const DEMO_PASSWORD = 'demo-password';
/**
 * What a browser sends for the card: a one-time token from Square's Web Payments SDK, never the
 * card. The local test provider answers Square's documented sandbox tokens as the sandbox does
 * (https://developer.squareup.com/docs/devtools/sandbox/payments): this one is approved, the next
 * one is declined.
 */
export const TEST_CARD = { source_id: 'cnon:card-nonce-ok' };
export const DECLINED_CARD = { source_id: 'cnon:card-nonce-declined' };
const SIGN_IN_CODE = /sign-in code is (\d{4})\b/;

/** An Error naming a call that did not answer as it should, carrying its `answer`. */
const refused = (what, answer) =>
  Object.assign(new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body ?? answer.error)}`), {
    answer,
  });

/**
 * Signs a customer in as a person does: asks for a code, reads it in the demo outbox (newest
 * first), sends it back. Resolves with { token, customerId }; throws `refused` otherwise.
 * `headers` go with both calls (an X-Forwarded-For, say).
 */
export async function signInCustomer(api, phone, headers = {}) {
  const sent = await api.post('/api/v1/send-sms/', { phone }, headers);
  if (sent.status !== 200) throw refused(`send-sms ${phone}`, sent);
  const outbox = await api.get('/api/dev/outbox?limit=200');
  const sms = outbox.body?.messages?.find(
    (m) => m.channel === 'sms' && m.to === phone && SIGN_IN_CODE.test(m.body),
  );
  if (!sms) throw refused(`no sign-in code for ${phone} in the demo outbox`, outbox);
  const code = SIGN_IN_CODE.exec(sms.body)[1];
  const login = await api.post('/api/v1/login-phone/', { phone, code }, headers);
  if (!login.body?.token) throw refused(`login-phone ${phone}`, login);
  return { token: login.body.token, customerId: login.body.user_id };
}

/** The sign-in call of each kind of staff account (docs/api.md, Sign-in). */
export const STAFF_LOGIN = {
  admin: ['/api/v1/admin-data/', 'admin_login'],
  stock: ['/api/v1/stock-login/', 'login'],
  stockAdmin: ['/api/v1/stock-admin-user/', 'login'],
};

/** Signs a demo staff account in; resolves with its token. */
export async function signInStaff(api, email, [path, queryType] = STAFF_LOGIN.admin) {
  const res = await api.post(path, { query_type: queryType, email, password: DEMO_PASSWORD });
  if (!res.body?.token) throw refused(`${email} sign-in`, res);
  return res.body.token;
}

/** A checkout line of `meal` (a menu entry): its first option when it has options. */
export function orderLine(meal, { quantity = 1, comboIds = [] } = {}) {
  return {
    meal_id: meal.id,
    quantity,
    combo_ids: comboIds,
    ...(meal.meal_subitem.length ? { subitem_id: meal.meal_subitem[0].id } : {}),
  };
}

/** A place_order body for one stock list item, ordered above every demo location's minimum. */
export function stockOrderBody(kitchaco, item) {
  return {
    query_type: 'place_order',
    orderData: { kitchaco, stockData: [{ id: item.id, qty: Math.ceil(400 / Math.max(item.price, 1)) }] },
  };
}

/** The fake of Square's API in a process of its own (built: apps/server/dist/fakes). */
export async function startFakeSquare(latencyMs) {
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
 * The settings of a demo server under the writes bench's load on PostgreSQL `databaseUrl`: cards
 * go to the fake Square `square` (startFakeSquare), every request is let in (no shedding).
 */
export function writesServerEnv({ port, databaseUrl, square }) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    ...BENCH_LIMITS,
    DATABASE_URL: databaseUrl,
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
  };
}

/**
 * What the writes bench's customers send: `count` customers signed in (phones +614000NNNNN from
 * `firstPhone`), and the checkout body of one meal without options at location 1, paid by card.
 */
export async function checkoutCustomers(api, count, { firstPhone = 0 } = {}) {
  const customers = [];
  for (let i = firstPhone; i < firstPhone + count; i++) {
    customers.push(await signInCustomer(api, `+614000${String(i).padStart(5, '0')}`));
  }
  const vendors = (await api.get('/api/v1/vendors/?kitchaco=1')).body;
  const menu = (await api.get(`/api/v1/vendors/${vendors[0].id}/menu/`)).body;
  const meal = menu.meals.find((m) => m.meal_subitem.length === 0) ?? menu.meals[0];
  const orderBody = {
    checkout: { kitchaco: 1, order_type: 'pickup', lines: [orderLine(meal)] },
    payment: TEST_CARD,
  };
  return { customers, orderBody };
}

/** One checkout of `customer` with a fresh Idempotency-Key (apiClient answer). */
export function checkout(api, customer, orderBody) {
  return api.post('/api/v1/orders/', orderBody, {
    authorization: `Token ${customer.token}`,
    'idempotency-key': randomUUID(),
  });
}

/**
 * One autocannon run where every request gets a fresh Idempotency-Key and, when `tokens` are given,
 * the next customer's token in turn (a customer has one checkout in flight, not fifty).
 */
export function keyedLoad({ tokens, ...opts }) {
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
