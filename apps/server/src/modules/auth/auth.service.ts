import {
  AUTH_MESSAGES,
  normalisePhone,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  type StaffCredentials,
  type UpdateCustomerRequest,
} from '@kitchaco/domain';
import type { AppContext, CachedSession } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import {
  type AppError,
  forbidden,
  invalid,
  notFound,
  tooManyRequests,
  unauthorized,
  unavailable,
} from '../../http/errors.js';
import type { Authenticator } from '../../http/register.js';
import { FacebookRejected, type FacebookUser } from '../../integrations/facebook.js';
import { queueSealedSms } from '../notifications/outbox.service.js';
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
import {
  budgetDay,
  PHONE_WINDOW_MS,
  phonePrefix,
  phoneWait,
  retryAfterSeconds,
  windowWait,
} from './sms-limits.js';

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

/**
 * Takes one try of the account's allowance before its password is checked: under the account's
 * lock, refuses (429) when the window's failures reach the limit, else records this try as a
 * failure until it proves right. Parallel guesses therefore cost at most the limit in password
 * checks, on any number of instances. Returns the try's id, to forget it if the password is right.
 */
async function takeTry(app: AppContext, email: string, now: Date): Promise<number> {
  const { staffLoginFailures, staffLoginWindowMinutes } = app.config.limits;
  return app.db.transaction(async (tx) => {
    await q.lockKey(tx, `${STAFF_FAIL_BUCKET}:${email}`);
    const since = minutesAgo(now, staffLoginWindowMinutes);
    if ((await q.countEvents(tx, STAFF_FAIL_BUCKET, email, since)) >= staffLoginFailures) {
      throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, staffLoginWindowMinutes * 60);
    }
    return q.recordEvent(tx, STAFF_FAIL_BUCKET, email, now);
  });
}

/**
 * Checks email and password (argon2id) within the account's allowance of tries. Null when wrong.
 * Also checks a signed-in account's current password before it changes it (modules/staff).
 */
export async function checkStaffPassword(app: AppContext, credentials: StaffCredentials) {
  const now = app.clock.now();
  const attempt = await takeTry(app, credentials.email, now);
  const row = await q.findStaffByEmail(app.db, credentials.email);
  const ok = await verifyPassword(
    row?.user.passwordHash ?? (await dummyPasswordHash()),
    credentials.password,
  );
  if (!row || !ok || !row.user.isActive) return null;
  await q.forgetEvent(app.db, attempt);
  return row;
}

/** What a production start calls itself in the audit log (`call`). */
const PRODUCTION_START = 'production start';

/**
 * Disables every active staff account whose password is `password` (the demo's published one, on a
 * production start of a database that once ran as the demo); returns their emails. Checked by
 * verifying each account's hash, a few at a time on argon2's threads. Each account disabled gets
 * an audit entry by the system, in the transaction that disables it.
 */
export async function disableAccountsWithPassword(db: Db, password: string, at: Date): Promise<string[]> {
  const accounts = await q.activeStaffHashes(db);
  const found: typeof accounts = [];
  for (let i = 0; i < accounts.length; i += 4) {
    const batch = accounts.slice(i, i + 4);
    const matches = await Promise.all(batch.map((a) => verifyPassword(a.passwordHash, password)));
    found.push(...batch.filter((_, j) => matches[j]));
  }
  if (found.length === 0) return [];
  await db.transaction(async (tx) => {
    await q.disableStaff(
      tx,
      found.map((a) => a.id),
    );
    await q.insertSystemAudit(
      tx,
      found.map((a) => ({
        at,
        action: 'staff.disable_demo_password',
        call: PRODUCTION_START,
        entity: 'staff_user',
        entityId: String(a.id),
        locationId: a.locationId,
        summary: `${a.email} disabled at a production start: it still had the demo's published password`,
        before: { is_active: true },
        after: { is_active: false },
      })),
    );
  });
  return found.map((a) => a.email);
}

/**
 * Ends, at a production start, every session issued while the server ran in demo mode (its codes
 * and passwords are public, so such a token proves nothing). A database that still held demo
 * passwords (`demoPasswordsFound`) may have sessions from before sessions were marked (migration
 * 0023): then every live session ends, and people sign in again. Audited as one entry by the
 * system. Returns how many sessions ended.
 */
export async function revokeDemoSessions(db: Db, at: Date, demoPasswordsFound: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await q.revokeDemoSessions(tx, at, demoPasswordsFound);
    const total = ended.customer + ended.staff;
    if (total > 0) {
      await q.insertSystemAudit(tx, [
        {
          at,
          action: 'session.revoke_demo',
          call: PRODUCTION_START,
          entity: 'session',
          entityId: demoPasswordsFound ? 'all' : 'demo',
          locationId: null,
          summary: `${total} session(s) ${demoPasswordsFound ? 'of a database that ran as the demo' : 'issued in demo mode'} revoked at a production start (${ended.customer} customer, ${ended.staff} staff)`,
          before: null,
          after: { revoked: total, customer: ended.customer, staff: ended.staff },
        },
      ]);
    }
    return total;
  });
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
  await q.clearEvents(app.db, STAFF_FAIL_BUCKET, credentials.email);
  const token = await startStaffSession(app, app.db, u.id);
  return { success: true as const, data: presentStaff(row), token };
}

/** A new session of a staff account (`STAFF_SESSION_HOURS`); answers its token, stored as a hash. */
export async function startStaffSession(
  app: Pick<AppContext, 'clock' | 'config'>,
  db: DbOrTx,
  staffUserId: number,
): Promise<string> {
  const now = app.clock.now();
  const token = newToken();
  await q.insertSession(db, {
    tokenHash: hashToken(token),
    kind: 'staff',
    staffUserId,
    issuedInDemo: app.config.demo,
    createdAt: now,
    expiresAt: new Date(now.getTime() + app.config.sessions.staffHours * 3_600_000),
  });
  return token;
}

/**
 * Ends every live session of a staff account, in the caller's transaction. The table announces
 * it to every instance; the caller drops this instance's sessions (`app.sessions.invalidate()`)
 * once it commits.
 */
export function endStaffSessions(db: DbOrTx, staffUserId: number, at: Date): Promise<void> {
  return q.revokeStaffSessions(db, staffUserId, at);
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
  // A token issued in demo mode, whose codes and passwords are public, proves nothing outside it.
  if (session.issuedInDemo && !app.config.demo) throw unauthorized(AUTH_MESSAGES.signInRequired);
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
/** Sends to the new numbers (not yet a customer's) of one range (phonePrefix). */
const SMS_PREFIX_BUCKET = 'sms_send_prefix';
/** Every send of the service, for its daily budget. */
const SMS_SERVICE_BUCKET = 'sms_send_service';
const SMS_SERVICE_KEY = 'all';
/** Wrong codes, counted per guessing address (never per phone: a stranger could lock its owner out). */
const CODE_FAIL_ADDRESS_BUCKET = 'sms_code_failure_address';
const CODE_FAIL_WINDOW_MINUTES = 60;
const HOUR_MS = 3_600_000;
/** The budget's early warning: an error line when this share of the day's codes is used. */
const BUDGET_ALERT_SHARE = 0.8;
export const SMS_BUDGET_SPENT = 'Sign-in codes cannot be sent at the moment. Please try again later.';

function requirePhone(raw: string): string {
  const phone = normalisePhone(raw);
  if (!phone) throw invalid(AUTH_MESSAGES.phoneInvalid, 'phone');
  return phone;
}

function codeHash(app: AppContext, phone: string, code: string): string {
  return hmac(app.config.secret, 'sms-code', phone, code);
}

/** How long until the address may guess again (0: it may now), read under its lock. */
async function guessWait(app: AppContext, tx: DbOrTx, address: string, now: Date): Promise<number> {
  const windowMs = CODE_FAIL_WINDOW_MINUTES * 60_000;
  const failures = await q.eventTimes(
    tx,
    CODE_FAIL_ADDRESS_BUCKET,
    address,
    new Date(now.getTime() - windowMs),
  );
  return windowWait(failures, app.config.limits.codeFailuresPerAddress, windowMs, now);
}

/**
 * The waits of the limits many numbers share: the number's range (for a number that is not yet a
 * customer's) and the service's daily budget. Read under their locks before a send; without them
 * for a refusal's Retry-After, which they can only lengthen.
 */
async function sharedWaits(app: AppContext, tx: DbOrTx, phone: string, known: boolean, now: Date) {
  const { smsPerPrefixPerHour, smsDailyBudget } = app.config.limits;
  const day = budgetDay(now);
  const used = await q.countEvents(tx, SMS_SERVICE_BUCKET, SMS_SERVICE_KEY, day.start);
  const prefixMs = known
    ? 0
    : windowWait(
        await q.eventTimes(tx, SMS_PREFIX_BUCKET, phonePrefix(phone), new Date(now.getTime() - HOUR_MS)),
        smsPerPrefixPerHour,
        HOUR_MS,
        now,
      );
  const budgetMs = used >= smsDailyBudget ? day.end.getTime() - now.getTime() : 0;
  return { prefixMs, budgetMs, used };
}

/** The refusal of a send that may happen `ms` from now: 503 while the day's budget is spent. */
function sendRefused(ms: number, budgetSpent: boolean): AppError {
  const seconds = retryAfterSeconds(ms);
  return budgetSpent
    ? unavailable(SMS_BUDGET_SPENT, seconds)
    : tooManyRequests(AUTH_MESSAGES.tooManyAttempts, seconds);
}

/**
 * Sends a sign-in code. Nobody can stop a number's codes: past its first few, codes to a number are
 * spaced out (a growing wait after each, at most `SMS_PHONE_MAX_WAIT_SECONDS`, 10 minutes), and a
 * refusal's Retry-After is the real time until the next code can be sent, computed from the codes
 * sent (refusals count for nothing). Bounded for the bill (SMS pumping): per client address, per
 * number range for numbers that are nobody's yet, and per UTC day for the whole service, with an
 * error line (`SMS_BUDGET_NEAR`) at 80 % and a 503 until midnight UTC past it. Nothing is sent to an
 * address that has spent its wrong guesses. The counts and the send happen under per-key locks, so
 * parallel requests on any number of instances cannot slip past a limit. A resend replaces the
 * earlier code. docs/reliability.md, "Sign-in codes".
 */
export async function sendSmsCode(app: AppContext, rawPhone: string, clientAddress: string) {
  const phone = requirePhone(rawPhone);
  const now = app.clock.now();
  const limits = app.config.limits;
  const spacing = {
    free: limits.smsPerPhone,
    firstWaitMs: limits.smsPhoneFirstWaitSeconds * 1000,
    maxWaitMs: limits.smsPhoneMaxWaitSeconds * 1000,
  };
  const addressWindowMs = limits.smsWindowMinutes * 60_000;
  // A customer's number is never held back by strangers' sends to its range.
  const known = (await q.findCustomerByPhone(app.db, phone)) !== null;
  const sent = await app.db.transaction(async (tx) => {
    await q.lockKey(tx, `${SMS_ADDRESS_BUCKET}:${clientAddress}`);
    await q.lockKey(tx, `${SMS_PHONE_BUCKET}:${phone}`);
    const byAddress = await q.eventTimes(
      tx,
      SMS_ADDRESS_BUCKET,
      clientAddress,
      new Date(now.getTime() - addressWindowMs),
    );
    const byPhone = await q.eventTimes(
      tx,
      SMS_PHONE_BUCKET,
      phone,
      new Date(now.getTime() - PHONE_WINDOW_MS),
    );
    const own = Math.max(
      windowWait(byAddress, limits.smsPerAddress, addressWindowMs, now),
      phoneWait(byPhone, spacing, now),
      await guessWait(app, tx, clientAddress, now),
    );
    if (own > 0) {
      const shared = await sharedWaits(app, tx, phone, known, now);
      throw sendRefused(Math.max(own, shared.prefixMs, shared.budgetMs), shared.budgetMs > 0);
    }
    // The shared keys are locked last, and only by a send its own limits allow.
    if (!known) await q.lockKey(tx, `${SMS_PREFIX_BUCKET}:${phonePrefix(phone)}`);
    await q.lockKey(tx, `${SMS_SERVICE_BUCKET}:${SMS_SERVICE_KEY}`);
    const shared = await sharedWaits(app, tx, phone, known, now);
    if (shared.prefixMs > 0 || shared.budgetMs > 0) {
      throw sendRefused(Math.max(shared.prefixMs, shared.budgetMs), shared.budgetMs > 0);
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
    if (!known) await q.recordEvent(tx, SMS_PREFIX_BUCKET, phonePrefix(phone), now);
    await q.recordEvent(tx, SMS_SERVICE_BUCKET, SMS_SERVICE_KEY, now);
    // Sealed: the outbox row never holds the code in plain text (docs/operations.md, "Sealed messages").
    await queueSealedSms(
      tx,
      app.config.secret,
      now,
      phone,
      `Your Kitchaco sign-in code is ${code}. It expires in ${SMS_CODE_TTL_SECONDS / 60} minutes. Never share it.`,
    );
    return { usedToday: shared.used + 1, toPhoneToday: byPhone.length + 1 };
  });
  alertOnSend(app, sent.usedToday, sent.toPhoneToday, phone);
  return { success: true as const, expires_in: SMS_CODE_TTL_SECONDS };
}

/**
 * Says in the log when the day's budget is nearly or wholly used (error: someone must look), and
 * when a number is sent more codes than a person asks for in a day (a stranger at work). Each
 * line is written once per crossing: the counts are exact under the locks.
 */
function alertOnSend(app: AppContext, usedToday: number, toPhoneToday: number, phone: string): void {
  const budget = app.config.limits.smsDailyBudget;
  if (usedToday === Math.ceil(budget * BUDGET_ALERT_SHARE)) {
    app.log.error(
      { code: 'SMS_BUDGET_NEAR', used: usedToday, budget },
      `SMS budget: ${usedToday} of ${budget} sign-in codes sent today (UTC); none are sent past ${budget}`,
    );
  }
  if (usedToday === budget) {
    app.log.error(
      { code: 'SMS_BUDGET_SPENT', used: usedToday, budget },
      `SMS budget spent: ${budget} sign-in codes sent today; none are sent until 00:00 UTC (SMS_DAILY_BUDGET)`,
    );
  }
  if (toPhoneToday === app.config.limits.smsPerPhonePerDay + 1) {
    app.log.warn(
      { code: 'SMS_PHONE_FLOODED', phone: `${phonePrefix(phone)}****`, sent: toPhoneToday },
      'one number was sent more sign-in codes in 24 hours than a person asks for; later codes allow one try',
    );
  }
}

/**
 * How many wrong tries a code allows: 3, or 1 for a code sent past the number's daily allowance
 * (`SMS_SENDS_PER_PHONE_PER_DAY`). Codes to a number never stop, so this keeps the guesses a
 * stranger gets at a number near its day's first codes' tries, while its owner, who types the code
 * received, signs in as before.
 */
async function triesOf(app: AppContext, tx: DbOrTx, phone: string, sentAt: Date): Promise<number> {
  const since = new Date(sentAt.getTime() - PHONE_WINDOW_MS + 1);
  const sentBefore = await q.countEvents(tx, SMS_PHONE_BUCKET, phone, since);
  return sentBefore > app.config.limits.smsPerPhonePerDay ? 1 : SMS_CODE_MAX_ATTEMPTS;
}

type CodeCheck = { ok: true; customerId: number; token: string } | { ok: false; error: AppError };

/**
 * Signs in with a code. A wrong guess counts against the code that was sent (single-use, expires,
 * dies after 3 wrong tries: with no code sent there is nothing to guess) and against the guessing
 * address (`SMS_CODE_FAILURES_PER_ADDRESS` an hour), never against the phone: a stranger's guesses
 * cannot lock its owner out, who signs in with the next code. A phone's guesses are bounded by its
 * codes: `SMS_SENDS_PER_PHONE_PER_DAY` a day with 3 tries each, any later ones (at most one per 10
 * minutes) with one try (triesOf). A new phone becomes a new customer.
 */
export async function loginWithCode(app: AppContext, rawPhone: string, code: string, clientAddress: string) {
  const phone = requirePhone(rawPhone);
  const now = app.clock.now();
  // Failures must be recorded even though the call fails, so the transaction returns them.
  const result = await app.db.transaction(async (tx): Promise<CodeCheck> => {
    await q.lockKey(tx, `${CODE_FAIL_ADDRESS_BUCKET}:${clientAddress}`);
    const wait = await guessWait(app, tx, clientAddress, now);
    if (wait > 0) {
      return { ok: false, error: tooManyRequests(AUTH_MESSAGES.tooManyAttempts, retryAfterSeconds(wait)) };
    }
    const live = await q.findLiveCodeForUpdate(tx, phone, now);
    if (!live || !sameHex(live.codeHash, codeHash(app, phone, code))) {
      await q.recordEvent(tx, CODE_FAIL_ADDRESS_BUCKET, clientAddress, now);
      if (live) {
        const attempts = live.attempts + 1;
        const tries = await triesOf(app, tx, phone, live.createdAt);
        await q.updateCode(tx, live.id, attempts >= tries ? { attempts, consumedAt: now } : { attempts });
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
      issuedInDemo: app.config.demo,
      createdAt: now,
      expiresAt: new Date(now.getTime() + app.config.sessions.customerDays * 86_400_000),
    });
    return { ok: true, customerId: customer.id, token };
  });
  if (!result.ok) throw result.error;
  return { token: result.token, user_id: result.customerId };
}

const FACEBOOK_REFUSED = 'Error! Please try again!';

/**
 * Signs a customer in with a Facebook user access token (integrations/facebook.ts): Facebook says
 * whose token it is; that Facebook user is our customer (made on their first sign-in). Answers as
 * login-phone does. A refused token is a 401; Facebook away or not set up, a 503.
 */
export async function loginWithFacebook(app: AppContext, accessToken: string) {
  let user: FacebookUser;
  try {
    user = await app.adapters.facebook.verify(accessToken);
  } catch (error) {
    if (error instanceof FacebookRejected) throw unauthorized(FACEBOOK_REFUSED);
    app.log.warn({ err: error }, 'Facebook sign-in could not be checked');
    throw unavailable('Facebook sign-in is not available at the moment. Please sign in with your phone.');
  }
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const customer = await q.findOrCreateFacebookCustomer(tx, user, now);
    const token = newToken();
    await q.insertSession(tx, {
      tokenHash: hashToken(token),
      kind: 'customer',
      customerId: customer.id,
      issuedInDemo: app.config.demo,
      createdAt: now,
      expiresAt: new Date(now.getTime() + app.config.sessions.customerDays * 86_400_000),
    });
    return { token, user_id: customer.id };
  });
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
