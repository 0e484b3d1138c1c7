import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { money, salesReportStatusEnum } from './enums.js';
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
    /** Marked paid (mark_invoice_paid): when the money was paid, who said so, the payment's reference. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidByEmail: text('paid_by_email'),
    paidReference: text('paid_reference'),
  },
  (t) => [
    index('invoice_approvals_operator_period_idx').on(t.externalOperatorId, t.periodId),
    // One current approval per operator and period, whatever the callers do (docs/finance.md).
    uniqueIndex('invoice_approvals_current_idx')
      .on(t.externalOperatorId, t.periodId)
      .where(sql`superseded_at IS NULL`),
  ],
);

/**
 * A line carried into an operator's fortnight invoice from elsewhere (docs/finance.md, "Money that
 * moves after approval"): the cancellation of an order of an approved fortnight (its amount is in
 * the ledger already, `in_ledger`), a payout reconciliation's refund or adjustment, or the
 * difference of an adjustment note of a paid invoice (both counted in the payout). Each is written
 * once: `unique_key` names what it carries.
 */
export const invoiceAdjustments = pgTable(
  'invoice_adjustments',
  {
    id: serial('id').primaryKey(),
    externalOperatorId: integer('external_operator_id')
      .notNull()
      .references(() => externalOperators.id),
    /** The fortnight whose invoice the line lands in. */
    periodId: integer('period_id')
      .notNull()
      .references(() => fortnightPeriods.id),
    kind: text('kind', {
      enum: ['cancellation', 'reopening', 'payout_refund', 'payout_adjustment', 'paid_invoice_adjustment'],
    }).notNull(),
    label: text('label').notNull(),
    /** Signed, GST inclusive: positive raises the payout. */
    amount: money('amount').notNull(),
    hasGst: boolean('has_gst').notNull(),
    /** True when the amount is already in the ledger's figures (listed, not added again). */
    inLedger: boolean('in_ledger').notNull(),
    orderId: integer('order_id'),
    /** Where it comes from: platform, platform order id, report file and date, order date. */
    source: jsonb('source').notNull(),
    /** The approved invoice's number it refers to (KC-0002-20261102). */
    reference: text('reference').notNull(),
    approvalId: integer('approval_id').references(() => invoiceApprovals.id),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    uniqueKey: text('unique_key').notNull(),
  },
  (t) => [
    uniqueIndex('invoice_adjustments_key_idx').on(t.uniqueKey),
    index('invoice_adjustments_operator_period_idx').on(t.externalOperatorId, t.periodId),
  ],
);
