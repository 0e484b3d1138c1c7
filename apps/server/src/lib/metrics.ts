import {
  MARKETPLACE_CHANNELS,
  OUTBOX_CHANNELS,
  SMS_DELIVERY_STATUSES,
  type SmsDeliveryStatus,
} from '@kitchaco/domain';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../context.js';
import { inboxRows, outboxRows, reconciliationRows } from '../db/backlogs.js';
import type { Database } from '../db/client.js';
import { withDeadline } from '../db/watchdog.js';
import { LeanHistogram } from './lean-histogram.js';
import type { Lifecycle } from './lifecycle.js';
import { createOrderMetrics, type PaidOrderChannel } from './metrics-orders.js';

/**
 * What the services record, without knowing prom-client (docs/operations.md, "Metrics"). With
 * METRICS_TOKEN unset every method does nothing (`noMetrics`), so a server without metrics pays
 * for none.
 */
export interface Metrics {
  /** The text exposition of the Prometheus registry; null when metrics are off. */
  readonly registry: Registry | null;
  /**
   * The recorder of the HTTP answers of one route pattern (never the raw URL), looked up once when
   * the route is registered: each answer is then observed by method, query_type and status.
   */
  httpRoute(route: string): HttpRouteRecorder;
  /** A checkout's end: what the customer was answered. */
  checkout(outcome: CheckoutOutcome): void;
  /** One call to the card provider; `ok` false when it did not answer (timeout, 5xx, our credentials). */
  providerCall(provider: string, operation: ProviderOperation, seconds: number, ok: boolean): void;
  /** A refund sent to the card provider, by its answer. */
  refund(outcome: RefundOutcome): void;
  /** A webhook answered to its platform (marketplaces, Square): the time from arrival to the answer. */
  webhookAck(platform: string, seconds: number): void;
  /** A new kitchen ticket delivered to a kitchen screen: the time since it was written (paid). */
  ticketShown(seconds: number): void;
  /** A request refused by the load shedding (http/load-shedding.ts). */
  shed(reason: ShedReason): void;
  /** Something a page's Content-Security-Policy blocked, as the browser reported it, by directive. */
  cspViolation(directive: string): void;
  /** A status Twilio reported for one of our SMS that moved its outbox row forward (not a repeat). */
  smsDelivery(status: SmsDeliveryStatus): void;

  // Alerts' additions (lib/metrics-orders.ts).
  /** An order became paid (our checkout) or arrived paid (a marketplace), at its location. */
  orderPaid(locationId: number, channel: PaidOrderChannel): void;
}

/** Observes one answer of a route: its method, its query_type ('' without one), status and time. */
export type HttpRouteRecorder = (method: string, queryType: string, status: number, seconds: number) => void;

export type CheckoutOutcome = 'paid' | 'declined' | 'refused' | 'provider_error' | 'capacity_full';
export type ProviderOperation = 'authorize' | 'complete' | 'cancel' | 'refund';
export type RefundOutcome = 'accepted' | 'refused' | 'no_answer';
export type ShedReason = 'queue' | 'in_flight' | 'event_loop';

/** Awaits a card provider's call, recording how long it took and whether it answered. */
export async function timedCall<T>(
  metrics: Metrics,
  provider: string,
  operation: ProviderOperation,
  call: Promise<T>,
): Promise<T> {
  const asked = performance.now();
  const took = () => (performance.now() - asked) / 1000;
  try {
    const answer = await call;
    metrics.providerCall(provider, operation, took(), true);
    return answer;
  } catch (error) {
    metrics.providerCall(provider, operation, took(), false);
    throw error;
  }
}

/** Metrics off: nothing is recorded and nothing can be read. */
export const noMetrics: Metrics = {
  registry: null,
  httpRoute: () => () => {},
  checkout() {},
  providerCall() {},
  refund() {},
  webhookAck() {},
  ticketShown() {},
  shed() {},
  cspViolation() {},
  smsDelivery() {},
  orderPaid() {},
};

/** A scrape's database reads give up after this (ms): a slow database never hangs a scrape. */
export const SCRAPE_QUERY_TIMEOUT_MS = 1_000;
/** Reads made for one scrape are shared by its gauges for this long (ms). */
const SCRAPE_READ_REUSE_MS = 1_000;

/** Latency buckets (seconds) for requests and provider calls: 5 ms to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Buckets (seconds) for a ticket's way from payment to a kitchen screen: 50 ms to 1 min. */
const DELIVERY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60];

export interface MetricsSources {
  database: Database;
  lifecycle: Lifecycle;
  clock: Clock;
  /** Called when a scrape's database read fails or times out (its gauges are then unknown). */
  onReadError(what: string, error: unknown): void;
}

/**
 * Metrics on: one registry per app (tests build several apps in one process, so never prom-client's
 * global registry), with the standard process and Node.js set (process_*, nodejs_*: memory, CPU,
 * event-loop delay, handles, GC) and the platform's own under `kitchaco_`. Backlogs are read from
 * the database at scrape time (collect callbacks), never counted in memory: every instance reports
 * the same database-wide figure, so alerts on them use max(), not sum().
 */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  // https://github.com/siimon/prom-client#default-metrics
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const http = new LeanHistogram(
    'kitchaco_http_request_duration_seconds',
    'HTTP requests by route pattern, method, query_type and status code, and how long they took.',
    LATENCY_BUCKETS,
    registry,
  );
  const checkouts = new Counter({
    name: 'kitchaco_checkouts_total',
    help: 'Checkouts by outcome: paid, declined (the card), refused (the card details), provider_error, capacity_full.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const provider = new Histogram({
    name: 'kitchaco_payment_provider_duration_seconds',
    help: 'Calls to the card provider by operation and result (ok: answered; error: no answer).',
    labelNames: ['provider', 'operation', 'result'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const refunds = new Counter({
    name: 'kitchaco_refunds_total',
    help: 'Refunds sent to the card provider by its answer: accepted, refused, no_answer.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const webhooks = new Histogram({
    name: 'kitchaco_webhook_ack_duration_seconds',
    help: 'Webhooks answered to their platform, from arrival to answer.',
    labelNames: ['platform'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const tickets = new Histogram({
    name: 'kitchaco_kitchen_ticket_delivery_seconds',
    help: 'New kitchen tickets delivered to a kitchen screen: time from the paid order to the screen.',
    buckets: DELIVERY_BUCKETS,
    registers,
  });
  const shed = new Counter({
    name: 'kitchaco_load_shed_total',
    help: 'Requests refused with 503 by the load shedding, by reason: queue, in_flight, event_loop.',
    labelNames: ['reason'] as const,
    registers,
  });

  const csp = new Counter({
    name: 'kitchaco_csp_violations_total',
    help: "What pages' Content-Security-Policy blocked, as browsers reported it, by directive (frame-src on checkout: a 3-D Secure page).",
    labelNames: ['directive'] as const,
    registers,
  });

  const smsDeliveries = new Counter({
    name: 'kitchaco_sms_delivery_total',
    help: 'SMS statuses Twilio reported in its status callbacks, each counted once per message (sent, delivered, undelivered, failed, ...).',
    labelNames: ['status'] as const,
    registers,
  });
  // Every status at 0 from the first scrape: the share undelivered is then 0, not "no data".
  for (const status of SMS_DELIVERY_STATUSES) smsDeliveries.inc({ status }, 0);

  const { database, lifecycle, clock } = sources;
  new Gauge({
    name: 'kitchaco_event_streams_open',
    help: 'Event streams open on this instance, by kind (kitchen, orders).',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      this.reset();
      for (const kind of STREAM_KINDS) this.set({ kind }, 0);
      for (const [kind, count] of lifecycle.openStreamsByKind()) this.set({ kind }, count);
    },
  });
  const poolGauge = (name: string, help: string, read: (s: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers,
      collect() {
        for (const [pool, stats] of Object.entries(database.poolStats())) this.set({ pool }, read(stats));
      },
    });
  poolGauge(
    'kitchaco_db_pool_in_use',
    'Database connections checked out, by pool (main, priority).',
    (s) => s.inUse,
  );
  poolGauge('kitchaco_db_pool_idle', 'Database connections open and idle, by pool.', (s) => s.idle);
  poolGauge(
    'kitchaco_db_pool_waiting',
    'Queries waiting for a free database connection, by pool.',
    (s) => s.waiting,
  );
  poolGauge('kitchaco_db_pool_max', 'The most connections each pool opens.', (s) => s.max);

  const read = scrapeReads(sources);
  const fromRead = <T>(
    name: string,
    help: string,
    labelName: string,
    query: NamedRead<T>,
    value: (row: T) => [string, number][],
    /** Label values reported as 0 when the read finds none: an empty backlog is a 0, not a gap. */
    known: readonly string[] = [],
  ) =>
    new Gauge({
      name,
      help,
      labelNames: labelName ? [labelName] : [],
      registers,
      async collect() {
        this.reset();
        const rows = await read(query);
        // Unknown this scrape: labelled series are left out; a gauge without labels says NaN, never
        // a reassuring (or alarming) 0.
        if (!rows) {
          if (!labelName) this.set(Number.NaN);
          return;
        }
        for (const label of known) this.set({ [labelName]: label }, 0);
        for (const row of rows) {
          for (const [label, v] of value(row)) this.set(labelName ? { [labelName]: label } : {}, v);
        }
      },
    });

  const outboxBacklog = named('outbox', () => outboxRows(database));
  fromRead(
    'kitchaco_outbox_backlog',
    'Messages waiting to be sent (pending or sending), by channel.',
    'channel',
    outboxBacklog,
    (r) => [[r.channel, r.waiting]],
    OUTBOX_CHANNELS,
  );
  fromRead(
    'kitchaco_outbox_oldest_seconds',
    'Age of the oldest message waiting to be sent, by channel.',
    'channel',
    outboxBacklog,
    (r) => [[r.channel, ageSeconds(clock, r.oldest)]],
    OUTBOX_CHANNELS,
  );
  const inboxBacklog = named('marketplace inbox', () => inboxRows(database));
  fromRead(
    'kitchaco_marketplace_inbox_backlog',
    'Marketplace events received and not yet processed, by platform.',
    'platform',
    inboxBacklog,
    (r) => [[r.channel, r.pending]],
    MARKETPLACE_CHANNELS,
  );
  fromRead(
    'kitchaco_marketplace_inbox_failed',
    'Marketplace events given up as failed (a person must retry them), by platform.',
    'platform',
    inboxBacklog,
    (r) => [[r.channel, r.failed]],
    MARKETPLACE_CHANNELS,
  );
  fromRead(
    'kitchaco_marketplace_inbox_oldest_seconds',
    'Age of the oldest marketplace event not yet processed, by platform.',
    'platform',
    inboxBacklog,
    (r) => (r.oldest === null ? [] : [[r.channel, ageSeconds(clock, r.oldest)]]),
    MARKETPLACE_CHANNELS,
  );
  const reconciliation = named('reconciliation and payment flags', () => reconciliationRows(database));
  fromRead(
    'kitchaco_reconciliation_last_run_timestamp_seconds',
    'When the last finished payment reconciliation ended (Unix time); 0 before the first.',
    '',
    reconciliation,
    (r) => (r.lastFinished === null ? [] : [['', r.lastFinished]]),
  );
  fromRead(
    'kitchaco_reconciliation_last_run_failed',
    'Whether the last finished payment reconciliation ended with an error (1) or not (0).',
    '',
    reconciliation,
    (r) => (r.lastFinished === null ? [] : [['', r.lastFailed ? 1 : 0]]),
  );
  fromRead(
    'kitchaco_payment_flags_open',
    'Payments flagged for a super admin and not yet resolved.',
    '',
    reconciliation,
    (r) => [['', r.flagsOpen]],
  );

  // Alerts' additions: paid orders by location, locations open, database up (lib/metrics-orders.ts).
  const orders = createOrderMetrics(registers, { database, clock, read });

  return {
    registry,
    httpRoute: (route) => (method, queryType, status, seconds) =>
      http.observe(
        http.seriesFor(`${route} ${method} ${status} ${queryType}`, () => ({
          route,
          method,
          query_type: queryType,
          status: String(status),
        })),
        seconds,
      ),
    checkout: (outcome) => checkouts.inc({ outcome }),
    providerCall: (name, operation, seconds, ok) =>
      provider.observe({ provider: name, operation, result: ok ? 'ok' : 'error' }, seconds),
    refund: (outcome) => refunds.inc({ outcome }),
    webhookAck: (platform, seconds) => webhooks.observe({ platform }, seconds),
    ticketShown: (seconds) => tickets.observe(Math.max(0, seconds)),
    shed: (reason) => shed.inc({ reason }),
    cspViolation: (directive) => csp.inc({ directive }),
    smsDelivery: (status) => smsDeliveries.inc({ status }),
    orderPaid: orders.orderPaid,
  };
}

/** The kinds of event stream, always reported (0 when none is open), so an alert sees them. */
const STREAM_KINDS = ['kitchen', 'orders'] as const;

export interface PoolStats {
  inUse: number;
  idle: number;
  waiting: number;
  max: number;
}

function ageSeconds(clock: Clock, epochSeconds: number): number {
  return Math.max(0, clock.now().getTime() / 1000 - epochSeconds);
}

/**
 * One read per scrape and kind, shared by the gauges made from it, with a deadline: a read that
 * fails or times out leaves its gauges empty for that scrape (and is logged) instead of failing it.
 */
function scrapeReads(sources: MetricsSources) {
  const recent = new Map<() => Promise<unknown[]>, { at: number; rows: Promise<unknown[] | null> }>();
  return <T>(query: NamedRead<T>): Promise<T[] | null> => {
    const now = performance.now();
    const kept = recent.get(query);
    if (kept && now - kept.at < SCRAPE_READ_REUSE_MS) return kept.rows as Promise<T[] | null>;
    const rows = withDeadline(query(), SCRAPE_QUERY_TIMEOUT_MS).catch((error: unknown) => {
      sources.onReadError(query.what, error);
      return null;
    });
    recent.set(query, { at: now, rows });
    return rows;
  };
}

/** A database read made at scrape time, with what it reads (for the log when it fails). */
export type NamedRead<T> = (() => Promise<T[]>) & { what: string };

function named<T>(what: string, query: () => Promise<T[]>): NamedRead<T> {
  return Object.assign(query, { what });
}
