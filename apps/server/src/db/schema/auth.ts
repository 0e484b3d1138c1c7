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
import { locations } from './locations.js';
import { staffUsers } from './staff.js';

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
    /**
     * Issued while the server ran in demo mode (its passwords and SMS codes are public): such a
     * session is refused by a server outside demo mode, and revoked by a production start.
     */
    issuedInDemo: boolean('issued_in_demo').notNull().default(false),
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
