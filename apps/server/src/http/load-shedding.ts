import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics, ShedReason } from '../lib/metrics.js';
import { toWire, unavailable } from './errors.js';

const BUSY = 'The service is busy. Please try again in a moment.';
const RETRY_AFTER_SECONDS = 2;

export interface LoadOptions {
  /** Requests in progress beyond this are shed, whatever the estimate (0 = no limit). */
  maxInFlight: number;
  /** A request that would be answered later than this after it was read is shed (0 = off). */
  maxQueueMs: number;
  /** While the mean event loop delay exceeds this, requests are shed (0 = off). */
  maxEventLoopDelayMs: number;
}

/**
 * The line is filled to this share of the queue budget: the wait is an estimate, and a line let in
 * at one rate may be served at a lower one (the rate is measured as it is served; shedding itself
 * costs time, and an overload's first seconds are measured at the rate before it).
 */
export const QUEUE_HEADROOM = 0.9;
/** With fewer requests than this ahead of it, a request is never shed by its expected wait. */
export const QUEUE_FLOOR = 8;
/** Work (ms) one turn of the event loop does before later requests wait in line for the next turns. */
export const TURN_WORK_MS = 20;
/** How often (ms) the event loop's turns are stamped. */
export const TURN_STAMP_MS = 10;
/** Busy time (ms) over which each sample of the service rate is measured. */
const SAMPLE_BUSY_MS = 250;
/** Weight of the newest sample in the service rate (an exponentially weighted mean). */
const SAMPLE_WEIGHT = 0.3;

export interface AdmissionClock {
  now(): number;
  /** Runs `fn` on a later turn of the event loop, after pending I/O has been read. */
  later(fn: () => void): void;
}

const systemClock: AdmissionClock = { now: () => performance.now(), later: (fn) => setImmediate(fn) };

interface Waiting {
  since: number;
  /** The wait expected for it when it was let in line. */
  expectedMs: number;
  run: () => void;
}

/**
 * Admission by queue time (docs/performance.md, "Overload"). Each request is run at once, put in
 * line, or shed at once with a 503, by how long it would wait before being handled:
 *
 * - The wait is `ahead / rate`: the requests in progress or in line ahead of it, over the measured
 *   service rate (completions per busy millisecond, busy meaning something in progress or in line:
 *   idle time does not lower it; until a first sample exists nothing is shed by it).
 *   The first request in line corrects the estimate while the rate catches up with a change of
 *   load: what it has waited beyond the wait expected for it is added (a measured lateness).
 *   When the wait and its own service time (`1 / rate`) pass `maxQueueMs` (less a headroom for
 *   the estimate's error, `QUEUE_HEADROOM`), with at least `QUEUE_FLOOR` ahead, it is shed:
 *   `maxQueueMs` bounds the answer, not only the wait. Until the rate is known, a request is shed
 *   while the first in line has waited `maxQueueMs`.
 *   (Shedding whenever the first in line had waited `maxQueueMs`, as before, emptied the line
 *   under steady overload: once its first request passed the budget by a few milliseconds, every
 *   newcomer was refused until the line had drained, though most would have been answered in
 *   time.)
 * - The line exists because work on the embedded database is synchronous: requests are then read
 *   and handled one after the other inside one turn of the event loop, never "in progress" together,
 *   and a backlog would sit unseen in the sockets while later requests wait to be read at all. So a
 *   turn does at most `TURN_WORK_MS` of work (`loopTurned` stamps each turn); later requests wait in
 *   line and are released one per turn, so the loop keeps reading new requests, and the ones it
 *   sheds get their 503 fast. A request let in line is served (unless its client has gone).
 * - With PostgreSQL the work waits on I/O, requests are in progress together, and the same estimate
 *   holds with `ahead` counting them.
 *
 * Past `maxInFlight` requests in progress or in line, a request is shed whatever the estimate. With
 * `maxQueueMs` 0 requests are never held in line. The clock is injected, so tests need no timing.
 */
export class Admission {
  private inFlight = 0;
  private readonly waiting: Waiting[] = [];
  private releasing = false;
  /** Completions per busy millisecond; 0 until measured. */
  private rate = 0;
  private busyMs = 0;
  private completed = 0;
  private lastChange: number;
  private turnStamp: number;

  constructor(
    private readonly options: Pick<LoadOptions, 'maxInFlight' | 'maxQueueMs'>,
    private readonly clock: AdmissionClock = systemClock,
  ) {
    this.lastChange = clock.now();
    this.turnStamp = this.lastChange;
  }

  /** Requests in progress, and requests waiting in line. */
  get load(): { inProgress: number; waiting: number } {
    return { inProgress: this.inFlight, waiting: this.waiting.length };
  }

  /** Called as the event loop comes round (a timer): the work of a new turn starts. */
  loopTurned(): void {
    this.turnStamp = this.clock.now();
  }

  /** The wait (ms) of a request arriving now behind those ahead of it; 0 while not measured. */
  expectedWaitMs(): number {
    return this.rate > 0 ? (this.inFlight + this.waiting.length) / this.rate : 0;
  }

  /** How long (ms) the first request in line has waited so far; 0 when none waits. */
  headWaitMs(): number {
    const head = this.waiting[0];
    return head ? this.clock.now() - head.since : 0;
  }

  /** How much longer (ms) than expected the first request in line has waited so far. */
  headLateMs(): number {
    const head = this.waiting[0];
    return head ? Math.max(0, this.clock.now() - head.since - head.expectedMs) : 0;
  }

  /** Whether as many requests are in progress or in line as `maxInFlight` allows. */
  queueFull(): boolean {
    const { maxInFlight } = this.options;
    return maxInFlight > 0 && this.inFlight + this.waiting.length >= maxInFlight;
  }

  /** Whether a request arriving now is shed. */
  overloaded(): boolean {
    const { maxInFlight, maxQueueMs } = this.options;
    const ahead = this.inFlight + this.waiting.length;
    if (maxInFlight > 0 && ahead >= maxInFlight) return true;
    if (maxQueueMs <= 0 || ahead < QUEUE_FLOOR) return false;
    if (this.rate === 0) return this.headWaitMs() > maxQueueMs;
    // The budget is for the answer: the wait in line and the request's own service time.
    return this.expectedWaitMs() + this.headLateMs() + 1 / this.rate > maxQueueMs * QUEUE_HEADROOM;
  }

  /**
   * Runs `run` now or once its turn comes, or calls `shed` now. Every request that runs must call
   * `finish()` once when it is answered.
   */
  admit(run: () => void, shed: () => void): void {
    const now = this.clock.now();
    if (this.overloaded()) shed();
    else if (
      this.options.maxQueueMs <= 0 ||
      (this.waiting.length === 0 && now - this.turnStamp < TURN_WORK_MS)
    ) {
      this.start(run);
    } else {
      this.advance();
      this.waiting.push({ since: now, expectedMs: this.expectedWaitMs(), run });
      this.releaseLater();
    }
  }

  finish(): void {
    this.advance();
    this.inFlight--;
    this.completed++;
    if (this.busyMs >= SAMPLE_BUSY_MS) {
      const sample = this.completed / this.busyMs;
      this.rate = this.rate === 0 ? sample : this.rate + SAMPLE_WEIGHT * (sample - this.rate);
      this.busyMs = 0;
      this.completed = 0;
    }
  }

  private start(run: () => void): void {
    this.advance();
    this.inFlight++;
    run();
  }

  private releaseLater(): void {
    if (this.releasing) return;
    this.releasing = true;
    this.clock.later(() => this.releaseOne());
  }

  private releaseOne(): void {
    this.releasing = false;
    this.loopTurned();
    this.advance();
    const next = this.waiting.shift();
    if (next) this.start(next.run);
    if (this.waiting.length) this.releaseLater();
  }

  private advance(): void {
    const now = this.clock.now();
    if (this.inFlight + this.waiting.length > 0) this.busyMs += now - this.lastChange;
    this.lastChange = now;
  }
}

/** Sets the 503 status and Retry-After, counts the refusal, and returns the body to send. */
function busy(reply: FastifyReply, metrics: Metrics, reason: ShedReason) {
  metrics.shed(reason);
  reply.status(503).header('retry-after', RETRY_AFTER_SECONDS);
  return { ...toWire(unavailable(BUSY)), code: 'overloaded' };
}

/**
 * Never shed: load balancers must see health, and a marketplace webhook is only written to the
 * inbox (a short insert) and answered: a platform refused gives up after a few retries and the
 * order is lost (Uber Eats cancels an order not answered in time), so it is let in while the
 * database is up. Known by its route, never by what the client says.
 */
const neverShed = (request: FastifyRequest) =>
  request.url === '/healthz' ||
  // Prometheus must still see an overloaded instance (METRICS_TOKEN; a cheap read).
  request.url === '/metrics' ||
  request.url === '/livez' ||
  request.url === '/readyz' ||
  MARKETPLACE_WEBHOOK.test(request.routeOptions?.url ?? '');
const MARKETPLACE_WEBHOOK = /^\/api\/v1\/marketplaces\/[a-z-]+\/webhook\/$/;
/**
 * A live event stream stays open by design: shed like any request, but not counted as work. Known
 * by its route, never by what the client says it accepts.
 */
const isEventStream = (request: FastifyRequest) =>
  (request.routeOptions.config as { eventStream?: boolean } | undefined)?.eventStream === true;

/**
 * Sheds load instead of queueing it without bound (see `Admission`): a request that would wait
 * more than `maxQueueMs` to be handled, any request past `maxInFlight` in progress or in line, and
 * every request while the event loop lags more than `maxEventLoopDelayMs` (a mean over a second, a
 * backstop), is answered at once with 503 and Retry-After (the spec's failure shape, code
 * `overloaded`). Clients back off instead of timing out, and the server recovers as soon as the
 * load drops. `/healthz` and the marketplace webhooks are never shed. A request counts only once its body has been read.
 */
export async function addLoadShedding(
  app: FastifyInstance,
  options: LoadOptions,
  metrics: Metrics,
): Promise<void> {
  if (options.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      exposeStatusRoute: false,
      // under-pressure sends what the handler returns; returning nothing lets the request through.
      pressureHandler: ((request: FastifyRequest, reply: FastifyReply) =>
        neverShed(request) ? undefined : busy(reply, metrics, 'event_loop')) as unknown as () => void,
    });
  }
  if (options.maxInFlight <= 0 && options.maxQueueMs <= 0) return;
  const admission = new Admission(options);
  const turns = setInterval(() => admission.loopTurned(), TURN_STAMP_MS);
  turns.unref();
  app.addHook('onClose', () => clearInterval(turns));
  // Admitted once the body has arrived (preHandler): a client sending its body slowly holds a
  // socket (bounded by REQUEST_TIMEOUT_MS and MAX_CONNECTIONS_PER_ADDRESS), never a place in line.
  app.addHook('preHandler', (request, reply, done) => {
    if (neverShed(request)) return done();
    const shed = () => void reply.send(busy(reply, metrics, admission.queueFull() ? 'in_flight' : 'queue'));
    if (isEventStream(request)) return admission.overloaded() ? shed() : done();
    // A client may hang up while its request waits in line: it is then dropped when its turn comes.
    let state: 'waiting' | 'running' | 'over' = 'waiting';
    const end = () => {
      if (state === 'running') admission.finish();
      state = 'over';
    };
    reply.raw.once('finish', end);
    reply.raw.once('close', end);
    admission.admit(() => {
      if (state === 'over') return admission.finish();
      state = 'running';
      done();
    }, shed);
  });
}
