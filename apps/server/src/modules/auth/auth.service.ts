import {
  AUTH_MESSAGES,
  normalisePhone,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  SMS_MAX_FAILURES_PER_PHONE_PER_DAY,
  type StaffCredentials,
  type UpdateCustomerRequest,
} from '@kitchaco/domain';
import type { AppContext, CachedSession } from '../../context.js';
import type { Actor } from '../../http/actor.js';
import {
  type AppError,
  forbidden,
  invalid,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../http/errors.js';
import type { Authenticator } from '../../http/register.js';
import { queueSms } from '../notifications/outbox.service.js';
import { presentCustomer, presentStaff, toStaffActor } from './auth.presenter.js';
import * as q from './auth.queries.js';
import { CredentialCache } from './credential-cache.js';
import {
  dummyPasswordHash,
  hashToken,
  hmac,
  newSmsCode,
  newToken,
  sameHex,
  verifyPassword,
} from './secrets.js';

const caches = new WeakMap<AppContext, CredentialCache>();
function cacheOf(app: AppContext): CredentialCache {
  let cache = caches.get(app);
  if (!cache) {
    cache = new CredentialCache();
    caches.set(app, cache);
  }
  return cache;
}

const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

// ---------------------------------------------------------------- staff

const STAFF_FAIL_BUCKET = 'staff_login_failure';

async function assertNotThrottled(app: AppContext, email: string, now: Date): Promise<void> {
  const { staffLoginFailures, staffLoginWindowMinutes } = app.config.limits;
  const failures = await q.countEvents(
    app.db,
    STAFF_FAIL_BUCKET,
    email,
    minutesAgo(now, staffLoginWindowMinutes),
  );
  if (failures >= staffLoginFailures) {
    throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, staffLoginWindowMinutes * 60);
  }
}

/** Checks email and password (argon2id); records a failure for throttling. Null when wrong. */
async function checkStaffPassword(app: AppContext, credentials: StaffCredentials) {
  const now = app.clock.now();
  await assertNotThrottled(app, credentials.email, now);
  const row = await q.findStaffByEmail(app.db, credentials.email);
  const ok = await verifyPassword(
    row?.user.passwordHash ?? (await dummyPasswordHash()),
    credentials.password,
  );
  if (!row || !ok || !row.user.isActive) {
    await q.recordEvent(app.db, STAFF_FAIL_BUCKET, credentials.email, now);
    return null;
  }
  return row;
}

export type StaffPortal = 'admin' | 'stock' | 'stock_admin';

/**
 * Staff sign-in. The admin login (`admin_login`) answers for any staff account with its flags and
 * the page decides; the stock and stock admin logins refuse other roles with the spec's messages.
 */
export async function staffLogin(app: AppContext, portal: StaffPortal, credentials: StaffCredentials) {
  const row = await checkStaffPassword(app, credentials);
  if (!row) throw unauthorized(AUTH_MESSAGES.authenticationError);
  const u = row.user;
  if (portal === 'stock') {
    if (u.isSuperAdmin) throw forbidden(AUTH_MESSAGES.useSuperAdminPage);
    if (!u.isStockUser) throw forbidden(AUTH_MESSAGES.authenticationError);
  }
  if (portal === 'stock_admin' && !u.isStockAdmin && !u.isSuperAdmin) {
    throw forbidden(AUTH_MESSAGES.authenticationError);
  }
  const now = app.clock.now();
  await q.clearEvents(app.db, STAFF_FAIL_BUCKET, credentials.email);
  const token = newToken();
  await q.insertSession(app.db, {
    tokenHash: hashToken(token),
    kind: 'staff',
    staffUserId: u.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + app.config.sessions.staffHours * 3_600_000),
  });
  return { success: true as const, data: presentStaff(row), token };
}

export async function logout(app: AppContext, token: string | null): Promise<{ success: true }> {
  if (token) {
    await q.revokeSession(app.db, hashToken(token), app.clock.now());
    // This instance forgets at once; the others when the table's announcement reaches them.
    app.sessions.invalidate();
  }
  return { success: true };
}

/** Changes to sessions, staff accounts and customers are announced here (migration 0007). */
export const AUTH_CHANNEL = 'auth_changed';
/** A remembered session is read again at least this often, announcement or not. */
export const SESSION_CACHE_MAX_AGE_MS = 60_000;

async function loadSession(app: AppContext, tokenHash: string, now: Date): Promise<CachedSession> {
  const session = await q.findLiveSession(app.db, tokenHash, now);
  if (!session) throw unauthorized(AUTH_MESSAGES.signInRequired);
  const expiresAt = session.expiresAt.getTime();
  if (session.kind === 'customer' && session.customerId) {
    return { actor: { kind: 'customer', customerId: session.customerId, sessionId: session.id }, expiresAt };
  }
  const row = session.staffUserId ? await q.findStaffById(app.db, session.staffUserId) : null;
  if (!row?.user.isActive) throw unauthorized(AUTH_MESSAGES.signInRequired);
  return { actor: { kind: 'staff', user: toStaffActor(row), sessionId: session.id }, expiresAt };
}

export const authenticator: Authenticator = {
  /**
   * A token's session, remembered by its hash until a session or account changes (a sign-out, a
   * disabled account, a role change: announced by the tables themselves) or it expires. An
   * unknown or refused token is never remembered.
   */
  async fromToken(app, token): Promise<Actor> {
    const now = app.clock.now();
    const tokenHash = hashToken(token);
    const session = await app.sessions.get(tokenHash, () => loadSession(app, tokenHash, now));
    if (session.expiresAt <= now.getTime()) throw unauthorized(AUTH_MESSAGES.signInRequired);
    return session.actor;
  },

  async fromCredentials(app, email, password): Promise<Actor> {
    if (typeof email !== 'string' || typeof password !== 'string' || !email || !password) {
      throw unauthorized(AUTH_MESSAGES.authenticationError);
    }
    const credentials = { email: email.trim().toLowerCase(), password };
    const cache = cacheOf(app);
    const key = hmac(app.config.secret, 'staff-credential', credentials.email, password);
    const now = app.clock.now().getTime();
    const hit = cache.get(key, now);
    if (hit) {
      const row = await q.findStaffById(app.db, hit.userId);
      if (
        row?.user.isActive &&
        row.user.credentialVersion === hit.version &&
        row.user.email === credentials.email
      ) {
        return { kind: 'staff', user: toStaffActor(row), sessionId: null };
      }
      cache.delete(key);
    }
    const row = await checkStaffPassword(app, credentials);
    if (!row) throw unauthorized(AUTH_MESSAGES.authenticationError);
    cache.set(key, row.user.id, row.user.credentialVersion, now);
    return { kind: 'staff', user: toStaffActor(row), sessionId: null };
  },
};

// ---------------------------------------------------------------- customers

const SMS_PHONE_BUCKET = 'sms_send_phone';
const SMS_ADDRESS_BUCKET = 'sms_send_address';
const CODE_FAIL_BUCKET = 'sms_code_failure';

function requirePhone(raw: string): string {
  const phone = normalisePhone(raw);
  if (!phone) throw invalid(AUTH_MESSAGES.phoneInvalid, 'phone');
  return phone;
}

function codeHash(app: AppContext, phone: string, code: string): string {
  return hmac(app.config.secret, 'sms-code', phone, code);
}

/**
 * Sends a sign-in code. Sends are limited per phone and per client address within a window; the
 * count and the send happen under per-key locks so parallel requests cannot slip past the limit.
 * A resend replaces the earlier code.
 */
export async function sendSmsCode(app: AppContext, rawPhone: string, clientAddress: string) {
  const phone = requirePhone(rawPhone);
  const now = app.clock.now();
  const { smsPerPhone, smsPerAddress, smsWindowMinutes } = app.config.limits;
  const since = minutesAgo(now, smsWindowMinutes);
  await app.db.transaction(async (tx) => {
    await q.lockKey(tx, `${SMS_ADDRESS_BUCKET}:${clientAddress}`);
    await q.lockKey(tx, `${SMS_PHONE_BUCKET}:${phone}`);
    const [byAddress, byPhone] = [
      await q.countEvents(tx, SMS_ADDRESS_BUCKET, clientAddress, since),
      await q.countEvents(tx, SMS_PHONE_BUCKET, phone, since),
    ];
    if (byAddress >= smsPerAddress || byPhone >= smsPerPhone) {
      throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, smsWindowMinutes * 60);
    }
    const code = newSmsCode(SMS_CODE_LENGTH);
    await q.consumeLiveCodes(tx, phone, now);
    await q.insertSmsCode(tx, {
      phone,
      codeHash: codeHash(app, phone, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
    });
    await q.recordEvent(tx, SMS_ADDRESS_BUCKET, clientAddress, now);
    await q.recordEvent(tx, SMS_PHONE_BUCKET, phone, now);
    await queueSms(
      tx,
      now,
      phone,
      `Your Kitchaco sign-in code is ${code}. It expires in ${SMS_CODE_TTL_SECONDS / 60} minutes. Never share it.`,
    );
  });
  return { success: true as const, expires_in: SMS_CODE_TTL_SECONDS };
}

type CodeCheck = { ok: true; customerId: number; token: string } | { ok: false; error: AppError };

/**
 * Signs in with a code. A code is single-use, expires, and dies after 3 wrong tries; a phone gets
 * at most 10 failures a day. A new phone becomes a new customer.
 */
export async function loginWithCode(app: AppContext, rawPhone: string, code: string) {
  const phone = requirePhone(rawPhone);
  const now = app.clock.now();
  // Failures must be recorded even though the call fails, so the transaction returns them.
  const result = await app.db.transaction(async (tx): Promise<CodeCheck> => {
    await q.lockKey(tx, `${CODE_FAIL_BUCKET}:${phone}`);
    const failures = await q.countEvents(tx, CODE_FAIL_BUCKET, phone, new Date(now.getTime() - 86_400_000));
    if (failures >= SMS_MAX_FAILURES_PER_PHONE_PER_DAY) {
      return { ok: false, error: tooManyRequests(AUTH_MESSAGES.tooManyAttempts, 3600) };
    }
    const live = await q.findLiveCodeForUpdate(tx, phone, now);
    if (!live || !sameHex(live.codeHash, codeHash(app, phone, code))) {
      await q.recordEvent(tx, CODE_FAIL_BUCKET, phone, now);
      if (live) {
        const attempts = live.attempts + 1;
        await q.updateCode(
          tx,
          live.id,
          attempts >= SMS_CODE_MAX_ATTEMPTS ? { attempts, consumedAt: now } : { attempts },
        );
      }
      return { ok: false, error: unauthorized(AUTH_MESSAGES.codeInvalid) };
    }
    await q.updateCode(tx, live.id, { consumedAt: now });
    const customer = await q.findOrCreateCustomer(tx, phone, now);
    const token = newToken();
    await q.insertSession(tx, {
      tokenHash: hashToken(token),
      kind: 'customer',
      customerId: customer.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + app.config.sessions.customerDays * 86_400_000),
    });
    return { ok: true, customerId: customer.id, token };
  });
  if (!result.ok) throw result.error;
  return { token: result.token, user_id: result.customerId };
}

function assertOwnProfile(actor: Actor, id: number): void {
  if (actor.kind !== 'customer' || actor.customerId !== id) {
    throw forbidden('You can only see and change your own profile.');
  }
}

export async function getCustomer(app: AppContext, actor: Actor, id: number) {
  assertOwnProfile(actor, id);
  const row = await q.findCustomerById(app.db, id);
  if (!row) throw notFound('Customer not found.');
  return presentCustomer(row);
}

export async function updateCustomer(
  app: AppContext,
  actor: Actor,
  id: number,
  input: UpdateCustomerRequest,
) {
  assertOwnProfile(actor, id);
  if (input.location !== undefined && !(await q.locationExists(app.db, input.location))) {
    throw invalid('location: no such location', 'location');
  }
  const row = await q.updateCustomerProfile(app.db, id, {
    username: input.username,
    email: input.email,
    ...(input.address !== undefined ? { address: input.address } : {}),
    ...(input.location !== undefined ? { locationId: input.location } : {}),
  });
  if (!row) throw notFound('Customer not found.');
  return presentCustomer(row);
}
