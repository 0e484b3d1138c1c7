import { CHANGE_PASSWORD_FIRST, WEEKDAYS } from '@kitchaco/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffUsers } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { clientCalls } from '../../test/calls.js';
import { createExternalOperator, createLocation, createStaff, TEST_PASSWORD } from '../../test/factories.js';
import { ALREADY_SET_UP, EMAIL_TAKEN, setUpFirstRun } from './staff.service.js';

const everyDay = Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '11:00', close: '21:00' }]));

let t: TestApp;
let admin: { token: string; id: number };
let locationId: number;
const { adminData } = clientCalls(() => t.app);

const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    payload: { query_type: 'admin_login', email, password },
  });

async function addAccount(payload: Record<string, unknown>) {
  const res = await adminData(admin.token, { query_type: 'add_staff_account', ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { account: { id: number; email: string }; temporary_password: string };
}

let n = 0;
const email = () => `person${++n}@example.test`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.database.db, 'super_admin');
  locationId = (await createLocation(t.database.db)).id;
});
afterAll(() => t.close());

describe('add_staff_account', () => {
  it('adds an account with one role, its location and a temporary password answered once', async () => {
    const address = email();
    const res = await adminData(admin.token, {
      query_type: 'add_staff_account',
      email: ` ${address.toUpperCase()} `,
      first_name: 'Olive',
      last_name: 'Operator',
      role: 'operator',
      kitchaco: locationId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.account).toMatchObject({
      email: address,
      role: 'operator',
      kitchaco: locationId,
      is_active: true,
      must_change_password: true,
    });
    expect(body.temporary_password).toMatch(/^[a-km-zA-HJ-NP-Z2-9-]{16,}$/);
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, body.account.id));
    expect(row).toMatchObject({
      isOperator: true,
      isSuperAdmin: false,
      isKitchen: false,
      isStockUser: false,
      isStockAdmin: false,
      mustChangePassword: true,
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    // The audit entry names the account, never its password or hash.
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(body.account.id)));
    expect(entry).toMatchObject({ action: 'staff.add', entity: 'staff_user', actorId: admin.id });
    const recorded = JSON.stringify(entry);
    expect(recorded).not.toContain(body.temporary_password);
    expect(recorded).not.toContain('argon2');
  });

  it('refuses a taken email, a location role without its location, and a location for an admin', async () => {
    const taken = await addAccount({ email: email(), first_name: 'A', last_name: 'B', role: 'stock_admin' });
    const again = await adminData(admin.token, {
      query_type: 'add_staff_account',
      email: taken.account.email,
      first_name: 'A',
      last_name: 'B',
      role: 'stock_admin',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(EMAIL_TAKEN);

    const noPlace = await adminData(admin.token, {
      query_type: 'add_staff_account',
      email: email(),
      first_name: 'K',
      last_name: 'S',
      role: 'kitchen',
    });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json()).toMatchObject({ field: 'kitchaco', error: expect.stringContaining('kitchaco') });

    const nowhere = await adminData(admin.token, {
      query_type: 'add_staff_account',
      email: email(),
      first_name: 'K',
      last_name: 'S',
      role: 'stock_user',
      kitchaco: 999_999,
    });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error).toContain('kitchaco');

    const adminWithPlace = await adminData(admin.token, {
      query_type: 'add_staff_account',
      email: email(),
      first_name: 'S',
      last_name: 'A',
      role: 'super_admin',
      kitchaco: locationId,
    });
    expect(adminWithPlace.statusCode).toBe(400);
    expect(adminWithPlace.json().field).toBe('kitchaco');
  });
});

describe('a temporary password', () => {
  it('signs in, is refused everything but change_password, and is replaced by the chosen one', async () => {
    const { account, temporary_password } = await addAccount({
      email: email(),
      first_name: 'Opal',
      last_name: 'Rator',
      role: 'operator',
      kitchaco: locationId,
    });
    const signIn = await login(account.email, temporary_password);
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().data).toMatchObject({ is_operator: true, must_change_password: true });
    const token: string = signIn.json().token;

    // With its token, and with email and password in the body as the spec's clients send them.
    const refused = await adminData(token, { query_type: 'kitchaco_locations' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, error: CHANGE_PASSWORD_FIRST });
    const inBody = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/',
      payload: { query_type: 'kitchaco_locations', email: account.email, password: temporary_password },
    });
    expect(inBody.statusCode).toBe(403);
    expect(inBody.json().error).toBe(CHANGE_PASSWORD_FIRST);

    const wrong = await adminData(token, {
      query_type: 'change_password',
      current_password: 'not the password',
      new_password: 'a brand new long password',
    });
    // Said at the field, as every spec call's refusal: the session goes on.
    expect(wrong.json()).toMatchObject({ success: false, field: 'current_password' });
    const short = await adminData(token, {
      query_type: 'change_password',
      current_password: temporary_password,
      new_password: 'short',
    });
    expect(short.statusCode).toBe(400);

    const changed = await adminData(token, {
      query_type: 'change_password',
      current_password: temporary_password,
      new_password: 'a brand new long password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh: string = changed.json().token;
    expect(fresh).not.toBe(token);

    // The old session ended; the new one works; the temporary password is gone.
    expect((await adminData(token, { query_type: 'kitchaco_locations' })).statusCode).toBe(401);
    expect((await adminData(fresh, { query_type: 'kitchaco_locations' })).statusCode).toBe(200);
    expect((await login(account.email, temporary_password)).statusCode).toBe(401);
    const again = await login(account.email, 'a brand new long password');
    expect(again.json().data.must_change_password).toBe(false);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.password_change'));
    expect(JSON.stringify(entry)).not.toContain('a brand new long password');
  });

  it('a reset ends the sessions and the old password, and asks for a new one', async () => {
    const user = await createStaff(t.database.db, 'stock_user', { locationId });
    const token = (await login(user.email, TEST_PASSWORD)).json().token as string;
    expect((await adminData(token, { query_type: 'kitchaco_locations' })).statusCode).toBe(200);

    const reset = await adminData(admin.token, { query_type: 'reset_staff_password', id: user.id });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().account.must_change_password).toBe(true);
    expect((await adminData(token, { query_type: 'kitchaco_locations' })).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    const stock = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stock-login/',
      payload: { query_type: 'login', email: user.email, password: reset.json().temporary_password },
    });
    expect(stock.statusCode, stock.body).toBe(200);
    expect(stock.json().data.must_change_password).toBe(true);

    expect(
      (await adminData(admin.token, { query_type: 'reset_staff_password', id: 999_999 })).statusCode,
    ).toBe(404);
  });
});

describe('update_staff_account', () => {
  it('changes the role with its location, and disabling ends the sessions', async () => {
    const user = await createStaff(t.database.db, 'operator', { locationId });
    const token = (await login(user.email, TEST_PASSWORD)).json().token as string;

    const promoted = await adminData(admin.token, {
      query_type: 'update_staff_account',
      id: user.id,
      role: 'stock_admin',
      last_name: 'Promoted',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().account).toMatchObject({
      role: 'stock_admin',
      kitchaco: null,
      last_name: 'Promoted',
    });

    const disabled = await adminData(admin.token, {
      query_type: 'update_staff_account',
      id: user.id,
      is_active: false,
    });
    expect(disabled.json().account.is_active).toBe(false);
    expect((await adminData(token, { query_type: 'kitchaco_locations' })).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('a super admin cannot disable or demote themselves', async () => {
    for (const change of [{ is_active: false }, { role: 'operator', kitchaco: locationId }]) {
      const res = await adminData(admin.token, {
        query_type: 'update_staff_account',
        id: admin.id,
        ...change,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/your own account/);
    }
  });

  it('lists the accounts with the locations and external operators to choose from', async () => {
    const res = await adminData(admin.token, { query_type: 'staff_accounts' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.accounts.some((a: { id: number }) => a.id === admin.id)).toBe(true);
    expect(body.locations).toContainEqual({ id: locationId, name: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain('argon2');
  });
});

describe('add_location', () => {
  it('adds a location the public list shows at once', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/kitchaco-location/' });
    const operator = await createExternalOperator(t.database.db);
    const res = await adminData(admin.token, {
      query_type: 'add_location',
      name: 'Fitzroy',
      address: '1 Smith St, Fitzroy',
      suburb: 'Fitzroy',
      lat: -37.8,
      lng: 144.98,
      opening_hours: everyDay,
      external_operator_id: operator.id,
      delivery_charge: '5.5',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().location).toMatchObject({
      name: 'Fitzroy',
      location: '1 Smith St, Fitzroy',
      time_zone: 'Australia/Melbourne',
      delivery_charge: 5.5,
    });
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/kitchaco-location/' });
    expect(after.body).not.toBe(before.body);
    expect(after.body).toContain('1 Smith St, Fitzroy');

    const noOperator = await adminData(admin.token, {
      query_type: 'add_location',
      name: 'Nowhere',
      address: '1 Nowhere St',
      suburb: 'Nowhere',
      lat: -37.8,
      lng: 144.98,
      opening_hours: everyDay,
      external_operator_id: 999_999,
    });
    expect(noOperator.statusCode).toBe(404);
  });
});

describe('first run (npm run setup)', () => {
  it('makes the first super admin and the locations on an empty database, once', async () => {
    const fresh = await createTestApp();
    try {
      const app = { db: fresh.database.db, clock: fresh.clock };
      const input = {
        admin: {
          email: 'boss@example.test',
          first_name: 'Bo',
          last_name: 'Ss',
          password: 'correct horse battery',
        },
        locations: [
          {
            name: 'Fitzroy',
            address: '1 Smith St, Fitzroy',
            suburb: 'Fitzroy',
            lat: -37.8,
            lng: 144.98,
            time_zone: 'Australia/Melbourne',
            opening_hours: everyDay,
          },
        ],
      };
      const done = await setUpFirstRun(app, input);
      expect(done.admin).toMatchObject({ role: 'super_admin', kitchaco: null, must_change_password: false });
      expect(done.locations).toHaveLength(1);

      const signIn = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/admin-data/',
        payload: { query_type: 'admin_login', email: 'boss@example.test', password: 'correct horse battery' },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      expect(signIn.json().data).toMatchObject({ is_super_admin: true, must_change_password: false });
      const list = await fresh.app.inject({ method: 'GET', url: '/api/v1/kitchaco-location/' });
      expect(list.body).toContain('1 Smith St, Fitzroy');

      await expect(
        setUpFirstRun(app, { ...input, admin: { ...input.admin, email: 'other@example.test' } }),
      ).rejects.toThrow(ALREADY_SET_UP);
      await expect(
        setUpFirstRun(app, { ...input, admin: { ...input.admin, password: 'short' } }),
      ).rejects.toThrow(/at least 12/);
    } finally {
      await fresh.close();
    }
  });
});
