import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { salesReportStatusEnum } from './enums.js';
import { externalOperators, locations } from './locations.js';
import { staffUsers } from './staff.js';

/** A payout fortnight: starts on a Monday, ends 13 days later. */
export const fortnightPeriods = pgTable(
  'fortnight_periods',
  {
    id: serial('id').primaryKey(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('fortnight_periods_start_idx').on(t.startDate)],
);

/** The generated sales report of one location for one fortnight (its figures as computed then). */
export const salesReports = pgTable(
  'sales_reports',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    periodId: integer('period_id')
      .notNull()
      .references(() => fortnightPeriods.id),
    status: salesReportStatusEnum('status').notNull().default('generated'),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    figures: jsonb('figures').notNull(),
  },
  (t) => [uniqueIndex('sales_reports_location_period_idx').on(t.locationId, t.periodId)],
);

/**
 * An approved fortnight invoice of an external operator: a snapshot of every figure. Re-approval
 * adds a new row and marks the earlier one superseded, so history is kept.
 */
export const invoiceApprovals = pgTable(
  'invoice_approvals',
  {
    id: serial('id').primaryKey(),
    externalOperatorId: integer('external_operator_id')
      .notNull()
      .references(() => externalOperators.id),
    periodId: integer('period_id')
      .notNull()
      .references(() => fortnightPeriods.id),
    approvedBy: integer('approved_by')
      .notNull()
      .references(() => staffUsers.id),
    approvedByEmail: text('approved_by_email').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
    snapshot: jsonb('snapshot').notNull(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [index('invoice_approvals_operator_period_idx').on(t.externalOperatorId, t.periodId)],
);
