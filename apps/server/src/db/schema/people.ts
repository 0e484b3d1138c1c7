import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sessionKindEnum } from './enums.js';
import { externalOperators, locations } from './locations.js';

/**
 * A customer signs in with a phone number (international format) and an SMS code, or with
 * Facebook (then the phone may be unknown until they add it).
 */
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  phone: text('phone').unique(),
  /** The Facebook user id of a customer who signed in with Facebook (login-facebook). */
  facebookId: text('facebook_id').unique(),
  username: text('username'),
  email: text('email'),
  address: text('address'),
  locationId: integer('location_id').references(() => locations.id),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Staff sign in with email and password. Role flags as the wire has them; an operator, kitchen or
 * stock user belongs to one location; an operator may belong to an external operator (franchisee).
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isStockUser: boolean('is_stock_user').notNull().default(false),
    isStockAdmin: boolean('is_stock_admin').notNull().default(false),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    isOperator: boolean('is_operator').notNull().default(false),
    /** A kitchen account: bound to one location, works its kitchen screen (docs/kitchen.md). */
    isKitchen: boolean('is_kitchen').notNull().default(false),
    locationId: integer('location_id').references(() => locations.id),
    externalOperatorId: integer('external_operator_id').references(() => externalOperators.id),
    isActive: boolean('is_active').notNull().default(true),
    /** Bumped on password change: cached credential checks of older versions stop working. */
    credentialVersion: integer('credential_version').notNull().default(1),
    /**
     * Signed in with a temporary password (a new account, or one reset by a super admin): every
     * call but `change_password` is refused until the account chooses its own.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_users_email_idx').on(t.email)],
);

/** A sign-in session. Only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    kind: sessionKindEnum('kind').notNull(),
    customerId: integer('customer_id').references(() => customers.id),
    staffUserId: integer('staff_user_id').references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash)],
);

/** A 4-digit sign-in code. Only an HMAC of the code is stored; a resend replaces the live code. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, replaced by a resend, or killed by too many wrong tries. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_live_idx').on(t.phone).where(sql`consumed_at IS NULL`)],
);

/**
 * Events counted by rate limits (code sends per phone and per address, failed sign-ins). Kept in
 * the database so several server instances share the count.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_events_idx').on(t.bucket, t.key, t.at)],
);

/**
 * Fixed-window counters for limits that must hold under races on any number of instances
 * (checkout attempts and declines): one `INSERT ... ON CONFLICT DO UPDATE` increments a counter
 * atomically and returns its new value, so exactly `limit` callers see a value within it.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    n: integer('n').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_expires_idx').on(t.expiresAt)],
);
