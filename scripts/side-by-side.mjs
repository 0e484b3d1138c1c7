// `node scripts/side-by-side.mjs` (CI runs it after the soak): the previous release and this one
// served side by side on one PostgreSQL database, as during a rolling deploy (docs/operations.md,
// "Upgrade and roll back"). The previous release is built from git in a folder of its own; this
// release starts first on a fresh database (it migrates and seeds the demo), then the previous one
// on the same database with INSTANCE_MODE=web (workers are upgraded first). Each serves the other
// release's built web app (WEB_DIST). Checks, each one test in CI's `N passed, N failed`:
//   - orders taken by either reach the other's kitchen display (the kitchen event stream), its
//     pickup board, and the customer's live order status; kitchen bumps and status changes made
//     on one reach the other;
//   - in Chromium, on each server with the other release's web app: a customer checks out, the
//     kitchen display signs in and shows orders taken by either server live, and a status change
//     made on the other server reaches the customer's order page live, with no console error;
//   - neither server logged an error.
// Results: test-results/side-by-side.json (shaped as soak.json: `checks`), exit code 1 on any
// failed check. Both servers are stopped on any exit, and the database is dropped.
//
// The previous release is the newest `v*` tag that is an ancestor of HEAD and not HEAD's own
// version; without tags (a clone that did not fetch them), the last commit before HEAD's version
// was set in the root package.json. A shallow clone is deepened once (`git fetch --unshallow --tags`).
//
// Env: SIDE_BY_SIDE_DATABASE_SERVER (postgres://postgres@127.0.0.1:5432/postgres),
// SIDE_BY_SIDE_DATABASE (kitchaco_side_by_side: dropped and created, never `test`),
// SIDE_BY_SIDE_WAIT_MS (5000: how long an event may take to reach the other server's stream; the
// browser gets twice that to show it), SIDE_BY_SIDE_PREVIOUS_DIR (a folder to build the previous
// release in and keep: a later run reuses it when it holds the same commit; default a temporary
// folder, removed at the end).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  apiClient,
  BENCH_LIMITS,
  DEMO_PASSWORD,
  freshDatabases,
  orderLine,
  signInCustomer,
  signInStaff,
  TEST_CARD,
} from '../bench/lib.mjs';
import { buildIfNeeded, CHROMIUM_FLAGS, chromiumPath, freePort, root, webOut } from './lib.mjs';
import { buildRelease, findPreviousRelease, migrationsOf, temporaryReleaseDir } from './previous-release.mjs';

const serverUrl = process.env.SIDE_BY_SIDE_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.SIDE_BY_SIDE_DATABASE ?? 'kitchaco_side_by_side';
if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE) || DATABASE === 'test')
  throw new Error(
    `SIDE_BY_SIDE_DATABASE ${DATABASE}: the script drops it, so it must be its own (never test)`,
  );
const WAIT_MS = Number(process.env.SIDE_BY_SIDE_WAIT_MS ?? 5000);
const BROWSER_WAIT_MS = 2 * WAIT_MS;
/** How long a browser step (a page, a sign-in, a payment) may take on a busy 2-core machine. */
const STEP_MS = 30_000;
const keptDir = process.env.SIDE_BY_SIDE_PREVIOUS_DIR;
const resultFile = join(root, 'test-results/side-by-side.json');
/** The demo customer has a full profile, so a browser sign-in goes straight on (no profile form). */
const DEMO_PHONE = '+61400000000';
/** Orders each server takes through the API (the issue's report: 8 orders, none reached the other). */
const ORDERS_PER_SERVER = 4;
const KITCHEN = { email: 'kitchen@demo.test', location: 'Reservoir', kitchaco: 1 };

const say = (line) => process.stdout.write(`${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (since) => Math.round((Date.now() - since) / 100) / 10;
const auth = (token) => ({ authorization: `Token ${token}` });
const short = (value) => (typeof value === 'string' ? value : JSON.stringify(value ?? null)).slice(0, 300);

const results = { at: new Date().toISOString(), timings: {}, checks: [] };
/** One test of CI's count: `problems` are what went wrong (empty: passed). */
function check(name, problems) {
  results.checks.push({
    name,
    pass: problems.length === 0,
    problems: problems.length,
    examples: problems.slice(0, 10),
  });
}
/** Runs `fn` (which returns its problems) as one check; a throw is its one problem. */
async function checked(name, fn) {
  try {
    check(name, (await fn()) ?? []);
  } catch (error) {
    check(name, [String(error?.message ?? error)]);
  }
}

// ---- the two servers

/** Every process started (builds, servers), ended on any exit. */
const children = new Set();
const track = (child) => children.add(child);

function startServer(release, env) {
  const child = spawn(process.execPath, [join(release.dir, 'apps/server/dist/main.js')], {
    cwd: release.dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const server = {
    ...release,
    child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
  return server;
}

/** Resolves once `/readyz` answers 200 (the load balancer's signal); throws with the output if the process ends. */
async function ready(server, timeoutMs = 300_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.child.exitCode !== null) {
      throw Object.assign(
        new Error(`${server.label} exited (${server.child.exitCode}) before it was ready`),
        {
          output: server.output(),
        },
      );
    }
    try {
      const res = await fetch(`${server.base}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return await res.json();
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw Object.assign(new Error(`${server.label} was not ready within ${timeoutMs / 1000} s`), {
    output: server.output(),
  });
}

/**
 * Whether a release's schema guard reads the record of the oldest schema each release still reads
 * (added in 0.10.0): without it, the release refuses any schema with a migration it does not know.
 */
function recordsReaders(releaseDir) {
  const guard = join(releaseDir, 'apps/server/src/db/schema-version.ts');
  return existsSync(guard) && readFileSync(guard, 'utf8').includes('kitchaco_schema_readers');
}

/** The message of a refused start (`Failed to start: …`) in a server's JSON or plain output. */
function refusal(output) {
  for (const line of output.split('\n').reverse()) {
    const text = (() => {
      try {
        return JSON.parse(line).msg;
      } catch {
        return line;
      }
    })();
    if (typeof text === 'string' && text.includes('Failed to start')) return text;
  }
  return output.slice(-1500);
}

// ---- event streams, read as the web app reads them (fetch, the token in a header)

/**
 * Follows a `text/event-stream`: keeps every event `{ event, data, at }`; `next(match, ms)`
 * resolves with the first kept or arriving event that matches, or null after `ms`.
 */
async function follow(server, path, token) {
  const abort = new AbortController();
  const res = await fetch(`${server.base}${path}`, {
    headers: { ...auth(token), accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (res.status !== 200)
    throw new Error(`GET ${path} on ${server.label}: ${res.status} ${short(await res.text())}`);
  const stream = { events: [], waiters: new Set(), close: () => abort.abort() };
  stream.next = (match, ms) =>
    new Promise((resolve) => {
      const found = stream.events.find(match);
      if (found) return resolve(found);
      const waiter = { match };
      const timer = setTimeout(() => {
        stream.waiters.delete(waiter);
        resolve(null);
      }, ms);
      waiter.resolve = (event) => {
        clearTimeout(timer);
        stream.waiters.delete(waiter);
        resolve(event);
      };
      stream.waiters.add(waiter);
    });
  void (async () => {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let name = 'message';
          let data = '';
          for (const line of chunk.split('\n')) {
            if (line.startsWith('event:')) name = line.slice(6).trim();
            else if (line.startsWith('data:')) data += line.slice(5).trimStart();
          }
          if (!data) continue;
          const event = { event: name, data: JSON.parse(data), at: Date.now() };
          stream.events.push(event);
          for (const waiter of [...stream.waiters]) if (waiter.match(event)) waiter.resolve(event);
        }
      }
    } catch (error) {
      if (error?.name !== 'AbortError') stream.error = String(error);
    }
  })();
  return stream;
}

/** A kitchen display's stream, once its `hello` is in (the server then hears every ticket change). */
async function kitchenStream(server, token) {
  const stream = await follow(server, `/api/v1/kitchen/events/?kitchaco=${KITCHEN.kitchaco}`, token);
  if (!(await stream.next((e) => e.event === 'hello', 10_000)))
    throw new Error(`no hello on ${server.label}'s kitchen stream`);
  return stream;
}

// ---- calls

/** A card-paid pickup order of `line` at the kitchen's location, as checkout sends it. */
async function placeOrder(server, customer, line) {
  const body = {
    checkout: { kitchaco: KITCHEN.kitchaco, order_type: 'pickup', lines: [line] },
    payment: TEST_CARD,
  };
  const sent = Date.now();
  const answer = await server.api.post('/api/v1/orders/', body, {
    ...auth(customer.token),
    'idempotency-key': randomUUID(),
  });
  if (answer.status !== 200 || !answer.body?.order?.id) {
    throw new Error(
      `POST /api/v1/orders/ on ${server.label} answered ${answer.status} ${short(answer.body ?? answer.error)} to ${short(body)}`,
    );
  }
  // `sent`: when the customer paid; `at`: when the answer came (the ticket is written before the
  // card payment completes, so it may reach a kitchen display before the answer reaches the customer).
  return { id: answer.body.order.id, on: server, customer, sent, at: Date.now() };
}

async function adminCall(server, token, body) {
  const answer = await server.api.post('/api/v1/admin-data/', body, auth(token));
  if (answer.status !== 200) {
    throw new Error(
      `${body.query_type} on ${server.label} answered ${answer.status} ${short(answer.body ?? answer.error)}`,
    );
  }
  return answer.body;
}

/** A meal of the kitchen's location to order in the API checks and the browser. */
async function pickMeal(server) {
  const vendors = (await server.api.get(`/api/v1/vendors/?kitchaco=${KITCHEN.kitchaco}`)).body;
  // The first brand, as the browser journeys order (the demo's dinner-only brand is never first).
  for (const vendor of vendors ?? []) {
    const meals = (await server.api.get(`/api/v1/vendors/${vendor.id}/menu/`)).body?.meals ?? [];
    const meal = meals.find((m) => m.meal_subitem.length === 0) ?? meals[0];
    if (meal) return { vendor, meal };
  }
  throw new Error(`no meal on sale at location ${KITCHEN.kitchaco} on ${server.label}`);
}

// ---- the checks through the API

async function apiChecks(servers, sessions, pick) {
  const [a, b] = servers;
  const streams = new Map();
  for (const s of servers) streams.set(s, await kitchenStream(s, sessions.get(s).kitchen));

  // Orders: each server takes ORDERS_PER_SERVER, from customers signed in on it, alternating.
  const orders = [];
  const refused = [];
  const line = orderLine(pick.meal);
  for (let i = 0; i < ORDERS_PER_SERVER; i++) {
    for (const s of servers) {
      try {
        orders.push(await placeOrder(s, sessions.get(s).customers[i % 2], line));
      } catch (error) {
        refused.push(error.message);
      }
    }
  }
  check(`both releases take customer orders through the API (${ORDERS_PER_SERVER} each)`, refused);

  // Each order's ticket on the other server's kitchen stream (and on its own, which tells a lost
  // notification from an order that made no ticket at all).
  for (const [from, to] of [
    [a, b],
    [b, a],
  ]) {
    const taken = orders.filter((o) => o.on === from);
    const problems = [];
    let slowest = 0;
    for (const order of taken) {
      const ticket = await streams
        .get(to)
        .next(
          (e) => e.event === 'ticket' && e.data.order_id === order.id,
          Math.max(0, order.at + WAIT_MS - Date.now()),
        );
      if (ticket) slowest = Math.max(slowest, ticket.at - order.sent);
      else {
        const own = streams
          .get(from)
          .events.some((e) => e.event === 'ticket' && e.data.order_id === order.id);
        problems.push(
          `order #${order.id} taken by ${from.label}: no ticket on ${to.label}'s kitchen stream within ${WAIT_MS} ms (${own ? 'its own kitchen stream had it' : 'nor on its own kitchen stream'})`,
        );
      }
    }
    if (taken.length === 0) problems.push(`${from.label} took no order to check`);
    say(
      `  ${taken.length - problems.length} of ${taken.length} orders taken by ${from.label} reached ${to.label}'s kitchen display (at the latest ${slowest} ms after the order was sent)`,
    );
    check(`orders taken by ${from.label} reach ${to.label}'s kitchen display within ${WAIT_MS} ms`, problems);
  }

  // The pickup board of either lists every order as preparing (paid today, ticket not done).
  await checked('the pickup board on either release lists the orders taken by both', async () => {
    const link = await adminCall(a, sessions.get(a).operator, { query_type: 'pickup_board_link' });
    const token = new URL(link.path, a.base).searchParams.get('display');
    const problems = [];
    for (const s of servers) {
      const board = await s.api.get(`/api/v1/pickup-board/?display=${encodeURIComponent(token)}`);
      if (board.status !== 200) {
        problems.push(`GET /api/v1/pickup-board/ on ${s.label}: ${board.status} ${short(board.body)}`);
        continue;
      }
      const shown = new Set(
        [...(board.body.preparing ?? []), ...(board.body.ready ?? [])].map((o) => Number(o.order_number)),
      );
      for (const order of orders)
        if (!shown.has(order.id))
          problems.push(
            `order #${order.id} (taken by ${order.on.label}) missing from ${s.label}'s pickup board`,
          );
    }
    return problems;
  });

  // A kitchen bump on one reaches the other's kitchen display; a status change on one reaches the
  // customer's live order status on the other.
  for (const [from, to] of [
    [a, b],
    [b, a],
  ]) {
    const order = orders.find((o) => o.on === to);
    await checked(`a kitchen bump on ${from.label} reaches ${to.label}'s kitchen display`, async () => {
      if (!order) return [`no order taken by ${to.label} to bump`];
      const ticket = streams.get(to).events.find((e) => e.event === 'ticket' && e.data.order_id === order.id);
      if (!ticket) return [`order #${order.id}'s ticket never reached ${to.label}'s kitchen stream`];
      const at = Date.now();
      await adminCall(from, sessions.get(from).kitchen, {
        query_type: 'bump_kitchen_ticket',
        ticket_id: ticket.data.id,
        status: 'started',
      });
      const heard = await streams
        .get(to)
        .next(
          (e) => e.event === 'ticket' && e.data.id === ticket.data.id && e.data.status === 'started',
          WAIT_MS,
        );
      return heard
        ? []
        : [
            `ticket ${ticket.data.id} started on ${from.label}: not on ${to.label}'s kitchen stream within ${WAIT_MS} ms (${Date.now() - at} ms waited)`,
          ];
    });
    await checked(
      `a status change on ${from.label} reaches the customer's live order status on ${to.label}`,
      async () => {
        if (!order) return [`no order taken by ${to.label} to change`];
        const stream = await follow(to, '/api/v1/orders/events/', order.customer.token);
        try {
          // The stream answers before it has subscribed: give it a moment, as a page has.
          await sleep(1000);
          await adminCall(from, sessions.get(from).admin, {
            query_type: 'update_order_status',
            order_id: order.id,
            status: 'Ready for pickup',
          });
          const heard = await stream.next(
            (e) =>
              e.event === 'status' && e.data.order_id === order.id && e.data.status === 'Ready for pickup',
            WAIT_MS,
          );
          return heard
            ? []
            : [
                `order #${order.id} made Ready for pickup on ${from.label}: no status event on ${to.label}'s order stream within ${WAIT_MS} ms`,
              ];
        } finally {
          stream.close();
        }
      },
    );
  }
  for (const stream of streams.values()) stream.close();
}

// ---- the checks in a browser: each server with the other release's web app

const audFormat = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

async function poll(what, fn, ms = STEP_MS) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(200);
  }
}

/** The demo outbox's newest SMS to `phone` (its id), and its code once a newer one arrives. */
async function newestSmsId(server, phone) {
  const { messages = [] } = (await server.api.get('/api/dev/outbox?limit=200')).body ?? {};
  return messages.find((m) => m.channel === 'sms' && m.to === phone)?.id ?? 0;
}
function smsCode(server, phone, afterId) {
  return poll(`an SMS code for ${phone} in ${server.label}'s demo outbox`, async () => {
    const { messages = [] } = (await server.api.get('/api/dev/outbox?limit=200')).body ?? {};
    const sms = messages.find((m) => m.channel === 'sms' && m.to === phone && m.id > afterId);
    return /\b(\d{4})\b/.exec(sms?.body ?? '')?.[1];
  });
}

async function browserChecks(browser, server, other, sessions, pick) {
  const label = `${server.label}'s server with ${other.label}'s web app`;
  const consoleProblems = [];
  const newPage = async () => {
    const context = await browser.newContext({
      baseURL: server.base,
      viewport: { width: 1400, height: 900 },
    });
    // There is no internet here: map tiles fail at once instead of waiting for a timeout.
    await context.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_MS);
    page.on('console', (m) => {
      // The browser's own "Failed to load resource" lines are expected (the map tiles above).
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
        consoleProblems.push(`console.error: ${m.text().slice(0, 300)}`);
    });
    page.on('pageerror', (error) => consoleProblems.push(`uncaught: ${error.message.slice(0, 300)}`));
    // Every failed API call, named, for the report (which request, what it answered).
    page.on('response', async (r) => {
      const url = new URL(r.url());
      if (!url.pathname.startsWith('/api/') || r.status() < 400) return;
      const sent = r.request().postData();
      const answer = await r.text().catch(() => '');
      page.failedCalls = [
        ...(page.failedCalls ?? []),
        `${r.request().method()} ${url.pathname} ${r.status()} ${answer.slice(0, 200)}${sent ? ` (sent ${sent.slice(0, 200)})` : ''}`,
      ];
    });
    return page;
  };
  const withCalls = (page, error) => [
    String(error?.message ?? error).split('\n')[0],
    ...(page.failedCalls ?? []),
  ];

  // Served: the other release's index.html, as its build wrote it.
  await checked(`${label}: the server serves that web app`, async () => {
    const served = await (await fetch(`${server.base}/`)).text();
    const built = readFileSync(join(other.webDist, 'index.html'), 'utf8');
    const script = (html) => /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
    return script(served) && script(served) === script(built)
      ? []
      : [`GET / served ${short(script(served))}, ${other.label}'s build has ${short(script(built))}`];
  });

  // The kitchen tablet, open before the orders exist.
  const kitchen = await newPage();
  let kitchenOk = false;
  await checked(`${label}: the kitchen display signs in and loads`, async () => {
    try {
      await kitchen.goto('/kitchen');
      await kitchen.getByRole('heading', { name: 'Kitchen display', level: 1 }).waitFor();
      await kitchen.getByRole('textbox', { name: 'Email' }).fill(KITCHEN.email);
      await kitchen.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
      const tickets = kitchen.waitForResponse(
        (r) =>
          new URL(r.url()).pathname === '/api/v1/admin-data/' &&
          r.request().postDataJSON()?.query_type === 'kitchen_tickets',
      );
      await kitchen.getByRole('button', { name: 'Login' }).click();
      const answer = await tickets;
      if (!answer.ok()) return [`kitchen_tickets answered ${answer.status()} ${short(await answer.text())}`];
      await kitchen.getByRole('heading', { level: 1, name: `Kitchen · ${KITCHEN.location}` }).waitFor();
      await kitchen.getByText('Live', { exact: true }).waitFor();
      kitchenOk = true;
      return [];
    } catch (error) {
      return withCalls(kitchen, error);
    }
  });

  // A customer checks out: one dish, signs in by SMS code at checkout, pays with the test card.
  const customer = await newPage();
  let placed = null;
  await checked(`${label}: a customer checks out`, async () => {
    try {
      const { vendor, meal } = pick;
      await customer.goto(`/vendor:${vendor.id}`);
      await customer.getByRole('heading', { level: 1, name: vendor.title }).waitFor();
      await customer
        .getByRole('button', { name: `${meal.meal_name}, ${audFormat.format(meal.meal_price)}` })
        .click();
      const dialog = customer.getByRole('dialog', { name: meal.meal_name });
      await dialog.waitFor();
      if (meal.meal_subitem[0]) await dialog.getByRole('radio', { name: meal.meal_subitem[0].name }).check();
      await dialog.getByRole('button', { name: 'Add to cart' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await customer.getByRole('link', { name: 'Cart, 1 item' }).click();
      await customer.getByRole('link', { name: 'Checkout', exact: true }).click();
      const signIn = customer.getByRole('dialog', { name: 'Sign in' });
      await signIn.waitFor();
      const before = await newestSmsId(server, DEMO_PHONE);
      await signIn.getByRole('textbox', { name: 'Mobile number' }).fill(`0${DEMO_PHONE.slice(3)}`);
      await signIn.getByRole('button', { name: 'Send code' }).click();
      const code = await smsCode(server, DEMO_PHONE, before);
      const digit = customer.getByRole('textbox', { name: 'Digit 1 of 4' });
      await poll('the code entry has focus', () =>
        digit.evaluate((el) => el === document.activeElement).catch(() => false),
      );
      const reloaded = customer.waitForEvent('load');
      await customer.keyboard.type(code);
      await reloaded;
      await customer.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      const pay = customer.getByRole('button', { name: /^Pay \$/ });
      await poll('the Pay button is enabled', () => pay.isEnabled().catch(() => false));
      const form = customer.getByRole('group', { name: 'Pay by card' });
      await form.getByRole('textbox', { name: 'Card number' }).fill('4111 1111 1111 1111');
      await form.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
      await form.getByRole('textbox', { name: 'Security code (CVV)' }).fill('111');
      await form.getByRole('textbox', { name: 'Postcode' }).fill('3000');
      await pay.click();
      const confirmation = customer.getByRole('heading', {
        level: 1,
        name: /^Thank you! Order #\d+ is placed$/,
      });
      await confirmation.waitFor();
      placed = { id: Number(/#(\d+)/.exec(await confirmation.textContent())[1]), at: Date.now() };
      say(`  ${label}: order #${placed.id} paid in the browser`);
      return [];
    } catch (error) {
      return withCalls(customer, error);
    }
  });

  // The kitchen screen shows that order, and one taken through the API by the other server, live.
  await checked(`${label}: the kitchen display shows orders taken by either server, live`, async () => {
    if (!kitchenOk) return ['not run: the kitchen display did not load'];
    const problems = [];
    const fromOther = await placeOrder(other, sessions.get(other).customers[0], orderLine(pick.meal)).catch(
      (e) => e,
    );
    if (fromOther instanceof Error) problems.push(fromOther.message);
    for (const [order, where] of [
      [placed, server.label],
      [fromOther instanceof Error ? null : fromOther, other.label],
    ]) {
      if (!order) continue;
      const shown = await kitchen
        .getByRole('article', { name: `#${order.id}` })
        .first()
        .waitFor({ timeout: BROWSER_WAIT_MS })
        .then(
          () => true,
          () => false,
        );
      if (!shown)
        problems.push(
          `order #${order.id} taken by ${where}: not on the kitchen screen within ${BROWSER_WAIT_MS} ms`,
        );
    }
    // An order the browser did not place fails its own check, not this one.
    return problems;
  });

  // The customer follows the order; the super admin on the other server moves it to Cooking.
  await checked(
    `${label}: a status change made on ${other.label} reaches the customer's order page live`,
    async () => {
      if (!placed) return ['not run: the checkout placed no order'];
      try {
        await customer.getByRole('link', { name: 'View your orders' }).click();
        const card = customer.getByRole('article', { name: `Order #${placed.id}` });
        await card.getByText('Received', { exact: true }).waitFor();
        await customer.getByText('Status updates live').waitFor();
        let loads = 0;
        customer.on('load', () => loads++);
        // The page's stream answers before it has subscribed: give it a moment.
        await sleep(1000);
        await adminCall(other, sessions.get(other).admin, {
          query_type: 'update_order_status',
          order_id: placed.id,
          status: 'Cooking',
        });
        const shown = await card
          .getByText('Cooking', { exact: true })
          .waitFor({ timeout: BROWSER_WAIT_MS })
          .then(
            () => true,
            () => false,
          );
        const problems = [];
        if (!shown)
          problems.push(
            `order #${placed.id} made Cooking on ${other.label}: the page did not show it within ${BROWSER_WAIT_MS} ms`,
          );
        if (loads) problems.push(`the page reloaded ${loads} time(s) instead of following the stream`);
        return problems;
      } catch (error) {
        return withCalls(customer, error);
      }
    },
  );

  check(`${label}: no console error or uncaught exception in the browser`, consoleProblems);
  await kitchen.context().close();
  await customer.context().close();
}

// ---- the run

let databaseUrl = null;
let buildDir = null;
const servers = [];
let browser = null;
let cleaned = false;

async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  await browser?.close().catch(() => {});
  await Promise.all(servers.map((s) => s.stop()));
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin
      .connect()
      .then(() => admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`))
      .catch((error) => say(`Could not drop the database ${DATABASE}: ${error.message}`))
      .finally(() => admin.end().catch(() => {}));
  }
  if (buildDir && !keptDir) rmSync(buildDir, { recursive: true, force: true });
}

/** Ends every process this run started that still runs (a build's whole process group). */
function endAll(signal, { buildsOnly = false } = {}) {
  const ending = [];
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null || (buildsOnly && !child.group)) continue;
    ending.push(new Promise((resolve) => child.once('exit', resolve)));
    try {
      if (child.group) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  }
  return Promise.all(ending);
}
// Both servers (and any build) go whatever ends this process: a signal, a throw, or the normal end.
process.on('exit', () => endAll('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    say(`${signal}: stopping the servers and any build`);
    // A build is killed outright, and awaited, before its folder is removed.
    void endAll('SIGKILL', { buildsOnly: true })
      .then(cleanUp)
      .finally(() => process.exit(130));
  });
}

async function run() {
  const previous = findPreviousRelease({ say });
  results.previous = { version: previous.version, commit: previous.commit, found: previous.found };
  results.current = { version: previous.head.version, commit: previous.head.commit };
  const oldLabel = `${previous.version} (previous)`;
  const newLabel = `${previous.head.version} (this release)`;
  say(
    `Side by side: ${newLabel} at ${previous.head.commit.slice(0, 7)} and ${oldLabel} at ${previous.commit.slice(0, 7)}, ${previous.found}`,
  );

  say('Building this release (tsc -b, and the web app if its sources changed) ...');
  if ((await buildIfNeeded({ quiet: true })) !== 0) throw new Error('this release does not build');
  buildDir = keptDir ?? temporaryReleaseDir();
  say(`${oldLabel}: npm ci and npm run build in ${buildDir}, unless built there already ...`);
  const took = await buildRelease(previous.commit, buildDir, { track });
  results.timings.previousBuildSeconds = took;
  say(
    took
      ? `${oldLabel} built in ${took.total} s (extract ${took.extract} s, npm ci ${took.npmCi} s, build ${took.build} s)`
      : `${oldLabel}: reusing the build in ${buildDir}`,
  );

  // The previous release's schema guard refuses a schema with more migrations than it knows
  // (apps/server/src/db/schema-version.ts); its migrations must be the first ones of this release's.
  const oldMigrations = migrationsOf(buildDir);
  const newMigrations = migrationsOf(root);
  const edited = oldMigrations.find((tag, i) => newMigrations[i] !== tag);
  check(
    `${newLabel} keeps every migration of ${oldLabel} in place (${oldMigrations.length})`,
    edited
      ? [
          `${edited} of ${previous.version} is not migration ${oldMigrations.indexOf(edited) + 1} of ${previous.head.version}: a released migration was renamed, removed or reordered`,
        ]
      : [],
  );
  const added = newMigrations.slice(oldMigrations.length);
  if (added.length) {
    say(
      `${newLabel} adds ${added.length} migration(s) ${previous.version} does not know: ${added.join(', ')}. ` +
        (recordsReaders(buildDir)
          ? `${previous.version}'s schema guard decides whether it may start on that schema; if it refuses, the two releases cannot run side by side and this run fails.`
          : `${previous.version} predates the schema-readers record and refuses any newer schema: its refusal is checked instead.`),
    );
  } else say(`No new migration: ${previous.version} knows all ${newMigrations.length}.`);
  results.migrations = { previous: oldMigrations.length, current: newMigrations.length, added };

  const databases = await freshDatabases(serverUrl, [DATABASE]);
  if (!databases) throw new Error(`no PostgreSQL answers at ${serverUrl}`);
  databaseUrl = databases[DATABASE];

  const [newPort, oldPort] = [await freePort(), await freePort()];
  const current = {
    label: newLabel,
    version: previous.head.version,
    dir: root,
    webDist: webOut,
    base: `http://127.0.0.1:${newPort}`,
  };
  const old = {
    label: oldLabel,
    version: previous.version,
    dir: buildDir,
    webDist: join(buildDir, 'apps/web/dist'),
    base: `http://127.0.0.1:${oldPort}`,
  };
  // As one deployment: one secret, one database; demo data (development allows it, production does
  // not), JSON logs as in production. The demo signs everyone in from 127.0.0.1, so the per-address
  // and per-phone limits are raised as the browser journeys raise them.
  const shared = {
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    APP_SECRET: randomBytes(32).toString('hex'),
    DEMO: 'true',
    DEMO_SCALE: '0.1',
    ...BENCH_LIMITS,
    SMS_SENDS_PER_PHONE: '1000',
    SMS_SENDS_PER_PHONE_PER_DAY: '1000',
  };

  let started = Date.now();
  servers.push(
    startServer(current, { ...shared, PORT: String(newPort), WEB_DIST: old.webDist, INSTANCE_MODE: 'all' }),
  );
  await checked(`${newLabel} migrates an empty database, seeds the demo and is ready`, async () => {
    try {
      const readyz = await ready(servers[0]);
      say(`  ${newLabel} ready in ${seconds(started)} s (schema ${readyz.applied_schema_version})`);
      return readyz.version === current.version ? [] : [`/readyz says version ${readyz.version}`];
    } catch (error) {
      return [error.message, refusal(error.output ?? '')];
    }
  });
  if (!results.checks.at(-1).pass) return;

  started = Date.now();
  servers.push(
    startServer(old, {
      ...shared,
      PORT: String(oldPort),
      WEB_DIST: current.webDist,
      INSTANCE_MODE: 'web',
      COMMIT_SHA: previous.commit.slice(0, 12),
    }),
  );
  if (added.length && !recordsReaders(buildDir)) {
    // The previous release predates the record of the oldest schema each release still reads
    // (db/schema-version.ts, `kitchaco_schema_readers`): its guard refuses any schema with a
    // migration it does not know, by design, so no rolling deploy from it exists once this release
    // adds one (docs/operations.md, "Writing migrations": "0.9.0 refuses any newer schema"). What
    // is checked is that refusal, as documented: a clear one-line START_REFUSED, exit 1, and this
    // release serving on. The serving side by side is checked from the next release pair on.
    await checked(
      `${oldLabel} (before the schema-readers record) refuses the schema ${newLabel} migrated, as documented, in one line`,
      async () => {
        try {
          await ready(servers[1]);
          return [`${oldLabel} started on a schema with migrations it does not know (${added.join(', ')})`];
        } catch (error) {
          const why = refusal(error.output ?? '');
          return /newer than this build knows/.test(why ?? '')
            ? []
            : [`${oldLabel} did not refuse as documented: ${error.message} ${why ?? ''}`];
        }
      },
    );
    await checked(`${newLabel} still serves beside the refused start`, async () => {
      const readyz = await fetch(`${current.base}/readyz`);
      return readyz.ok ? [] : [`${newLabel} /readyz answered ${readyz.status}`];
    });
    say(
      `  ${oldLabel} predates the schema-readers record: it cannot run beside ${newLabel} once ${newLabel} adds a migration (docs/operations.md, "Upgrade and roll back"); the checks of both serving at once run from the next release on.`,
    );
    results.sideBySide = 'not possible: the previous release predates the schema-readers record';
    return;
  }
  await checked(`${oldLabel} starts on the schema ${newLabel} migrated (INSTANCE_MODE=web)`, async () => {
    try {
      const readyz = await ready(servers[1]);
      say(`  ${oldLabel} ready in ${seconds(started)} s`);
      return readyz.version === old.version ? [] : [`/readyz says version ${readyz.version}`];
    } catch (error) {
      const why = refusal(error.output ?? '');
      const plain = added.length
        ? `${newLabel} adds migration(s) ${added.join(', ')} that ${previous.version} does not know, and ${previous.version}'s schema guard refused the schema they make: the two releases cannot run side by side on one database, so ${previous.version} cannot be upgraded by a rolling deploy (docs/operations.md, "Upgrade and roll back"; how to write a migration the previous release can run beside: "Writing migrations: expand, then contract").`
        : null;
      return [plain, error.message, why].filter(Boolean);
    }
  });
  if (!results.checks.at(-1).pass) return;

  for (const s of servers) s.api = apiClient(s.base, { timeoutMs: 15_000 });
  const [newServer, oldServer] = servers;

  // Sessions: staff signed in on each server; two customers each (new numbers, signed in by SMS code).
  const sessions = new Map();
  let phone = 100;
  for (const s of servers) {
    sessions.set(s, {
      kitchen: await signInStaff(s.api, KITCHEN.email),
      admin: await signInStaff(s.api, 'admin@demo.test'),
      operator: await signInStaff(s.api, 'operator@demo.test'),
      customers: [
        await signInCustomer(s.api, `+614000${String(phone++).padStart(5, '0')}`),
        await signInCustomer(s.api, `+614000${String(phone++).padStart(5, '0')}`),
      ],
    });
  }
  const pick = await pickMeal(newServer);

  say('Orders, tickets and statuses through the API ...');
  started = Date.now();
  await apiChecks(servers, sessions, pick);
  results.timings.apiSeconds = seconds(started);

  say("Each web app on the other release's server, in Chromium ...");
  started = Date.now();
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({
    executablePath: chromiumPath() ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  await browserChecks(browser, newServer, oldServer, sessions, pick);
  await browserChecks(browser, oldServer, newServer, sessions, pick);
  results.timings.browserSeconds = seconds(started);

  check(
    'both servers ran to the end',
    servers.filter((s) => s.child.exitCode !== null).map((s) => `${s.label} exited with ${s.child.exitCode}`),
  );
  const logged = servers.flatMap((s) =>
    s
      .output()
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l))
      .map((l) => `${s.label}: ${l.slice(0, 300)}`),
  );
  check('neither server logged an error', logged);
}

try {
  await run();
} catch (error) {
  check('the two releases ran side by side to the end', [String(error?.message ?? error)]);
  for (const s of servers) process.stderr.write(`--- ${s.label}\n${s.output().slice(-4000)}\n`);
} finally {
  await cleanUp();
}

mkdirSync(join(root, 'test-results'), { recursive: true });
writeFileSync(resultFile, `${JSON.stringify(results, null, 2)}\n`);
say('');
for (const c of results.checks)
  say(`${c.pass ? 'PASS' : 'FAIL'} ${c.name}${c.pass ? '' : `:\n       ${c.examples.join('\n       ')}`}`);
const failed = results.checks.filter((c) => !c.pass).length;
say(`side by side: ${results.checks.length - failed} passed, ${failed} failed -> ${resultFile}`);
process.exitCode = failed ? 1 : 0;
