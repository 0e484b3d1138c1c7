import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deliverooPayload, normalizeDeliveroo } from '@kitchaco/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { systemClock } from '../context.js';
import type { Database } from '../db/client.js';
import { kitchenTickets, locationClosures, outbox } from '../db/schema/index.js';
import { Lifecycle } from '../lib/lifecycle.js';
import { createMetrics, SCRAPE_QUERY_TIMEOUT_MS } from '../lib/metrics.js';
import { receiveWebhookOrder } from '../modules/marketplaces/marketplaces.service.js';
import { createTestApp, type TestApp, UNLIMITED_CHECKOUTS } from '../test/app.js';
import { tokenFor } from '../test/auth.js';
import { createLocation, createMeal, createVendor } from '../test/factories.js';
import { deliver, mappedStore, notification } from '../test/marketplaces.js';
import { CARD_DECLINED, CARD_OK } from '../test/payments.js';
import { freePort } from '../test/ports.js';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

/** One sample of the text exposition: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Reads Prometheus' text format (https://prometheus.io/docs/instrumenting/exposition_formats/). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of match[2]?.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g) ?? []) {
      labels[key!] = value!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and (at least) these labels. */
function sample(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} samples`);
  return found[0]?.value;
}

describe('metrics off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no /metrics without METRICS_TOKEN, whatever the caller sends', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('answers 404 there even where the site is served (not the page of the history fallback)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Kitchaco</title>');
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: dir }),
      database: t.database,
      logger: false,
    });
    try {
      expect((await app.inject({ url: '/orders' })).statusCode).toBe(200);
      const res = await app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'not_found' });
    } finally {
      await app.close();
    }
  });
});

describe('metrics settings', () => {
  it('refuses a short METRICS_TOKEN in production, naming it', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PROVIDER_ABN: '51 824 753 556',
        APP_SECRET: 'a-production-secret-0123456789-abcdefghijkl',
        PAYMENTS_PROVIDER: 'test',
        ALLOW_EMBEDDED_DATABASE: 'true',
        SERVE_WEB: 'false',
        METRICS_TOKEN: 'short',
      }),
    ).toThrow(/METRICS_TOKEN: at least 32 characters/);
  });

  it('refuses METRICS_PORT without a token', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_PORT: '9464' })).toThrow(/METRICS_PORT/);
  });
});

describe('metrics after a scripted workload', () => {
  let t: TestApp;
  let address: string;
  let locationId: number;
  let meal: Awaited<ReturnType<typeof createMeal>>;
  let customer: { token: string; id: number };
  let kitchen: { token: string; id: number };
  /** Locations beside Reservoir (open at all hours): closed today, in a closure, busy, inactive. */
  let others: { closed: number; closure: number; busy: number; inactive: number };

  beforeAll(async () => {
    t = await createTestApp({ ...UNLIMITED_CHECKOUTS, METRICS_TOKEN: TOKEN });
    const db = t.database.db;
    locationId = (await createLocation(db, { name: 'Reservoir' })).id;
    const now = t.clock.now().getTime();
    others = {
      closed: (await createLocation(db, { name: 'Brunswick', openingHours: {} })).id,
      closure: (await createLocation(db, { name: 'Fitzroy' })).id,
      busy: (await createLocation(db, { name: 'Northcote', busyUntil: new Date(now + 30 * 60_000) })).id,
      inactive: (await createLocation(db, { name: 'Carlton', isActive: false })).id,
    };
    await db.insert(locationClosures).values({
      locationId: others.closure,
      startsAt: new Date(now - 60 * 60_000),
      endsAt: new Date(now + 60 * 60_000),
      reason: 'Water main repairs',
    });
    const vendor = (await createVendor(db, locationId, { title: 'Smash Bros' })).id;
    meal = await createMeal(db, vendor, { name: 'Double Smash', price: '16.90' });
    customer = await tokenFor(db, 'customer');
    kitchen = await tokenFor(db, 'kitchen', locationId);
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  const checkout = (payment: typeof CARD_OK) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/',
      headers: { authorization: `Token ${customer.token}`, 'idempotency-key': randomUUID() },
      payload: {
        checkout: {
          kitchaco: locationId,
          order_type: 'pickup',
          lines: [{ meal_id: meal.meal.id, quantity: 1, combo_ids: [] }],
        },
        payment,
      },
    });

  it('answers 401 without the bearer token or with a wrong one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Token ${TOKEN}`, 'Bearer short']) {
      const res = await scrape(authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('kitchaco_');
    }
  });

  it('counts checkouts, the SMS outbox, a webhook, kitchen tickets and requests', async () => {
    // A kitchen screen is open while orders are paid: each new ticket reaches it.
    const abort = new AbortController();
    const screen = await fetch(`${address}/api/v1/kitchen/events/`, {
      headers: { authorization: `Token ${kitchen.token}` },
      signal: abort.signal,
    });
    expect(screen.status).toBe(200);
    const reader = screen.body!.getReader();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${needle}`);
        text += new TextDecoder().decode(value);
      }
    };
    try {
      await readUntil('event: hello');

      const paid = [await checkout(CARD_OK), await checkout(CARD_OK)];
      for (const res of paid) expect(res.statusCode, res.body).toBe(200);
      const declined = await checkout(CARD_DECLINED);
      expect(declined.statusCode).toBe(402);
      const orderIds = paid.map((res) => res.json().order.id as number);
      const tickets = await t.database.db
        .select()
        .from(kitchenTickets)
        .where(inArray(kitchenTickets.orderId, orderIds));
      expect(tickets).toHaveLength(2);
      for (const ticket of tickets) await readUntil(`"id":${ticket.id},`);

      const bump = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin-data/',
        headers: { authorization: `Token ${kitchen.token}` },
        payload: { query_type: 'bump_kitchen_ticket', ticket_id: tickets[0]!.id, status: 'started' },
      });
      expect(bump.statusCode, bump.body).toBe(200);

      const phone = '+61455510000';
      const sms = await t.app.inject({ method: 'POST', url: '/api/v1/send-sms/', payload: { phone } });
      expect(sms.statusCode, sms.body).toBe(200);

      const webhook = await deliver(
        t.app,
        'doordash',
        notification('doordash', {
          externalId: `dd-metrics-${randomUUID()}`,
          storeId: 'store-not-mapped-yet',
          items: [{ name: 'Hash Brown', quantity: 1, cents: 400 }],
        }),
      );
      expect(webhook.statusCode, webhook.body).toBe(200);

      // A marketplace order for a mapped store, stored once however often it is sent.
      const store = await mappedStore(t.database.db, 'deliveroo', 'dr-metrics-1', 'Taco Town', [
        { name: 'Fish Taco', price: '9.00' },
      ]);
      const marketplaceOrder = normalizeDeliveroo(
        deliverooPayload.parse(
          notification('deliveroo', {
            externalId: `dr-metrics-${randomUUID()}`,
            storeId: 'dr-metrics-1',
            items: [{ name: 'Fish Taco', quantity: 1, cents: 900 }],
          }),
        ),
      );
      const stored = await receiveWebhookOrder(t.app.appContext, marketplaceOrder);
      expect(stored.duplicate).toBe(false);
      expect((await receiveWebhookOrder(t.app.appContext, marketplaceOrder)).duplicate).toBe(true);

      // Every SMS not yet sent (the sign-in code, and any the orders caused), as the worker sees them.
      const smsWaiting = await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'sms'), inArray(outbox.status, ['pending', 'sending'])));
      expect(smsWaiting.some((row) => row.recipient === phone)).toBe(true);

      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      const samples = parse(res.body);

      expect(sample(samples, 'kitchaco_checkouts_total', { outcome: 'paid' })).toBe(2);
      expect(sample(samples, 'kitchaco_checkouts_total', { outcome: 'declined' })).toBe(1);
      expect(sample(samples, 'kitchaco_checkouts_total', { outcome: 'provider_error' })).toBeUndefined();
      // Three authorisations answered: two paid, one declined.
      const providerCalls = (operation: string) =>
        sample(samples, 'kitchaco_payment_provider_duration_seconds_count', {
          provider: 'test',
          operation,
          result: 'ok',
        });
      expect(providerCalls('authorize')).toBe(3);

      expect(sample(samples, 'kitchaco_outbox_backlog', { channel: 'sms' })).toBe(smsWaiting.length);
      expect(sample(samples, 'kitchaco_outbox_oldest_seconds', { channel: 'sms' })).toBeGreaterThanOrEqual(0);
      expect(sample(samples, 'kitchaco_marketplace_inbox_backlog', { platform: 'doordash' })).toBe(1);
      expect(sample(samples, 'kitchaco_marketplace_inbox_failed', { platform: 'doordash' })).toBe(0);
      // An empty backlog is reported as 0, not left out.
      expect(sample(samples, 'kitchaco_marketplace_inbox_backlog', { platform: 'uber_eats' })).toBe(0);
      expect(sample(samples, 'kitchaco_outbox_backlog', { channel: 'email' })).toBe(
        (
          await t.database.db
            .select()
            .from(outbox)
            .where(and(eq(outbox.channel, 'email'), inArray(outbox.status, ['pending', 'sending'])))
        ).length,
      );
      expect(
        sample(samples, 'kitchaco_marketplace_inbox_oldest_seconds', { platform: 'doordash' }),
      ).toBeGreaterThanOrEqual(0);

      expect(sample(samples, 'kitchaco_webhook_ack_duration_seconds_count', { platform: 'doordash' })).toBe(
        1,
      );
      expect(sample(samples, 'kitchaco_kitchen_ticket_delivery_seconds_count')).toBe(2);
      expect(sample(samples, 'kitchaco_event_streams_open', { kind: 'kitchen' })).toBe(1);
      expect(sample(samples, 'kitchaco_event_streams_open', { kind: 'orders' })).toBe(0);

      const requests = (labels: Record<string, string>) =>
        sample(samples, 'kitchaco_http_request_duration_seconds_count', labels);
      expect(
        requests({
          route: '/api/v1/admin-data/',
          method: 'POST',
          query_type: 'bump_kitchen_ticket',
          status: '200',
        }),
      ).toBe(1);
      expect(requests({ route: '/api/v1/orders/', method: 'POST', query_type: '', status: '200' })).toBe(2);
      expect(requests({ route: '/api/v1/orders/', method: 'POST', query_type: '', status: '402' })).toBe(1);
      // Routes by pattern only: no raw address with an id in it.
      const routes = samples.map((s) => s.labels.route).filter((r) => r !== undefined);
      expect(routes).toContain('/api/v1/orders/');
      expect(routes.filter((r) => /\d/.test(r.replace(/^\/api\/v1\//, '')))).toEqual([]);

      expect(sample(samples, 'kitchaco_payment_flags_open')).toBe(0);
      // No reconciliation has run yet: its last run is at 0 (Unix time), as old as can be.
      expect(sample(samples, 'kitchaco_reconciliation_last_run_timestamp_seconds')).toBe(0);
      expect(sample(samples, 'kitchaco_db_pool_in_use', { pool: 'main' })).toBeGreaterThanOrEqual(0);
      expect(sample(samples, 'kitchaco_db_pool_waiting', { pool: 'main' })).toBe(0);
      expect(sample(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(sample(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
      expect(res.body).toContain('# TYPE kitchaco_load_shed_total counter');
      expect(res.body).toContain('# TYPE kitchaco_refunds_total counter');

      // Orders paid by location and channel; every active location's series is there from the
      // start, at 0 (the "no orders at an open location" alert needs a rate of 0, not no data).
      const paidAt = (location: number, channel: string) =>
        sample(samples, 'kitchaco_orders_paid_total', { location: String(location), channel });
      expect(paidAt(locationId, 'online_pickup')).toBe(2);
      expect(paidAt(locationId, 'online_delivery')).toBe(0);
      expect(paidAt(locationId, 'deliveroo')).toBe(0);
      expect(paidAt(store.locationId, 'deliveroo')).toBe(1);
      expect(paidAt(others.closed, 'uber_eats')).toBe(0);
      expect(paidAt(others.inactive, 'online_pickup')).toBeUndefined();
      // Open now by the checkout's rule: its hours, less closures of the whole location.
      const open = (location: number) =>
        sample(samples, 'kitchaco_location_open', { location: String(location) });
      expect(
        sample(samples, 'kitchaco_location_open', { location: String(locationId), name: 'Reservoir' }),
      ).toBe(1);
      expect(open(others.closed)).toBe(0);
      expect(open(others.closure)).toBe(0);
      expect(open(others.busy)).toBe(1);
      expect(open(others.inactive)).toBeUndefined();
      const busy = (location: number) =>
        sample(samples, 'kitchaco_location_busy', { location: String(location) });
      expect(busy(others.busy)).toBe(1);
      expect(busy(locationId)).toBe(0);
      expect(sample(samples, 'kitchaco_database_up')).toBe(1);

      // A stop ends the stream from our side (the screen reconnects elsewhere): it is no longer
      // open, and its minutes-long "answer" is not counted as a request.
      expect(t.app.appContext.lifecycle.drain()).toBe(1);
      await readUntil('event: reconnect');
      const after = parse((await scrape(`Bearer ${TOKEN}`)).body);
      expect(sample(after, 'kitchaco_event_streams_open', { kind: 'kitchen' })).toBe(0);
      expect(after.filter((s) => s.labels.route === '/api/v1/kitchen/events/')).toEqual([]);
    } finally {
      abort.abort();
    }
  });
  it('counts answers of no route as "unmatched", a HEAD once, and buckets that add up to the count', async () => {
    const before = parse((await scrape(`Bearer ${TOKEN}`)).body);
    const count = (samples: Sample[], labels: Record<string, string>) =>
      sample(samples, 'kitchaco_http_request_duration_seconds_count', labels) ?? 0;
    const missing = { route: 'unmatched', method: 'GET', query_type: '', status: '404' };
    const head = { route: '/api/v1/vendors/', method: 'HEAD', query_type: '', status: '200' };

    expect((await t.app.inject({ url: '/api/v1/no-such-call/' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/no-such-call/42/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/v1/vendors/' })).statusCode).toBe(200);

    const after = parse((await scrape(`Bearer ${TOKEN}`)).body);
    expect(count(after, missing) - count(before, missing)).toBe(2);
    expect(count(after, head) - count(before, head)).toBe(1);
    // Every series: cumulative buckets, never decreasing, the last (+Inf) equal to the count.
    const series = after.filter((s) => s.name === 'kitchaco_http_request_duration_seconds_count');
    expect(series.length).toBeGreaterThan(2);
    for (const s of series) {
      const { le: _, ...labels } = s.labels;
      const buckets = after.filter(
        (b) =>
          b.name === 'kitchaco_http_request_duration_seconds_bucket' &&
          Object.entries(labels).every(([k, v]) => b.labels[k] === v),
      );
      expect(buckets.map((b) => b.labels.le)).toEqual([
        '0.005',
        '0.01',
        '0.025',
        '0.05',
        '0.1',
        '0.25',
        '0.5',
        '1',
        '2.5',
        '5',
        '10',
        '+Inf',
      ]);
      const values = buckets.map((b) => b.value);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(values.at(-1)).toBe(s.value);
    }
  });
});

describe('metrics on their own port', () => {
  let t: TestApp;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    t = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) });
  });
  afterAll(() => t.close());

  it('answers on METRICS_PORT only, never on the main port', async () => {
    expect(
      (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(404);
    const url = `http://127.0.0.1:${metricsPort}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('process_resident_memory_bytes');
  });
});

describe('a scrape while the database does not answer', () => {
  it('answers within the read deadline, leaving the database gauges unknown and saying why', async () => {
    // Every query is built as usual and then never answers.
    const hanging: unknown = new Proxy(() => {}, {
      get: (_target, property) => (property === 'then' ? () => {} : () => hanging),
    });
    const one = { inUse: 1, idle: 0, waiting: 3, max: 1 };
    const database = { db: hanging, poolStats: () => ({ main: one, priority: one }) } as unknown as Database;
    const unread: string[] = [];
    const metrics = createMetrics({
      database,
      lifecycle: new Lifecycle(),
      clock: systemClock,
      onReadError: (what) => unread.push(what),
    });
    const started = performance.now();
    const samples = parse(await metrics.registry!.metrics());
    expect(performance.now() - started).toBeLessThan(SCRAPE_QUERY_TIMEOUT_MS + 1_000);
    expect(unread.sort()).toEqual([
      'locations open',
      'marketplace inbox',
      'outbox',
      'reconciliation and payment flags',
    ]);
    expect(samples.filter((s) => s.name === 'kitchaco_location_open')).toEqual([]);
    // The readiness check's question got no answer either.
    expect(sample(samples, 'kitchaco_database_up')).toBe(0);
    expect(samples.filter((s) => s.name === 'kitchaco_outbox_backlog')).toEqual([]);
    expect(sample(samples, 'kitchaco_payment_flags_open')).toBeNaN();
    // What needs no database is still there.
    expect(sample(samples, 'kitchaco_db_pool_waiting', { pool: 'main' })).toBe(3);
    expect(sample(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('metrics of a worker instance', () => {
  it('are served beside its health probes (the backlogs its workers drain)', async () => {
    const t = await createTestApp({ INSTANCE_MODE: 'worker', METRICS_TOKEN: TOKEN });
    try {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('# TYPE kitchaco_outbox_backlog gauge');
      expect(sample(parse(res.body), 'kitchaco_payment_flags_open')).toBe(0);
    } finally {
      await t.close();
    }
  });
});
