// A paid order's tickets on a kitchen screen of another server instance (docs/kitchen.md), under
// the writes bench's load. Two instances of the server on one PostgreSQL database: A takes the
// writes bench's customer checkouts (50 clients, cards through the fake Square as there) and,
// from a client of its own, probe checkouts placed one after the other every BENCH_KITCHEN_PROBE_MS
// (150 ms); B has the kitchen account's event stream open (GET /api/v1/kitchen/events/, SSE read
// with fetch). A probe's latency: its first `ticket` event's arrival on B minus the sending of its
// checkout to A, the whole way from the customer's tap, checkout included. Reference figures: from
// the arrival of the checkout's answer (the ticket is committed before the payment is completed,
// one Square call earlier, so it is usually negative), and from the commit as a plain LISTEN
// connection of this process hears the ticket's notice (the cross-instance delivery alone: B's
// LISTEN, its read of the ticket, the stream). A probe whose ticket has not arrived 5 s after its
// answer is a failure, counted as an infinite latency. Budgets: p99 <= 500 ms, no ticket lost.
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import {
  apiClient,
  budget,
  checkout,
  checkoutCustomers,
  freePort,
  freshDatabases,
  keyedLoad,
  root,
  signInStaff,
  startFakeSquare,
  startProcess,
  writeResult,
  writesServerEnv,
} from './lib.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const squareLatencyMs = Number(process.env.BENCH_SQUARE_LATENCY_MS ?? 25);
const connections = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 50);
const probeEveryMs = Number(process.env.BENCH_KITCHEN_PROBE_MS ?? 150);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** A ticket not heard this long after its checkout's answer is lost. */
const LOST_AFTER_MS = 5_000;
const BUDGET_P99_MS = 500;
const MIN_PROBES = 40;
const DB = 'kitchaco_bench_kitchen';

const databases = await freshDatabases(pgUrl, [DB]);
if (!databases) {
  process.stdout.write(`kitchen: skipped, no PostgreSQL at ${pgUrl}\n`);
  writeResult('kitchen', { skipped: `no PostgreSQL at ${pgUrl}`, budgets: [] });
  process.exit(0);
}

/** The p-th percentile (0-100) of sorted `xs`, nearest rank; Infinity stays Infinity. */
const percentile = (xs, p) => xs[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))];
const round = (x) => (Number.isFinite(x) ? Math.round(x * 10) / 10 : x);
const stats = (values) => {
  const xs = [...values].sort((a, b) => a - b);
  const show = (x) => (x === undefined ? null : Number.isFinite(x) ? round(x) : 'Infinity');
  return {
    p50: show(percentile(xs, 50)),
    p95: show(percentile(xs, 95)),
    p99: show(percentile(xs, 99)),
    max: show(xs[xs.length - 1]),
    min: show(xs[0]),
  };
};

/**
 * Reads a kitchen event stream: calls `onTicket(ticket, at)` for every `ticket` event, with its
 * arrival time (performance.now()), and counts `hello`s (the first on connect; any later one means
 * the server missed notifications). Resolves once the first hello is in.
 */
async function openKitchenStream(base, token, locationId, onTicket) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/v1/kitchen/events/?kitchaco=${locationId}`, {
    headers: { authorization: `Token ${token}` },
    signal: abort.signal,
  });
  if (res.status !== 200) throw new Error(`kitchen events: ${res.status} ${await res.text()}`);
  const stream = { hellos: 0, tickets: 0, close: () => abort.abort() };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let resolveHello;
  const hello = new Promise((resolve) => (resolveHello = resolve));
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          let event = 'message';
          let data = '';
          for (const line of chunk.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data += line.slice(5).trimStart();
          }
          if (event === 'hello') {
            stream.hellos++;
            resolveHello();
          } else if (event === 'ticket') {
            stream.tickets++;
            onTicket(JSON.parse(data), at);
          }
        }
      }
    } catch (error) {
      if (error?.name !== 'AbortError') stream.error = String(error);
    }
  })();
  await hello;
  return stream;
}

const square = await startFakeSquare(squareLatencyMs);
const instance = async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = writesServerEnv({ port, databaseUrl: databases[DB], square });
  return { base, ...(await startProcess(join(root, 'apps/server/dist/main.js'), env, `${base}/healthz`)) };
};
// A seeds the empty database; B starts on the seeded one.
const a = await instance();
const b = await instance();

const results = {};
const budgets = [];
let stream;
let listener;
try {
  const apiA = apiClient(a.base);
  const apiB = apiClient(b.base);
  const { customers, orderBody } = await checkoutCustomers(apiA, connections);
  // The probes' own customer, not one of the load's.
  const {
    customers: [prober],
  } = await checkoutCustomers(apiA, 1, { firstPhone: connections });
  const locationId = orderBody.checkout.kitchaco;
  // The demo kitchen account: location 1's kitchen screen.
  const kitchenToken = await signInStaff(apiB, 'kitchen@demo.test');

  /** First arrival of a ticket on B, by order id (load orders' tickets too: a probe's may come first). */
  const heard = new Map();
  const waiters = new Map();
  /** When this process's own LISTEN heard each ticket's notice (about its commit), by ticket id. */
  const noticed = new Map();
  listener = new pg.Client({ connectionString: databases[DB] });
  await listener.connect();
  listener.on('notification', (n) => {
    const at = performance.now();
    const { ticket_id: id } = JSON.parse(n.payload);
    if (!noticed.has(id)) noticed.set(id, at);
  });
  await listener.query('LISTEN kitchen_ticket');
  /** The first ticket heard on B, by order id. */
  const firstTicket = new Map();
  stream = await openKitchenStream(b.base, kitchenToken, locationId, (ticket, at) => {
    if (heard.has(ticket.order_id)) return;
    heard.set(ticket.order_id, at);
    firstTicket.set(ticket.order_id, ticket.id);
    waiters.get(ticket.order_id)?.(at);
  });
  /** Resolves with the arrival time of the order's first ticket, or Infinity after the timeout. */
  const ticketOf = (orderId) =>
    heard.has(orderId)
      ? Promise.resolve(heard.get(orderId))
      : new Promise((resolve) => {
          const timer = setTimeout(() => resolve(Number.POSITIVE_INFINITY), LOST_AFTER_MS);
          waiters.set(orderId, (at) => {
            clearTimeout(timer);
            resolve(at);
          });
        });

  const probes = [];
  /** Places probe checkouts on A one after the other, one every probeEveryMs, until `until()`. */
  const probeWhile = async (until, into) => {
    while (!until()) {
      const next = performance.now() + probeEveryMs;
      const sent = performance.now();
      const answer = await checkout(apiA, prober, orderBody);
      const answered = performance.now();
      const orderId = answer.body?.order?.id;
      if (answer.status !== 200 || orderId === undefined) {
        into.push({ failed: `${answer.status} ${JSON.stringify(answer.body ?? answer.error)}` });
      } else {
        into.push({ orderId, sent, answered, arrival: ticketOf(orderId) });
      }
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  };
  const loadRun = (seconds) =>
    keyedLoad({
      url: `${a.base}/api/v1/orders/`,
      method: 'POST',
      connections,
      duration: seconds,
      tokens: customers.map((c) => c.token),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(orderBody),
    });
  const underLoad = async (seconds, into) => {
    let done = false;
    const loaded = loadRun(seconds).finally(() => (done = true));
    // Let the load reach its clients' concurrency before the first probe.
    await new Promise((r) => setTimeout(r, 250));
    await probeWhile(() => done, into);
    return loaded;
  };

  // Warm-up: JIT, pools, the LISTEN connection.
  await underLoad(2, []);

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const loaded = await underLoad(duration, probes);
  loopDelay.disable();
  for (const p of probes) if (p.arrival) p.arrival = await p.arrival;

  const placed = probes.filter((p) => p.orderId !== undefined);
  const lost = placed.filter((p) => !Number.isFinite(p.arrival));
  const fromAnswer = placed.map((p) => p.arrival - p.answered);
  const fromSend = placed.map((p) => p.arrival - p.sent);
  const checkoutMs = placed.map((p) => p.answered - p.sent);
  const fromNotice = placed
    .filter((p) => noticed.has(firstTicket.get(p.orderId)))
    .map((p) => p.arrival - noticed.get(firstTicket.get(p.orderId)));
  results.probes = {
    placed: placed.length,
    failedCheckouts: probes.length - placed.length,
    failures: probes.filter((p) => p.failed).map((p) => p.failed),
    lostTickets: lost.length,
    beforeAnswer: fromAnswer.filter((ms) => ms < 0).length,
    everyMs: probeEveryMs,
  };
  results.latencyFromSendMs = stats(fromSend);
  results.latencyFromAnswerMs = stats(fromAnswer);
  results.latencyFromNoticeMs = stats(fromNotice);
  results.probeCheckoutMs = stats(checkoutMs);
  results.load = {
    requestsPerSecond: loaded.requests.average,
    latencyMs: { p50: loaded.latency.p50, p97_5: loaded.latency.p97_5, p99: loaded.latency.p99 },
    non2xx: loaded.non2xx,
    errors: loaded.errors + loaded.timeouts,
    total: loaded.requests.total,
  };
  results.stream = { tickets: stream.tickets, resyncs: stream.hellos - 1, error: stream.error ?? null };
  // The bench process reads the stream beside autocannon: its own delays are in the figures.
  results.benchEventLoopDelayMs = {
    p99: round(loopDelay.percentile(99) / 1e6),
    max: round(loopDelay.max / 1e6),
  };

  const p99 = percentile(
    [...fromSend].sort((x, y) => x - y),
    99,
  );
  budgets.push(
    budget(
      `kitchen ticket on another instance, p99 from the checkout's sending, under the writes load (${connections} clients) <= ${BUDGET_P99_MS} ms`,
      Number.isFinite(p99) ? p99 : Number.MAX_SAFE_INTEGER,
      { max: BUDGET_P99_MS },
    ),
    budget('lost tickets and failed probe checkouts', lost.length + results.probes.failedCheckouts, {
      max: 0,
    }),
    budget('probes placed under the load', placed.length, { min: MIN_PROBES }),
  );
} finally {
  stream?.close();
  await listener?.end();
  await a.stop();
  await b.stop();
  square.child.kill('SIGTERM');
}

const l = results.latencyFromSendMs;
process.stdout.write(
  `kitchen: ${results.probes.placed} probes, ${results.probes.lostTickets} lost; ticket on B after the checkout's sending to A p50 ${l.p50} ms  p95 ${l.p95} ms  p99 ${l.p99} ms  max ${l.max} ms (p99 after the answer ${results.latencyFromAnswerMs.p99} ms, after the commit's notice ${results.latencyFromNoticeMs.p99} ms); load ${Math.round(results.load.requestsPerSecond)} req/s, non-2xx ${results.load.non2xx}\n`,
);
for (const b of budgets) process.stdout.write(`${b.pass ? 'PASS' : 'FAIL'} ${b.label}: ${b.value}\n`);
process.stdout.write(
  `-> ${writeResult('kitchen', { duration, connections, squareLatencyMs, results, budgets })}\n`,
);
if (budgets.some((b) => !b.pass)) process.exitCode = 1;
