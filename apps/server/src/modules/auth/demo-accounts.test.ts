import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { auditLog, sessions, staffUsers } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../demo/seed.js';
import { createTestApp, secondInstance, type TestApp } from '../../test/app.js';
import { createLocation, createStaff, TEST_PASSWORD } from '../../test/factories.js';
import { codeFromOutbox } from '../../test/outbox.js';
import { disableAccountsWithPassword, revokeDemoSessions } from './auth.service.js';
import { hashPassword } from './secrets.js';

/**
 * A production start on a database that once ran as the demo: every account still holding the
 * demo's published password is disabled (server.ts says which), so `admin@demo.test` with
 * `demo-password` no longer opens the back office; the others are untouched. Each is written to
 * the audit log by the system. Sessions issued in demo mode (whose codes and passwords are public)
 * stop working: a server outside demo mode refuses them, and the production start revokes them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const adminLogin = (email: string, password: string, app: FastifyInstance = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    payload: { query_type: 'admin_login', email, password },
  });

/** Signs a customer in by SMS code on `app`; answers the token and the customer's id. */
async function signInCustomer(app: FastifyInstance, phone: string, address: string) {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v1/send-sms/',
    payload: { phone },
    remoteAddress: address,
  });
  expect(sent.statusCode).toBe(200);
  const code = await codeFromOutbox(app.appContext, phone);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login-phone/',
    payload: { phone, code },
    remoteAddress: address,
  });
  expect(login.statusCode).toBe(200);
  return login.json() as { token: string; user_id: number };
}

const profile = (app: FastifyInstance, who: { token: string; user_id: number }) =>
  app.inject({
    method: 'GET',
    url: `/api/v1/customers/${who.user_id}/`,
    headers: { authorization: `Token ${who.token}` },
  });

/** Another instance of the server on the same database, started outside demo mode. */
const productionInstance = () =>
  secondInstance(t, {
    config: loadConfig({
      NODE_ENV: 'test',
      DEMO: 'false',
      LOG_LEVEL: 'silent',
      MAX_EVENT_LOOP_DELAY_MS: '0',
    }),
  });

describe('demo passwords on a production start', () => {
  it('disables the accounts that still have the demo password, and only those, each audited by the system', async () => {
    const location = await createLocation(t.database.db);
    const demoAdmin = await createStaff(t.database.db, 'operator', {
      passwordHash: await hashPassword(DEMO_PASSWORD),
      locationId: location.id,
    });
    const real = await createStaff(t.database.db, 'super_admin');
    expect((await adminLogin(demoAdmin.email, DEMO_PASSWORD)).statusCode).toBe(200);

    const at = t.clock.now();
    const disabled = await disableAccountsWithPassword(t.database.db, DEMO_PASSWORD, at);
    expect(disabled).toEqual([demoAdmin.email]);
    expect((await adminLogin(demoAdmin.email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await adminLogin(real.email, TEST_PASSWORD)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, demoAdmin.id));
    expect(row?.isActive).toBe(false);

    // Who (the system), what, which account, when: the operator of its location sees it too.
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.disable_demo_password'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: null,
      actorEmail: 'system',
      actorRole: 'system',
      call: 'production start',
      entity: 'staff_user',
      entityId: String(demoAdmin.id),
      locationId: location.id,
      before: { is_active: true },
      after: { is_active: false },
    });
    expect(entries[0]!.at.getTime()).toBe(at.getTime());
    expect(entries[0]!.summary).toContain(demoAdmin.email);

    // A second start finds nothing left to disable, and audits nothing.
    expect(await disableAccountsWithPassword(t.database.db, DEMO_PASSWORD, t.clock.now())).toEqual([]);
    const again = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.disable_demo_password'));
    expect(again).toHaveLength(1);
  });
});

describe('sessions issued in demo mode after the switch to production', () => {
  it('a server outside demo mode refuses a customer token issued in demo mode, and accepts its own', async () => {
    const demoCustomer = await signInCustomer(t.app, '+61412600001', '10.60.0.1');
    expect((await profile(t.app, demoCustomer)).statusCode).toBe(200);

    const production = await productionInstance();
    try {
      expect((await profile(production, demoCustomer)).statusCode).toBe(401);
      // Signed in again under production, the same customer is served.
      const again = await signInCustomer(production, '+61412600001', '10.60.0.2');
      expect(again.user_id).toBe(demoCustomer.user_id);
      expect((await profile(production, again)).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('a production start revokes the sessions issued in demo mode, audited, and keeps the others', async () => {
    const demoCustomer = await signInCustomer(t.app, '+61412600002', '10.60.0.3');
    const production = await productionInstance();
    try {
      const prodCustomer = await signInCustomer(production, '+61412600003', '10.60.0.4');
      const at = t.clock.now();
      const ended = await revokeDemoSessions(t.database.db, at, false);
      expect(ended).toBeGreaterThanOrEqual(1);
      const [demoRow] = await t.database.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.customerId, demoCustomer.user_id), eq(sessions.issuedInDemo, true)));
      expect(demoRow?.revokedAt?.getTime()).toBe(at.getTime());
      // Revoked: refused by any instance, the demo one included.
      expect((await profile(t.app, demoCustomer)).statusCode).toBe(401);
      expect((await profile(production, prodCustomer)).statusCode).toBe(200);
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'session.revoke_demo'));
      expect(entry).toMatchObject({ actorEmail: 'system', entity: 'session', entityId: 'demo' });
      expect(entry!.after).toMatchObject({ revoked: ended });
      // Nothing left to revoke: no second entry.
      expect(await revokeDemoSessions(t.database.db, t.clock.now(), false)).toBe(0);
    } finally {
      await production.close();
    }
  });

  it('a database still holding demo passwords loses every live session, marked or not (sessions from before the mark)', async () => {
    const production = await productionInstance();
    try {
      const unmarked = await signInCustomer(production, '+61412600004', '10.60.0.5');
      expect(await revokeDemoSessions(t.database.db, t.clock.now(), true)).toBeGreaterThanOrEqual(1);
      expect((await profile(production, unmarked)).statusCode).toBe(401);
    } finally {
      await production.close();
    }
  });
});
