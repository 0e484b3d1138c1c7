import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createStaff, TEST_PASSWORD } from '../test/factories.js';

let t: TestApp;
let email: string;

beforeAll(async () => {
  // Two requests in progress at most: password checks (argon2) keep requests busy long enough.
  t = await createTestApp({ MAX_IN_FLIGHT: '2', STAFF_LOGIN_FAILURES_ALLOWED: '1000' });
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
    // Health is never shed, and once the burst is over requests are served again.
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await login()).statusCode).not.toBe(503);
  });
});
