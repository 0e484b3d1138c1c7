import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp, UNLIMITED_CHECKOUTS } from '../test/app.js';
import { tokenFor } from '../test/auth.js';
import { createLocation, createMeal, createVendor } from '../test/factories.js';
import { CARD_OK } from '../test/payments.js';
import { shutDown } from './shutdown.js';

/**
 * A deploy as a load balancer sees it (issue 35): two instances on one database, customers
 * ordering through the balancer, a kitchen display and a customer's order status following one
 * instance, the pickup board polling. The display's instance is stopped (SIGTERM's path): the
 * balancer stops sending to it once its /readyz says 503, the display and the order status move to
 * the other instance, and no ticket, order or answer is lost on the way.
 */
let t: TestApp;
let leaving: FastifyInstance;
let staying: string;
let going: string;
let locationId: number;
let meal: number;
let kitchenToken: string;
let customer: { token: string; id: number };
let boardToken: string;
let operatorToken: string;

beforeAll(async () => {
  t = await createTestApp(UNLIMITED_CHECKOUTS);
  const db = t.database.db;
  locationId = (await createLocation(db, { name: 'Reservoir' })).id;
  meal = (await createMeal(db, (await createVendor(db, locationId)).id, { price: '12.00' })).meal.id;
  kitchenToken = (await tokenFor(db, 'kitchen', locationId)).token;
  customer = await tokenFor(db, 'customer');
  leaving = await secondInstance(t, { adapters: t.app.appContext.adapters });
  going = await leaving.listen({ port: 0, host: '127.0.0.1' });
  staying = await t.app.listen({ port: 0, host: '127.0.0.1' });
  operatorToken = (await tokenFor(db, 'operator', locationId)).token;
  const link = await post(staying, '/api/v1/admin-data/', operatorToken, {
    query_type: 'pickup_board_link',
    kitchaco: locationId,
  });
  expect(link.status).toBe(200);
  boardToken = (link.body as { display_token: string }).display_token;
});
// The instance that stays stops the way every instance does (any stream still open is ended).
afterAll(() => shutDown(t.app, { drainMs: 0, after: () => t.database.close() }));

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One request on the balancer's kept-alive sockets: its status and body, or the transport error. */
function request(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown; error?: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Token ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null }));
        res.on('error', (error) =>
          resolve({ status: 0, body: null, error: `${error} reused=${req.reusedSocket}` }),
        );
      },
    );
    req.on('error', (error) =>
      resolve({ status: 0, body: null, error: `${error} reused=${req.reusedSocket}` }),
    );
    req.end(body ? JSON.stringify(body) : undefined);
  });
}
const post = (
  base: string,
  path: string,
  token: string | null,
  body: unknown,
  headers?: Record<string, string>,
) => request(base, 'POST', path, token, body, headers);

/** The load balancer: the instances whose /readyz said 200 at its last check (every 50 ms). */
function balancer(bases: string[]) {
  const ready = new Set(bases);
  let turn = 0;
  const timer = setInterval(() => {
    for (const base of bases) {
      void fetch(`${base}/readyz`)
        .then((r) => (r.ok ? ready.add(base) : ready.delete(base)))
        .catch(() => ready.delete(base));
    }
  }, 50);
  const pick = (): string => {
    const choices = bases.filter((b) => ready.has(b));
    return choices[turn++ % choices.length] ?? bases[0]!;
  };
  return {
    pick,
    /**
     * A request through the balancer. A new connection refused or reset by the leaving instance (in
     * the instant its listening socket closes, before its next health check) is passed to the next
     * instance once, as nginx's `proxy_next_upstream error` does; a checkout carries its
     * idempotency key, so a second try never pays twice.
     */
    async request(...args: Parameters<typeof request> extends [string, ...infer R] ? R : never) {
      const answer = await request(pick(), ...args);
      if (answer.status !== 0 || !answer.error?.includes('reused=false')) return answer;
      return request(pick(), ...args);
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * A client of an event stream as the web app follows it (lib/live/follow-event-stream.ts): on
 * `event: reconnect` or the end of the stream it connects again through the balancer; `onHello`
 * runs on each connection (the kitchen refetches its tickets then).
 */
function follow(
  lb: ReturnType<typeof balancer>,
  first: string,
  path: string,
  token: string,
  onEvent: (event: string, data: string, base: string) => void | Promise<void>,
) {
  const connections: { base: string; at: number }[] = [];
  let stopped = false;
  const abort = new AbortController();
  const loop = (async () => {
    let base = first;
    while (!stopped) {
      connections.push({ base, at: Date.now() });
      try {
        const res = await fetch(`${base}${path}`, {
          headers: { authorization: `Token ${token}` },
          signal: abort.signal,
        });
        if (res.status !== 200) {
          await res.body?.cancel();
        } else {
          const reader = res.body!.getReader();
          let text = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            text += new TextDecoder().decode(value);
            let cut = text.indexOf('\n\n');
            while (cut >= 0) {
              const chunk = text.slice(0, cut);
              text = text.slice(cut + 2);
              const event = /^event: (.*)$/m.exec(chunk)?.[1];
              const data = /^data: (.*)$/m.exec(chunk)?.[1] ?? '';
              if (event) await onEvent(event, data, base);
              cut = text.indexOf('\n\n');
            }
          }
        }
      } catch {
        if (stopped) return;
      }
      // Within half a second, as the web app does after `reconnect`.
      await new Promise((resolve) => setTimeout(resolve, 100));
      base = lb.pick();
    }
  })();
  return {
    connections,
    async stop() {
      stopped = true;
      abort.abort();
      await loop;
    },
  };
}

describe('a rolling restart under load', () => {
  it('moves the displays to the instance that stays: no ticket missed, no answer lost, no socket reset', async () => {
    const lb = balancer([going, staying]);
    const seenTickets = new Set<number>();
    const statuses: string[] = [];
    const display = follow(lb, going, '/api/v1/kitchen/events/', kitchenToken, async (event, data, base) => {
      if (event === 'hello') {
        const list = await post(base, '/api/v1/admin-data/', kitchenToken, {
          query_type: 'kitchen_tickets',
          kitchaco: locationId,
        });
        for (const ticket of (list.body as { tickets?: { order_id: number }[] }).tickets ?? []) {
          seenTickets.add(ticket.order_id);
        }
      } else if (event === 'ticket') seenTickets.add((JSON.parse(data) as { order_id: number }).order_id);
    });
    const orderStatus = follow(lb, going, '/api/v1/orders/events/', customer.token, (event, data) => {
      if (event === 'status') statuses.push((JSON.parse(data) as { status: string }).status);
    });

    const accepted: number[] = [];
    const failures: string[] = [];
    let ordering = true;
    const orderer = async () => {
      while (ordering) {
        const answer = await lb.request(
          'POST',
          '/api/v1/orders/',
          customer.token,
          {
            checkout: {
              kitchaco: locationId,
              order_type: 'pickup',
              lines: [{ meal_id: meal, quantity: 1, combo_ids: [] }],
            },
            payment: CARD_OK,
          },
          { 'idempotency-key': randomUUID() },
        );
        if (answer.status === 200) accepted.push((answer.body as { order: { id: number } }).order.id);
        else failures.push(answer.error ?? `${answer.status} ${JSON.stringify(answer.body)}`);
      }
    };
    const board = async () => {
      while (ordering) {
        const answer = await lb.request('GET', `/api/v1/pickup-board/?display=${boardToken}`, null);
        if (answer.status !== 200) failures.push(`pickup board: ${answer.error ?? answer.status}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    // A proxy that keeps its sockets to the leaving instance and never asks /readyz (as nginx's
    // upstream keepalive does). A request on a kept-alive socket is always answered, never reset
    // (the 9-14 resets). A new connection may be refused, or reset by the kernel in the
    // instant the listening socket closes (the request was never read, so it is retried): at most
    // once per client, since after that instant every connection is refused.
    const resets: string[] = [];
    const atClose: string[] = [];
    let answeredByLeaving = 0;
    const stubborn = async () => {
      while (ordering) {
        const answer = await request(going, 'GET', '/api/v1/vendors/', null);
        if (answer.status === 200) answeredByLeaving++;
        else if (answer.error?.includes('reused=true') || !answer.error) {
          resets.push(answer.error ?? String(answer.status));
        } else if (!answer.error.includes('ECONNREFUSED')) atClose.push(answer.error);
        if (answer.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const proxies = 4;
    const load = [orderer(), orderer(), orderer(), board(), ...Array.from({ length: proxies }, stubborn)];

    await expect.poll(() => accepted.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
    const stoppedAt = Date.now();
    // SIGTERM's path (server.ts): the balancer's next health check sees 503 within its 50 ms.
    const stop = await shutDown(leaving, { drainMs: 300, after: async () => {} });
    expect(stop.streams).toBe(2);
    const afterStop = accepted.length;
    await expect.poll(() => accepted.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(afterStop + 10);
    ordering = false;
    await Promise.all(load);

    // A status change made now reaches the customer through the instance that stays.
    const last = accepted.at(-1)!;
    const staff = await post(staying, '/api/v1/admin-data/', operatorToken, {
      query_type: 'update_order_status',
      order_id: last,
      status: 'Cooking',
    });
    expect(staff.status).toBe(200);
    await expect.poll(() => statuses.includes('Cooking'), { timeout: 5_000 }).toBe(true);

    // Every order any instance accepted is on the display, and nothing failed on the way.
    await expect.poll(() => accepted.filter((id) => !seenTickets.has(id)), { timeout: 5_000 }).toEqual([]);
    expect(failures).toEqual([]);
    expect(resets).toEqual([]);
    expect(atClose.length).toBeLessThanOrEqual(proxies);
    expect(answeredByLeaving).toBeGreaterThan(0);
    // Each stream moved once, to the instance that stays, within a second of the stop.
    for (const stream of [display, orderStatus]) {
      expect(stream.connections.map((c) => c.base)).toEqual([going, staying]);
      expect(stream.connections[1]!.at - stoppedAt).toBeLessThan(1_000);
    }
    await Promise.all([display.stop(), orderStatus.stop()]);
    lb.stop();
    agent.destroy();
  }, 60_000);
});
