import { z } from 'zod';
import { ORDER_STATUSES } from '../constants.js';
import { dbId, wholeNumber } from '../wire/wire.js';
import { MARKETPLACE_CSV_MAX_CHARS } from './marketplaces.schemas.js';
import { PAYOUT_CHANNELS } from './payout-formats.js';
import { RECONCILIATION_STATES } from './payout-reconcile.js';

/**
 * Wire contracts of payout reconciliation (super admin, `/api/v1/admin-data/`): a platform's payout
 * report imported, and each fortnight's orders reconciled with it per location. Amounts are numbers
 * in dollars, as on the other marketplace calls; dates are YYYY-MM-DD.
 */

export const payoutChannel = z.enum(PAYOUT_CHANNELS, {
  error: `platform must be one of: ${PAYOUT_CHANNELS.join(', ')} (the platforms that pay by payout report)`,
});

export const payoutImportRequest = z.object({
  platform: payoutChannel,
  csv: z
    .string({ error: 'csv is required: the text of the payout report' })
    .min(1, 'csv is empty')
    .max(MARKETPLACE_CSV_MAX_CHARS, 'csv is larger than 5 MB: split the report by date'),
});
export type PayoutImportRequest = z.infer<typeof payoutImportRequest>;

export const payoutImportResponse = z.object({
  success: z.literal(true),
  platform: payoutChannel,
  /** Rows about an order read from the file. */
  rows: z.number().int(),
  /** Of those, rows not stored before. */
  new_rows: z.number().int(),
  /** Rows an earlier import already stored (the same report, or an overlapping one). */
  duplicate_rows: z.number().int(),
  /** Rows about no order (a payout's total, a store payment). */
  skipped_rows: z.number().int(),
  /** Orders the rows are about. */
  orders: z.number().int(),
  /** Sum of the payout column over the file's order rows. */
  payout_total: z.number(),
  /** The first and last order date of the file; null for a file of no order rows. */
  from_date: z.string().nullable(),
  to_date: z.string().nullable(),
});
export type PayoutImportResponse = z.infer<typeof payoutImportResponse>;

/** One fortnight of the invoice grid, and the operator whose locations are reconciled (0: every location). */
export const payoutReconciliationRequest = z.object({
  sales_invoice_fortnight_period: dbId,
  external_operator: wholeNumber(0),
});
export type PayoutReconciliationRequest = z.infer<typeof payoutReconciliationRequest>;

export const reconciliationState = z.enum(RECONCILIATION_STATES);

export const reconciledOrder = z.object({
  location_id: z.number().int(),
  location: z.string(),
  platform: payoutChannel,
  platform_order_id: z.string(),
  /** Our order; null when the platform paid for an order we do not have. */
  order_id: z.number().int().nullable(),
  order_date: z.string(),
  state: reconciliationState,
  ledger_status: z.enum(ORDER_STATUSES).nullable(),
  ledger_total: z.number().nullable(),
  ledger_fee: z.number().nullable(),
  reported_sales: z.number().nullable(),
  reported_fee: z.number().nullable(),
  payout: z.number().nullable(),
  /** Reported sales less our total (0 when either side is absent). */
  sales_difference: z.number(),
  payout_dates: z.array(z.string()),
});
export type ReconciledOrderWire = z.infer<typeof reconciledOrder>;

export const reconciliationGroup = z.object({
  location_id: z.number().int(),
  location: z.string(),
  platform: payoutChannel,
  /** A payout report of this platform and location covers the fortnight (else no order is called unpaid). */
  report_imported: z.boolean(),
  counts: z.record(reconciliationState, z.number().int()),
  ledger_sales: z.number(),
  reported_sales: z.number(),
  ledger_fees: z.number(),
  reported_fees: z.number(),
  payout: z.number(),
  /** reported_sales - ledger_sales. */
  sales_difference: z.number(),
});
export type ReconciliationGroup = z.infer<typeof reconciliationGroup>;

export const payoutReconciliationResponse = z.object({
  success: z.literal(true),
  period: z.object({ id: z.number().int(), start_date: z.string(), end_date: z.string() }),
  groups: z.array(reconciliationGroup),
  /** Every order of the fortnight with a state, matched ones included. */
  orders: z.array(reconciledOrder),
});
export type PayoutReconciliationResponse = z.infer<typeof payoutReconciliationResponse>;

/** The platform orders to import from the payout report (all the fortnight's missing ones when absent). */
export const importMissingPayoutOrdersRequest = payoutReconciliationRequest.extend({
  platform_order_ids: z
    .array(z.string().trim().min(1).max(100), { error: 'platform_order_ids must be a list of order ids' })
    .max(5000, 'at most 5000 orders at a time')
    .optional(),
});
export type ImportMissingPayoutOrdersRequest = z.infer<typeof importMissingPayoutOrdersRequest>;

export const importMissingPayoutOrdersResponse = z.object({
  success: z.literal(true),
  /** Orders written to the ledger from the report. */
  imported: z.number().int(),
  total_sales: z.number(),
  /** Asked-for orders that were not missing (already in the ledger, or not in the fortnight). */
  skipped: z.number().int(),
});
export type ImportMissingPayoutOrdersResponse = z.infer<typeof importMissingPayoutOrdersResponse>;
