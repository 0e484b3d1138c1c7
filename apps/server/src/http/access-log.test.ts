import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { TestClock } from '../test/app.js';
import { tokenFor } from '../test/auth.js';
import { createTestDatabase } from '../test/db.js';
import { createLocation } from '../test/factories.js';

/**
 * The access log of production (JSON lines) says, for each request, which call it was and who
 * asked (issue 35: it never said which query_type or who): `query_type`, `role`, `actor_id` and
 * the staff member's `location_id` on the request's lines, its completion line included.
 */
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
const lines: string[] = [];
let location: number;

beforeAll(async () => {
  database = await createTestDatabase();
  location = (await createLocation(database.db, { name: 'Reservoir', timeZone: 'Australia/Melbourne' })).id;
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DEMO: 'true', LOG_LEVEL: 'info', MAX_EVENT_LOOP_DELAY_MS: '0' }),
    database,
    clock: new TestClock(),
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function completionOf(requestId: string) {
  const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const done = parsed.find((l) => l.reqId === requestId && l.msg === 'request completed');
  expect(done, `no completion line for ${requestId}`).toBeDefined();
  return done!;
}

describe('the access log', () => {
  it("names the call and the staff member's role, id and location", async () => {
    const staff = await tokenFor(database.db, 'operator', location);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/',
      headers: { authorization: `Token ${staff.token}`, 'x-request-id': 'req-staff-1' },
      payload: { query_type: 'kitchaco_locations' },
    });
    expect(res.statusCode).toBe(200);
    expect(completionOf('req-staff-1')).toMatchObject({
      query_type: 'kitchaco_locations',
      role: 'operator',
      actor_id: staff.id,
      location_id: location,
      res: { statusCode: 200 },
    });
  });

  it('names a customer by id only, and an unknown caller as anonymous', async () => {
    const customer = await tokenFor(database.db, 'customer');
    await app.inject({
      method: 'GET',
      url: '/api/v1/orders/',
      headers: { authorization: `Token ${customer.token}`, 'x-request-id': 'req-customer-1' },
    });
    const line = completionOf('req-customer-1');
    expect(line).toMatchObject({ role: 'customer', actor_id: customer.id });
    expect(JSON.stringify(line)).not.toMatch(/phone|email/);

    await app.inject({ method: 'GET', url: '/api/v1/vendors/', headers: { 'x-request-id': 'req-anon-1' } });
    expect(completionOf('req-anon-1')).toMatchObject({ role: 'anonymous' });
  });
});
