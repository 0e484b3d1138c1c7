import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';

/** The built server (apps/server/dist) as production runs it: spawned, its output kept. */
const root = new URL('../../../../', import.meta.url).pathname;

/**
 * No load shedding (docs/operations.md, "Load shedding"), for a spawned server whose test is not
 * about it: on a busy machine a server just started (the demo seeded, the code still cold) may
 * estimate a wait over MAX_QUEUE_MS or see a long event-loop delay, and answer a test's first calls
 * 503 "The service is busy" (issue 43). http/load-shedding.test.ts tests the shedding itself.
 */
export const NO_LOAD_SHEDDING = {
  MAX_IN_FLIGHT: '0',
  MAX_QUEUE_MS: '0',
  MAX_EVENT_LOOP_DELAY_MS: '0',
} as const;

/** Production settings on top of this process's environment (minus its database and log format). */
export function production(extra: Record<string, string>) {
  const {
    DATABASE_URL: _,
    TEST_DATABASE_URL: __,
    TEST_DATABASE_POOLER_URL: ____,
    LOG_FORMAT: ___,
    ...inherited
  } = process.env;
  return {
    ...inherited,
    NODE_ENV: 'production',
    PROVIDER_ABN: '51 824 753 556',
    APP_SECRET: 'p'.repeat(40),
    PAYMENTS_PROVIDER: 'test',
    HOST: '127.0.0.1',
    // The API alone: these tests run before (and without) a build of the web app, which a
    // production start otherwise requires (scripts/prod-smoke.mjs starts one with the site).
    SERVE_WEB: 'false',
    ...NO_LOAD_SHEDDING,
    ...extra,
  };
}

/** Runs a built script of the server (`main.js`, `cli/migrate.js`) with `env` and arguments. */
export function run(env: Record<string, string | undefined>, script = 'main.js', args: string[] = []) {
  const child = spawn(process.execPath, [join(root, 'apps/server/dist', script), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

/** Every line is a JSON object (what a log collector reads); answers them parsed. */
export function jsonLines(output: string): Record<string, unknown>[] {
  const lines = output.split('\n').filter((l) => l.trim() !== '');
  for (const line of lines) expect(() => JSON.parse(line), `not JSON: ${line}`).not.toThrow();
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** One call to a spawned server: JSON both ways, failures as HTTP statuses (`Prefer: status-codes`). */
export async function callServer(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      prefer: 'status-codes',
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: res.status,
    requestId: res.headers.get('x-request-id'),
    body: (await res.json().catch(() => null)) as Record<string, unknown>,
  };
}

/** A spawned demo server's customer (signed in with the code its dev outbox shows) and super admin. */
export async function demoSignIn(base: string) {
  const phone = '+61400000000';
  expect((await callServer(base, 'POST', '/api/v1/send-sms/', { phone })).status).toBe(200);
  const outbox = await callServer(base, 'GET', '/api/dev/outbox?limit=50');
  const sms = (outbox.body.messages as { to: string; body: string }[]).find(
    (m) => m.to === phone && /sign-in code is (\d{4})/.test(m.body),
  );
  const code = /sign-in code is (\d{4})/.exec(sms!.body)![1];
  const login = await callServer(base, 'POST', '/api/v1/login-phone/', { phone, code });
  const admin = await callServer(base, 'POST', '/api/v1/admin-data/', {
    query_type: 'admin_login',
    email: 'admin@demo.test',
    password: 'demo-password',
  });
  return { customer: String(login.body.token), admin: String(admin.body.token) };
}

/**
 * A cart of the first meal of the first brand of a spawned demo server's first location; the
 * locations' Square ids are added to `squareLocations` (a fake Square must know them).
 */
export async function demoCart(base: string, squareLocations: Set<string>) {
  const locations = await callServer(base, 'GET', '/api/v1/kitchaco-location/');
  const list = (locations.body.data ?? locations.body) as { id: number; square_location_id: string | null }[];
  for (const l of list) if (l.square_location_id) squareLocations.add(l.square_location_id);
  const location = list[0]!;
  const vendors = await callServer(base, 'GET', `/api/v1/vendors/?kitchaco=${location.id}`);
  const vendor = ((vendors.body.data ?? vendors.body) as { id: number }[])[0]!;
  const menu = await callServer(base, 'GET', `/api/v1/vendors/${vendor.id}/menu/`);
  const meal = (menu.body.meals as { id: number; meal_subitem: { id: number }[] }[])[0]!;
  return {
    kitchaco: location.id,
    order_type: 'pickup' as const,
    lines: [
      {
        meal_id: meal.id,
        quantity: 1,
        combo_ids: [],
        ...(meal.meal_subitem.length ? { subitem_id: meal.meal_subitem[0]!.id } : {}),
      },
    ],
  };
}
