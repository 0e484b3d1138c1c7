import { AUTH_MESSAGES } from '@kitchaco/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, smsCodes } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  createCustomer,
  createLocation,
  createStaff,
  type Role,
  TEST_PASSWORD,
} from '../../test/factories.js';
import { codeFromOutbox } from '../../test/outbox.js';

let t: TestApp;
let ip = 0;
/** Each test speaks from its own address so the per-address send limit does not couple them. */
const fromNewAddress = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function post(
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  address = fromNewAddress(),
) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: address });
}

const latestCode = (phone: string) => codeFromOutbox(t.app.appContext, phone);

let phoneSeq = 1000;
// Each in its own range of numbers, so the per-range limit of new numbers does not couple the tests.
const newPhone = () => `+614${String(++phoneSeq).padStart(4, '0')}0000`;

describe('customer sign-in by SMS code', () => {
  it('sends a 4-digit code through the outbox, stores only its hash, and never returns it', async () => {
    const phone = newPhone();
    const res = await post('/api/v1/send-sms/', { phone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, expires_in: 300 });
    const code = await latestCode(phone);
    expect(code).toMatch(/^\d{4}$/);
    expect(res.body).not.toContain(code);
    const [stored] = await t.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.codeHash).toHaveLength(64);
  });

  it('accepts national AU numbers only with the prefix and refuses other countries', async () => {
    for (const phone of ['+14155550100', '12345', '+61 000', 'not a phone']) {
      const res = await post('/api/v1/send-sms/', { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'phone' });
    }
    const uk = await post('/api/v1/send-sms/', { phone: '+44 7911 123456' });
    expect(uk.statusCode).toBe(200);
  });

  it('signs a new phone in as a new customer and an existing phone as the same customer', async () => {
    const phone = newPhone();
    await post('/api/v1/send-sms/', { phone });
    const first = await post('/api/v1/login-phone/', { phone, code: await latestCode(phone) });
    expect(first.statusCode).toBe(200);
    const { token, user_id } = first.json();
    expect(typeof token).toBe('string');
    expect(user_id).toBeGreaterThan(0);

    await post('/api/v1/send-sms/', { phone });
    const second = await post('/api/v1/login-phone/', { phone, code: await latestCode(phone) });
    expect(second.json().user_id).toBe(user_id);

    const profile = await t.app.inject({
      url: `/api/v1/customers/${user_id}/`,
      headers: { authorization: `Token ${token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({
      id: user_id,
      phone,
      username: null,
      email: null,
      address: null,
      location: null,
      image: null,
    });
  });

  it('uses a code once only', async () => {
    const phone = newPhone();
    await post('/api/v1/send-sms/', { phone });
    const code = await latestCode(phone);
    expect((await post('/api/v1/login-phone/', { phone, code })).statusCode).toBe(200);
    const again = await post('/api/v1/login-phone/', { phone, code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ success: false, error: AUTH_MESSAGES.codeInvalid });
  });

  it('expires a code after 5 minutes', async () => {
    const phone = newPhone();
    await post('/api/v1/send-sms/', { phone });
    const code = await latestCode(phone);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await post('/api/v1/login-phone/', { phone, code })).statusCode).toBe(401);
  });

  it('replaces the old code when a new one is sent', async () => {
    const phone = newPhone();
    await post('/api/v1/send-sms/', { phone });
    const oldCode = await latestCode(phone);
    await post('/api/v1/send-sms/', { phone });
    const newCode = await latestCode(phone);
    if (oldCode !== newCode)
      expect((await post('/api/v1/login-phone/', { phone, code: oldCode })).statusCode).toBe(401);
    expect((await post('/api/v1/login-phone/', { phone, code: newCode })).statusCode).toBe(200);
  });

  it('kills a code after 3 wrong tries', async () => {
    const phone = newPhone();
    await post('/api/v1/send-sms/', { phone });
    const code = await latestCode(phone);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 3; i++)
      expect((await post('/api/v1/login-phone/', { phone, code: wrong })).statusCode).toBe(401);
    expect((await post('/api/v1/login-phone/', { phone, code })).statusCode).toBe(401);
  });

  it("does not let a stranger's wrong codes lock a phone's owner out", async () => {
    const phone = newPhone();
    const stranger = fromNewAddress();
    // No code was asked for: there is nothing to guess, and the phone keeps no count.
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/v1/login-phone/', { phone, code: `${9000 + i}` }, {}, stranger);
      expect(res.statusCode).toBe(401);
    }
    await post('/api/v1/send-sms/', { phone });
    const owner = await post('/api/v1/login-phone/', { phone, code: await latestCode(phone) });
    expect(owner.statusCode).toBe(200);

    // A code the stranger burnt with wrong guesses is replaced by the owner's next one.
    await post('/api/v1/send-sms/', { phone });
    const burnt = await latestCode(phone);
    const wrong = burnt === '0000' ? '1111' : '0000';
    for (let i = 0; i < 3; i++) await post('/api/v1/login-phone/', { phone, code: wrong }, {}, stranger);
    await post('/api/v1/send-sms/', { phone });
    expect((await post('/api/v1/login-phone/', { phone, code: await latestCode(phone) })).statusCode).toBe(
      200,
    );
  });

  it('counts wrong codes per guessing address, and sends that address no code it cannot use', async () => {
    const guesser = fromNewAddress();
    const statuses = [];
    for (let i = 0; i < 21; i++) {
      const res = await post('/api/v1/login-phone/', { phone: newPhone(), code: '1234' }, {}, guesser);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    // Its next send is refused before any SMS is queued...
    const phone = newPhone();
    const send = await post('/api/v1/send-sms/', { phone }, {}, guesser);
    expect(send.statusCode).toBe(429);
    await expect(latestCode(phone)).rejects.toThrow(/no code sent/);
    // ...while the same phone signs in from anywhere else, and the address recovers after an hour.
    await post('/api/v1/send-sms/', { phone });
    expect((await post('/api/v1/login-phone/', { phone, code: await latestCode(phone) })).statusCode).toBe(
      200,
    );
    t.clock.advance(61 * 60_000);
    expect((await post('/api/v1/send-sms/', { phone: newPhone() }, {}, guesser)).statusCode).toBe(200);
  });

  it('keeps sending a phone codes past 10 a day, each with one try only (the guesses at it stay bounded)', async () => {
    const phone = newPhone();
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await post('/api/v1/send-sms/', { phone })).statusCode);
      t.clock.advance(16 * 60_000);
    }
    // Never refused for good: a stranger asking for codes cannot shut the owner out.
    expect(statuses).toEqual(Array(11).fill(200));
    const code = await latestCode(phone);
    const wrong = code === '0000' ? '1111' : '0000';
    expect((await post('/api/v1/login-phone/', { phone, code: wrong })).statusCode).toBe(401);
    // The 11th code of the day died at its first wrong try.
    expect((await post('/api/v1/login-phone/', { phone, code })).statusCode).toBe(401);
    // A day later the first codes have 3 tries again.
    t.clock.advance(24 * 3_600_000);
    expect((await post('/api/v1/send-sms/', { phone })).statusCode).toBe(200);
    const fresh = await latestCode(phone);
    const miss = fresh === '0000' ? '1111' : '0000';
    expect((await post('/api/v1/login-phone/', { phone, code: miss })).statusCode).toBe(401);
    expect((await post('/api/v1/login-phone/', { phone, code: fresh })).statusCode).toBe(200);
  });

  it('rejects a code that is not 4 digits with the field named', async () => {
    const res = await post('/api/v1/login-phone/', { phone: newPhone(), code: '12a4' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'code' });
  });

  it('limits sends per phone and per client address', async () => {
    const phone = newPhone();
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post('/api/v1/send-sms/', { phone })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);

    const address = fromNewAddress();
    const fromOne = [];
    for (let i = 0; i < 20; i++)
      fromOne.push((await post('/api/v1/send-sms/', { phone: newPhone() }, {}, address)).statusCode);
    expect(fromOne.filter((s) => s === 200)).toHaveLength(5);
    const limited = await post('/api/v1/send-sms/', { phone: newPhone() }, {}, address);
    expect(limited.headers['retry-after']).toBe('900');
  });
});

describe('customer profile', () => {
  it('reads and updates only the signed-in customer, trimming name and email', async () => {
    const phone = newPhone();
    await post('/api/v1/send-sms/', { phone });
    const { token, user_id } = (
      await post('/api/v1/login-phone/', { phone, code: await latestCode(phone) })
    ).json();
    const auth = { authorization: `Token ${token}` };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/customers/${user_id}/`,
      headers: auth,
      payload: { username: '  Jo Citizen ', email: ' jo@example.test ' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ username: 'Jo Citizen', email: 'jo@example.test' });

    const other = await createCustomer(t.database.db, { username: 'Someone Else' });
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/v1/customers/${other.id}/`,
        headers: auth,
        ...(method === 'PUT' ? { payload: { username: 'x', email: 'x@example.test' } } : {}),
      });
      expect(res.statusCode).toBe(403);
    }
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/customers/${user_id}/`,
      headers: auth,
      payload: { username: 'Jo', email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'email' });
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/customers/${user_id}/`,
      headers: auth,
      payload: { username: '   ', email: 'a@b.co' },
    });
    expect(empty.json()).toMatchObject({ field: 'username' });
  });

  it('answers 401 without a token, with a made-up token, and after logout', async () => {
    expect((await t.app.inject({ url: '/api/v1/customers/1/' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/v1/customers/1/', headers: { authorization: 'Token made-up' } }))
        .statusCode,
    ).toBe(401);
    const phone = newPhone();
    await post('/api/v1/send-sms/', { phone });
    const { token, user_id } = (
      await post('/api/v1/login-phone/', { phone, code: await latestCode(phone) })
    ).json();
    const auth = { authorization: `Token ${token}` };
    expect((await post('/api/v1/logout/', {}, auth)).json()).toEqual({ success: true });
    expect((await t.app.inject({ url: `/api/v1/customers/${user_id}/`, headers: auth })).statusCode).toBe(
      401,
    );
  });

  it('stores tokens hashed', async () => {
    const phone = newPhone();
    await post('/api/v1/send-sms/', { phone });
    const { token } = (await post('/api/v1/login-phone/', { phone, code: await latestCode(phone) })).json();
    const rows = await t.database.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.h === token)).toBe(false);
  });
});

describe('staff sign-in', () => {
  const accounts = {} as Record<Role, { email: string }>;
  beforeAll(async () => {
    const location = await createLocation(t.database.db);
    for (const role of ['stock_user', 'operator', 'stock_admin', 'super_admin', 'none'] as Role[]) {
      accounts[role] = await createStaff(t.database.db, role, {
        locationId: role === 'stock_user' || role === 'operator' ? location.id : null,
      });
    }
  });

  const login = (endpoint: string, queryType: string, email: string, password = TEST_PASSWORD) =>
    post(endpoint, { query_type: queryType, email, password });

  it.each([
    // [endpoint, query_type, role, status, message]
    ['/api/v1/stock-login/', 'login', 'stock_user', 200, null],
    ['/api/v1/stock-login/', 'login', 'super_admin', 403, AUTH_MESSAGES.useSuperAdminPage],
    ['/api/v1/stock-login/', 'login', 'operator', 403, AUTH_MESSAGES.authenticationError],
    ['/api/v1/stock-login/', 'login', 'stock_admin', 403, AUTH_MESSAGES.authenticationError],
    ['/api/v1/stock-login/', 'login', 'none', 403, AUTH_MESSAGES.authenticationError],
    ['/api/v1/stock-admin-user/', 'login', 'stock_admin', 200, null],
    ['/api/v1/stock-admin-user/', 'login', 'super_admin', 200, null],
    ['/api/v1/stock-admin-user/', 'login', 'stock_user', 403, AUTH_MESSAGES.authenticationError],
    ['/api/v1/stock-admin-user/', 'login', 'operator', 403, AUTH_MESSAGES.authenticationError],
    ['/api/v1/admin-data/', 'admin_login', 'super_admin', 200, null],
    ['/api/v1/admin-data/', 'admin_login', 'operator', 200, null],
    ['/api/v1/admin-data/', 'admin_login', 'none', 200, null],
  ] as const)('%s %s as %s answers %i', async (endpoint, queryType, role, status, message) => {
    const res = await login(endpoint, queryType, accounts[role].email);
    expect(res.statusCode).toBe(status);
    if (message) {
      expect(res.json()).toEqual({ success: false, error: message, code: 'forbidden' });
    } else {
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.token).toEqual(expect.any(String));
      expect(body.data).toMatchObject({
        email: accounts[role].email,
        is_super_admin: role === 'super_admin',
        is_operator: role === 'operator',
        is_stock_user: role === 'stock_user',
        is_stock_admin: role === 'stock_admin',
      });
      // No hash, under any name (`must_change_password` is a flag, not a secret).
      expect(JSON.stringify(body)).not.toMatch(/password_?hash|passwordHash|argon2/i);
      expect(body.data.must_change_password).toBe(false);
    }
  });

  it('gives a stock user their location and stock ordering settings', async () => {
    const res = await login('/api/v1/stock-login/', 'login', accounts.stock_user.email);
    expect(res.json().data).toMatchObject({
      kitchaco__id: expect.any(Number),
      kitchaco__location: expect.stringContaining('Test Street'),
      delivery_day: 'Monday,Thursday',
      min_stock_order: 300,
      min_stock_delivery_charge: 25,
    });
  });

  it('answers a wrong password or unknown email with the authentication error', async () => {
    for (const [endpoint, qt] of [
      ['/api/v1/stock-login/', 'login'],
      ['/api/v1/stock-admin-user/', 'login'],
      ['/api/v1/admin-data/', 'admin_login'],
    ] as const) {
      const wrong = await login(endpoint, qt, accounts.stock_user.email, 'wrong password');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ success: false, error: AUTH_MESSAGES.authenticationError });
      const unknown = await login(endpoint, qt, 'nobody@example.test');
      expect(unknown.statusCode).toBe(401);
    }
  });

  it('treats the email case-insensitively', async () => {
    const res = await login('/api/v1/stock-login/', 'login', accounts.stock_user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
  });

  it('throttles an account after 10 failures in 15 minutes', async () => {
    const target = await createStaff(t.database.db, 'stock_admin');
    for (let i = 0; i < 10; i++) await login('/api/v1/stock-admin-user/', 'login', target.email, 'nope');
    const blocked = await login('/api/v1/stock-admin-user/', 'login', target.email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(AUTH_MESSAGES.tooManyAttempts);
    t.clock.advance(16 * 60_000);
    expect((await login('/api/v1/stock-admin-user/', 'login', target.email)).statusCode).toBe(200);
  });

  it('accepts the token, or email and password in the body, on a staff call; logout revokes the token', async () => {
    const { token } = (await login('/api/v1/admin-data/', 'admin_login', accounts.operator.email)).json();
    const withToken = await post(
      '/api/v1/admin-data/',
      { query_type: 'kitchaco_locations' },
      { authorization: `Token ${token}` },
    );
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json().kitchaco_locations.length).toBeGreaterThan(0);

    const withPassword = await post('/api/v1/admin-data/', {
      query_type: 'kitchaco_locations',
      email: accounts.operator.email,
      password: TEST_PASSWORD,
    });
    expect(withPassword.statusCode).toBe(200);
    const wrongPassword = await post('/api/v1/admin-data/', {
      query_type: 'kitchaco_locations',
      email: accounts.operator.email,
      password: 'wrong',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().error).toBe(AUTH_MESSAGES.authenticationError);

    await post('/api/v1/logout/', {}, { authorization: `Token ${token}` });
    const after = await post(
      '/api/v1/admin-data/',
      { query_type: 'kitchaco_locations' },
      { authorization: `Token ${token}` },
    );
    expect(after.statusCode).toBe(401);
  });

  it('refuses a customer token and anonymous callers on staff calls', async () => {
    const anonymous = await post('/api/v1/admin-data/', { query_type: 'kitchaco_locations' });
    expect(anonymous.statusCode).toBe(401);
    const phone = newPhone();
    await post('/api/v1/send-sms/', { phone });
    const { token } = (await post('/api/v1/login-phone/', { phone, code: await latestCode(phone) })).json();
    const customer = await post(
      '/api/v1/admin-data/',
      { query_type: 'kitchaco_locations' },
      { authorization: `Token ${token}` },
    );
    expect(customer.statusCode).toBe(403);
  });
});

describe('bad input never reaches a 500', () => {
  it.each([
    ['missing query_type', { email: 'a@b.co' }, 'query_type'],
    ['unknown query_type', { query_type: 'drop_tables' }, 'query_type'],
    ['bad email', { query_type: 'admin_login', email: 'not-an-email', password: 'x' }, 'email'],
    ['missing password', { query_type: 'admin_login', email: 'a@b.co' }, 'password'],
    ['wrong types', { query_type: 'admin_login', email: 42, password: [] }, 'email'],
  ])('%s', async (_name, payload, field) => {
    const res = await post('/api/v1/admin-data/', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field });
  });

  it('answers malformed JSON, an array body and an unknown path with 4xx JSON', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/',
      headers: { 'content-type': 'application/json' },
      payload: '{"query_type": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().success).toBe(false);
    const array = await post('/api/v1/admin-data/', [1, 2]);
    expect(array.statusCode).toBe(400);
    const unknown = await t.app.inject({ url: '/api/v1/nothing-here/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().success).toBe(false);
  });
});
