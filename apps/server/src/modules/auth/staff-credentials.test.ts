import { AUTH_MESSAGES } from '@kitchaco/domain';
import { verifySync } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, staffUsers } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createLocation, createStaff, TEST_PASSWORD } from '../../test/factories.js';
import { hashToken, verifyPassword } from './secrets.js';

/**
 * Staff passwords: argon2id with OWASP's parameters, verified off the event loop; and the path of
 * existing clients, which send email and password with every call, paying one argon2 verification
 * per few minutes instead of one per request, with nothing about the check weakened.
 */
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('./secrets.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./secrets.js')>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      argon2.verifications += 1;
      return real.verifyPassword(hash, password);
    },
  };
});

let t: TestApp;
let location: { id: number };
beforeAll(async () => {
  t = await createTestApp({ STAFF_LOGIN_FAILURES_ALLOWED: '10' });
  location = await createLocation(t.database.db);
});
afterAll(() => t.close());

const call = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin-data/', payload: body, headers });
const locations = (email: string, password: string) =>
  call({ query_type: 'kitchaco_locations', email, password });

/** Turns of the event loop while `work` runs: a loop blocked by the work barely turns. */
async function turnsDuring(work: () => Promise<unknown>): Promise<{ turns: number; ms: number }> {
  let turns = 0;
  let running = true;
  const spin = () => {
    turns += 1;
    if (running) setImmediate(spin);
  };
  setImmediate(spin);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  running = false;
  return { turns, ms };
}

describe('staff passwords', () => {
  it('are stored as argon2id with OWASP parameters (19 MiB, 2 passes, 1 lane)', async () => {
    const user = await createStaff(t.database.db, 'super_admin');
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(user.passwordHash).not.toContain(TEST_PASSWORD);
  });

  it('are verified without blocking the event loop', async () => {
    const { passwordHash } = await createStaff(t.database.db, 'stock_admin');
    // The control: the same verification done on the main thread stops the loop dead.
    const blocking = await turnsDuring(async () => {
      for (let i = 0; i < 4; i++) verifySync(passwordHash, TEST_PASSWORD);
    });
    const offThread = await turnsDuring(() =>
      Promise.all(Array.from({ length: 4 }, () => verifyPassword(passwordHash, TEST_PASSWORD))),
    );
    console.info(
      `4 argon2id verifications: on the main thread ${blocking.ms.toFixed(0)} ms with ${blocking.turns} loop turns; ` +
        `off it ${offThread.ms.toFixed(0)} ms with ${offThread.turns} loop turns`,
    );
    expect(blocking.turns).toBeLessThanOrEqual(2);
    expect(offThread.turns).toBeGreaterThan(20);
  });

  it('stores staff session tokens hashed', async () => {
    const user = await createStaff(t.database.db, 'super_admin');
    const login = await call({ query_type: 'admin_login', email: user.email, password: TEST_PASSWORD });
    const { token } = login.json();
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.staffUserId, user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('email and password on every staff call', () => {
  it('costs one argon2 verification, not one per request', async () => {
    const user = await createStaff(t.database.db, 'operator', { locationId: location.id });
    const before = argon2.verifications;
    const first = await locations(user.email, TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(argon2.verifications - before).toBe(1);

    const token = (
      await call({ query_type: 'admin_login', email: user.email, password: TEST_PASSWORD })
    ).json().token as string;
    for (let i = 0; i < 50; i++) {
      expect((await locations(user.email, TEST_PASSWORD)).statusCode).toBe(200);
      const byToken = await call({ query_type: 'kitchaco_locations' }, { authorization: `Token ${token}` });
      expect(byToken.statusCode).toBe(200);
    }
    // The time this saves is measured by the benchmarks (docs/performance.md), not here.
    expect(
      argon2.verifications - before,
      'one verification for the first call and the sign-in, none after',
    ).toBe(2);
  });

  it('still refuses a wrong password, another account, a changed password and a disabled account', async () => {
    const user = await createStaff(t.database.db, 'operator', { locationId: location.id });
    const other = await createStaff(t.database.db, 'operator', { locationId: location.id });
    expect((await locations(user.email, TEST_PASSWORD)).statusCode).toBe(200);

    let before = argon2.verifications;
    const wrong = await locations(user.email, `${TEST_PASSWORD} `);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe(AUTH_MESSAGES.authenticationError);
    expect(argon2.verifications - before, 'a different password is verified in full').toBe(1);
    expect((await locations(user.email.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(200);

    // The same password is no key to another account: that account's own hash is checked.
    before = argon2.verifications;
    expect((await locations(other.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(argon2.verifications - before).toBe(1);

    // A changed password (its credential version moves on) ends what was remembered at once.
    const { hashPassword } = await import('./secrets.js');
    await t.database.db
      .update(staffUsers)
      .set({ passwordHash: await hashPassword('a new password'), credentialVersion: 2 })
      .where(eq(staffUsers.id, user.id));
    expect((await locations(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await locations(user.email, 'a new password')).statusCode).toBe(200);

    await t.database.db.update(staffUsers).set({ isActive: false }).where(eq(staffUsers.id, user.id));
    expect((await locations(user.email, 'a new password')).statusCode).toBe(401);
  });

  it('keeps throttling guesses after 10 failures while the right password keeps working', async () => {
    const user = await createStaff(t.database.db, 'operator', { locationId: location.id });
    expect((await locations(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const guesses: number[] = [];
    for (let i = 0; i < 12; i++) guesses.push((await locations(user.email, `guess ${i}`)).statusCode);
    expect(guesses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(guesses.slice(10)).toEqual([429, 429]);
    const before = argon2.verifications;
    expect((await locations(user.email, 'guess 99')).statusCode).toBe(429);
    expect(argon2.verifications, 'a throttled guess costs no verification').toBe(before);
    // A client that already proved the password is not locked out by someone else's guessing...
    expect((await locations(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    // ...but signing in afresh waits for the window, like every other caller.
    const login = await call({ query_type: 'admin_login', email: user.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(429);
  });

  it('makes at most the limit of password checks from 50 parallel wrong guesses (PostgreSQL: a real race)', async () => {
    const user = await createStaff(t.database.db, 'operator', { locationId: location.id });
    const before = argon2.verifications;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => locations(user.email, `parallel guess ${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(40).fill(429)]);
    expect(argon2.verifications - before, 'full password checks').toBe(10);
  });
});
