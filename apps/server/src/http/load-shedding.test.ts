import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createStaff, TEST_PASSWORD } from '../test/factories.js';
import { Admission, QUEUE_FLOOR, QUEUE_HEADROOM, TURN_WORK_MS } from './load-shedding.js';

let t: TestApp;
let email: string;
const METRICS_TOKEN = 'load-shedding-test-metrics-token-0123456789';

beforeAll(async () => {
  // Two requests in progress at most: password checks (argon2) keep requests busy long enough.
  t = await createTestApp({
    MAX_IN_FLIGHT: '2',
    STAFF_LOGIN_FAILURES_ALLOWED: '1000',
    METRICS_TOKEN: METRICS_TOKEN,
  });
  email = (await createStaff(t.database.db, 'super_admin')).email;
});
afterAll(() => t.close());

describe('load shedding', () => {
  it('answers requests beyond the in-flight limit at once with 503 and Retry-After, then serves again', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin-data/',
        payload: { query_type: 'admin_login', email, password: `${TEST_PASSWORD}-wrong` },
      });
    const results = await Promise.all(Array.from({ length: 8 }, login));
    const shed = results.filter((r) => r.statusCode === 503);
    expect(shed.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.statusCode !== 503).length).toBeGreaterThanOrEqual(2);
    expect(shed[0]!.headers['retry-after']).toBe('2');
    expect(shed[0]!.json()).toMatchObject({ success: false, code: 'overloaded' });
    // Each refusal is counted for the metrics, by its reason (docs/operations.md, "Metrics").
    const metrics = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain(`kitchaco_load_shed_total{reason="in_flight"} ${shed.length}\n`);
    // Health is never shed, and once the burst is over requests are served again.
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await login()).statusCode).not.toBe(503);
  });
});

/** A clock the test moves by hand, and a "later" that runs only when the test turns the loop. */
function fakeLoop() {
  let now = 0;
  const pending: (() => void)[] = [];
  return {
    clock: { now: () => now, later: (fn: () => void) => void pending.push(fn) },
    advance: (ms: number) => {
      now += ms;
    },
    /** One turn of the event loop: runs what was scheduled for it. */
    turn: () => {
      for (const fn of pending.splice(0)) fn();
    },
  };
}

describe('admission by queue time', () => {
  it('runs requests at once while the turn has work left, then holds them in line, one per turn', () => {
    const loop = fakeLoop();
    const admission = new Admission({ maxInFlight: 0, maxQueueMs: 500 }, loop.clock);
    const ran: number[] = [];
    const shed: number[] = [];
    for (let i = 0; i < 3; i++) {
      admission.admit(
        () => ran.push(i),
        () => shed.push(i),
      );
      if (ran.includes(i)) {
        loop.advance(TURN_WORK_MS / 2); // handled synchronously, taking 10 ms
        admission.finish();
      }
    }
    // Two ran within the turn's 20 ms of work; the third waits for the next turn.
    expect(ran).toEqual([0, 1]);
    expect(admission.load).toEqual({ inProgress: 0, waiting: 1 });
    loop.turn();
    expect(ran).toEqual([0, 1, 2]);
    expect(admission.load).toEqual({ inProgress: 1, waiting: 0 });
    expect(shed).toEqual([]);
  });

  it('sheds at once when the answer (the wait in line and its own service) would pass the budget, and not before', () => {
    const loop = fakeLoop();
    // A budget of 100 ms with its headroom: the line is filled to 90 ms.
    const admission = new Admission({ maxInFlight: 0, maxQueueMs: 100 / QUEUE_HEADROOM }, loop.clock);
    // Measure the service rate: 50 requests of 10 ms each, one after the other (0.1 per ms).
    for (let i = 0; i < 50; i++) {
      admission.loopTurned();
      admission.admit(
        () => {},
        () => {
          throw new Error('shed while idle');
        },
      );
      loop.advance(10);
      admission.finish();
    }
    expect(admission.load).toEqual({ inProgress: 0, waiting: 0 });
    // A burst in one turn: past the turn's work, requests wait in line, 10 ms each.
    admission.loopTurned();
    loop.advance(TURN_WORK_MS);
    let waiting = 0;
    let shed = 0;
    for (let i = 0; i < 30; i++) {
      admission.admit(
        () => waiting++,
        () => shed++,
      );
    }
    // The 10th in line waits 90 ms and is answered after 100 ms; the 11th would be answered after
    // 110 ms, past the budget less its headroom: it and the later ones are shed at once.
    expect(admission.load.waiting).toBe(10);
    expect(admission.expectedWaitMs()).toBeCloseTo(100);
    expect(shed).toBe(20);
    // Once the line has drained, requests run again.
    for (let i = 0; i < 10; i++) {
      loop.turn();
      loop.advance(10);
      admission.finish();
    }
    expect(waiting).toBe(10);
    expect(admission.load).toEqual({ inProgress: 0, waiting: 0 });
    expect(admission.overloaded()).toBe(false);
  });

  it('sheds while the first request in line has waited past the budget, even before the rate is known', () => {
    const loop = fakeLoop();
    const admission = new Admission({ maxInFlight: 0, maxQueueMs: 100 }, loop.clock);
    loop.advance(TURN_WORK_MS);
    for (let i = 0; i < QUEUE_FLOOR; i++)
      admission.admit(
        () => {},
        () => {},
      );
    expect(admission.load.waiting).toBe(QUEUE_FLOOR);
    expect(admission.overloaded()).toBe(false);
    loop.advance(101);
    expect(admission.headWaitMs()).toBe(101);
    expect(admission.overloaded()).toBe(true);
  });

  it('under steady overload keeps its line near the budget, and answers those let in within it', () => {
    const loop = fakeLoop();
    const budget = 1000;
    const admission = new Admission({ maxInFlight: 0, maxQueueMs: budget }, loop.clock);
    let serviceMs = 10;
    /** When each request that has started arrived; the test serves them one by one. */
    const started: number[] = [];
    const answeredAfter: [number, number][] = [];
    const serve = () => {
      for (let at = started.shift(); at !== undefined; at = started.shift()) {
        loop.advance(serviceMs);
        admission.finish();
        answeredAfter.push([at, loop.clock.now() - at]);
      }
    };
    const arrive = () => {
      const at = loop.clock.now();
      admission.admit(
        () => started.push(at),
        () => {},
      );
    };
    // Measure the rate (one per 10 ms), then offer three times that for 6 s; for 1 s in the middle
    // the service slows by a fifth, so the first in line passes its expected wait.
    for (let i = 0; i < 50; i++) {
      admission.loopTurned();
      arrive();
      serve();
    }
    const lineLengths: number[] = [];
    let slowEnd = Infinity;
    for (let step = 0; step < 600; step++) {
      serviceMs = step >= 250 && step < 350 ? 12 : 10;
      if (step === 350) slowEnd = loop.clock.now();
      loop.turn();
      serve();
      for (let i = 0; i < 3; i++) arrive();
      serve();
      lineLengths.push(admission.load.waiting);
    }
    // Full within the first 1.5 s, and never drained while the overload lasts.
    const full = Math.max(...lineLengths);
    expect(full).toBeGreaterThan(80);
    expect(Math.min(...lineLengths.slice(150))).toBeGreaterThan(full / 2);
    // Those let in were answered within the budget; those already in line when the service slowed
    // by a fifth, within a tenth more, since the line is filled to 90% of the budget.
    const after = (from: number) => answeredAfter.filter(([at]) => at >= from).map(([, ms]) => ms);
    expect(Math.max(...after(0))).toBeLessThanOrEqual(budget * 1.1);
    expect(Math.max(...after(slowEnd))).toBeLessThanOrEqual(budget);
  });

  it('never holds a request in line without a queue budget; the in-flight limit still holds', () => {
    const loop = fakeLoop();
    const admission = new Admission({ maxInFlight: 2, maxQueueMs: 0 }, loop.clock);
    loop.advance(1000);
    let ran = 0;
    let shed = 0;
    for (let i = 0; i < 3; i++) {
      admission.admit(
        () => ran++,
        () => shed++,
      );
    }
    expect({ ran, shed }).toEqual({ ran: 2, shed: 1 });
    admission.finish();
    expect(admission.overloaded()).toBe(false);
  });
});
