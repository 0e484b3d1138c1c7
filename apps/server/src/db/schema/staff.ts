import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { externalOperators, locations } from './locations.js';

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
