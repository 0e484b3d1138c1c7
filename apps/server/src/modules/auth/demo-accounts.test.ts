import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../demo/seed.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createStaff, TEST_PASSWORD } from '../../test/factories.js';
import { disableAccountsWithPassword } from './auth.service.js';
import { hashPassword } from './secrets.js';

/**
 * A production start on a database that once ran as the demo: every account still holding the
 * demo's published password is disabled (main.ts says which), so `admin@demo.test` with
 * `demo-password` no longer opens the back office; the others are untouched.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const adminLogin = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    payload: { query_type: 'admin_login', email, password },
  });

describe('demo passwords on a production start', () => {
  it('disables the accounts that still have the demo password, and only those', async () => {
    const demoAdmin = await createStaff(t.database.db, 'super_admin', {
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    const real = await createStaff(t.database.db, 'super_admin');
    expect((await adminLogin(demoAdmin.email, DEMO_PASSWORD)).statusCode).toBe(200);

    const disabled = await disableAccountsWithPassword(t.database.db, DEMO_PASSWORD);
    expect(disabled).toEqual([demoAdmin.email]);
    expect((await adminLogin(demoAdmin.email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await adminLogin(real.email, TEST_PASSWORD)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, demoAdmin.id));
    expect(row?.isActive).toBe(false);
    // A second start finds nothing left to disable.
    expect(await disableAccountsWithPassword(t.database.db, DEMO_PASSWORD)).toEqual([]);
  });
});
