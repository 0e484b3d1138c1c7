import { z } from 'zod';
import { SALES_REPORT_STATUSES } from '../constants.js';
import { addDays, isFortnightStart, parseWireDate } from '../dates/business-time.js';
import { wireDate } from '../stock/stock.schemas.js';
import { amount, dbId, wholeNumber } from '../wire/wire.js';
import { INVOICE_CHANNELS, MISC_CHARGE_SLOTS } from './invoice.js';

/**
 * Wire contracts of the money side: fortnight periods, the sales report per location, the payout
 * invoice per external operator (approve, email, download) and the transactional report.
 */

const money = z.number();
const count = z.number().int();

/** Messages the screens show, spelling kept as staff know it. */
export const FINANCE_MESSAGES = {
  selectPeriod: 'Please select a fortnight period above to show reports',
  notGenerated:
    "Report for this location and period hasn't been generated yet. Please select a different location or period or come back later for this report.",
  generateConfirm:
    'Report for this period is not available. Do you want to generate it now? This will generate the report and send transactional summary to the registered email id.',
  txnConfirm: 'Are you sure? This will generate the txn report and email it to registered email id',
  txnSent: 'An email has been sent to the registered email id',
  selectPlatform: 'Error! Please select atleast one platform (Deliveroo or Uber Eats)',
  approved: 'Approved Successfully',
  emailed: 'Email has been sent to your registered email address.',
  alreadyApproved: (date: string, by: string) => `Already Approved on ${date} by ${by}`,
  mondayOnly: 'The start date must be a Monday',
  /** An invoice (approval) asked for a Monday off the fortnight grid. */
  notAPeriod: (start: string, periodStart: string) =>
    `Invoices are approved per fortnight period: ${start} does not start one (the period holding it starts on ${periodStart}). Please select a fortnight period.`,
  /** An approval whose days another current approval of the operator already covers. */
  overlapsApproval: (start: string, end: string, date: string, by: string) =>
    `This invoice overlaps the invoice of ${start} - ${end} approved on ${date} by ${by}: the same days would be paid twice.`,
} as const;

/** A fortnight: start on a Monday, end 13 days later. */
const fortnightDates = {
  start_date: wireDate.refine((s) => isFortnightStart(parseWireDate(s) ?? ''), {
    message: FINANCE_MESSAGES.mondayOnly,
  }),
  end_date: wireDate,
};
function endIsStartPlus13(o: { start_date: string; end_date: string }): boolean {
  const start = parseWireDate(o.start_date);
  const end = parseWireDate(o.end_date);
  return start === null || end === null || addDays(start, 13) === end;
}
const END_MESSAGE = 'end_date must be start_date plus 13 days';

export const fortnightPeriod = z.object({ id: count, start_date: z.string(), end_date: z.string() });
export type FortnightPeriod = z.infer<typeof fortnightPeriod>;
export const fortnightPeriodsResponse = z.object({
  success: z.literal(true),
  /** Newest first; only fortnights that have begun. */
  sales_invoice_fortnight_period: z.array(fortnightPeriod),
});

// ---------------------------------------------------------------- sales report (per location)

/**
 * One location's fortnight. Our own channels' figures (in store, online pickup and delivery) are net
 * of the card refunds made in the fortnight, whichever fortnight the order was in; Deliveroo's
 * refunds and corrections stay apart in deliveroo_adjustments.
 */
export const salesReportRow = z.object({
  kitchaco: count,
  kitchaco__suburb: z.string(),
  in_store_cash_sales: money,
  in_store_card_sales: money,
  online_pickup_sales: money,
  online_delivery_sales: money,
  uber_total_sales: money,
  doordash_total_sales: money,
  deliveroo_total_sales: money,
  deliveroo_adjustments: money,
  menulog_total_sales: money,
  /**
   * The card refunds (negative) and reversals (positive) of the fortnight already taken off the own
   * channels' figures above. Absent from invoices approved before refunds were reported.
   */
  card_refunds: money.optional(),
  status: z.enum(SALES_REPORT_STATUSES),
  generated_at: z.string().nullable(),
});
export type SalesReportRow = z.infer<typeof salesReportRow>;

export const amountWithGst = z.object({ gross: money, gst: money, net: money });

export const miscChargeWire = z.object({
  label: z.string().trim().max(80),
  gross: z
    .union([z.number(), z.string()], { error: 'Miscellaneous charge amounts must be numbers' })
    .pipe(amount({ min: -1_000_000, max: 1_000_000, decimals: 2 })),
  has_gst: z.boolean(),
});
export type MiscChargeWire = z.infer<typeof miscChargeWire>;

/** Every figure of an invoice on the wire (dollars). */
export const invoiceFigures = z.object({
  sales: z.object({
    in_store_cash: money,
    in_store_card: money,
    online_pickup: money,
    online_delivery: money,
    uber_eats: money,
    doordash: money,
    deliveroo: money,
    menulog: money,
    deliveroo_adjustments: money,
  }),
  instore_sales: money,
  online_sales: money,
  kitchaco_sales: money,
  revenue: amountWithGst,
  commissions: z.record(z.enum(INVOICE_CHANNELS), amountWithGst.extend({ rate: z.string() })),
  total_commission: amountWithGst,
  stock: z.object({ gross: money, gst: money, net: money, delivery_charge: money, admin_adjustment: money }),
  misc: z.array(z.object({ label: z.string(), gross: money, has_gst: z.boolean(), gst: money, net: money })),
  total_misc: amountWithGst,
  purchases: amountWithGst,
  earnings: amountWithGst,
  less_in_store_cash_sales: money,
  less_in_store_card_sales: money,
  /** Carried lines counted in the payout (absent from invoices approved before they existed). */
  carried: z
    .array(z.object({ label: z.string(), gross: money, has_gst: z.boolean(), gst: money, net: money }))
    .optional(),
  total_carried: amountWithGst.optional(),
  payout_inc_gst: money,
});
export type InvoiceFigures = z.infer<typeof invoiceFigures>;

export const getSalesReportRequest = z
  .object({
    /** A location (the sales report screen; 0 = all locations) ... */
    kitchaco: wholeNumber(0).optional(),
    /** ... or an external operator (the invoice; 0 = all operators, figures only). */
    external_operator: wholeNumber(0).optional(),
    ...fortnightDates,
    sales_invoice_fortnight_period: dbId.optional(),
  })
  .refine(endIsStartPlus13, { message: END_MESSAGE, path: ['end_date'] })
  .refine((o) => (o.kitchaco === undefined) !== (o.external_operator === undefined), {
    message: 'send either kitchaco or external_operator',
    path: ['kitchaco'],
  });
export type GetSalesReportRequest = z.infer<typeof getSalesReportRequest>;

export const CARRIED_KINDS = [
  'refund',
  'reversal',
  'cancellation',
  'reopening',
  'payout_refund',
  'payout_adjustment',
  'paid_invoice_adjustment',
] as const;
export type CarriedKind = (typeof CARRIED_KINDS)[number];

export const carriedLine = z.object({
  kind: z.enum(CARRIED_KINDS),
  label: z.string(),
  /** Signed, GST inclusive. */
  amount: money,
  has_gst: z.boolean(),
  /** Already in this fortnight's sales figures (a refund or cancellation in the ledger): listed, not added again. */
  in_ledger: z.boolean(),
  order_id: z.number().int().nullable(),
  /** The order's date ("13 Nov 2026"), when the line is an order's. */
  order_date: z.string().nullable(),
  /** The approved invoice the money was in (KC-0002-20261102). */
  reference: z.string(),
  /** Where it comes from (platform, platform order id, report file and date), as text. */
  source: z.string(),
});
export type CarriedLine = z.infer<typeof carriedLine>;

export const adjustmentNote = z.object({
  number: z.string(),
  adjusts: z.string(),
  original_payout_inc_gst: money,
  previous_payout_inc_gst: money,
  payout_inc_gst: money,
  difference: money,
  /** The change in the GST of our supplies (commissions, stock, charges) the adjustment note makes. */
  gst_adjustment: money,
  /** A paid invoice: the fortnight whose invoice settles the difference ("30 Nov 2026 - 13 Dec 2026"). */
  settled_in: z.string().nullable(),
});
export type AdjustmentNote = z.infer<typeof adjustmentNote>;

export const invoicePaid = z.object({ paid_on: z.string(), paid_by: z.string(), reference: z.string() });

const salesReportBase = z.object({
  success: z.literal(true),
  start_date: z.string(),
  end_date: z.string(),
  /** 'unavailable' when any location of the report has not been generated. */
  status: z.enum(SALES_REPORT_STATUSES),
  sales_data: z.array(salesReportRow),
  business_name: z.string().nullable(),
  gross_stock_purchased: money,
  net_stock_purchased: money,
  gst_stock_purchased: money,
  admin_adjustment_stock_purchased: money,
  delivery_charge_stock_purchased: money,
  /** The operator's rates as fractions (empty for a location or all operators). */
  commission_rate_data: z.record(z.string(), z.number()),
  gross_kitchaco_in_store_cash_sales: money,
  gross_kitchaco_in_store_card_sales: money,
  gross_kitchaco_online_pickup_sales: money,
  gross_kitchaco_online_delivery_sales: money,
  gross_uber_eats_sales: money,
  gross_doordash_sales: money,
  gross_deliveroo_sales: money,
  gross_menulog_sales: money,
  /** The invoice as computed now, or as approved when approved (with its miscellaneous charges). */
  invoice: invoiceFigures,
  approved_by: z.string().nullable(),
  approved_on: z.string().nullable(),
  /** Per location, as approved (empty until approved). */
  sales_approved_invoice_details: z.array(
    z.object({
      kitchaco__suburb: z.string(),
      kitchaco_in_store_cash_sales: money,
      kitchaco_in_store_card_sales: money,
      kitchaco_online_pickup_sales: money,
      kitchaco_online_delivery_sales: money,
      uber_eats_sales: money,
      doordash_sales: money,
      deliveroo_sales: money,
      menulog_sales: money,
    }),
  ),
  less_in_store_cash_sales: z.boolean(),
  less_in_store_card_sales: z.boolean(),
  /**
   * Earlier approvals of this invoice, newest first (kept when it is approved again), each with its
   * document's number (the tax invoice, then adjustment notes).
   */
  history: z.array(
    z.object({
      approved_by: z.string(),
      approved_on: z.string(),
      payout_inc_gst: money,
      number: z.string().optional(),
    }),
  ),
  /** The approved document's number: the tax invoice's (KC-0002-20261102) or an adjustment note's (…-A1). */
  invoice_number: z.string().nullable().optional(),
  /**
   * When the approval is an adjustment note (approved again with other figures): the invoice it
   * adjusts, its approved payout, and the difference with its GST.
   */
  adjustment_note: adjustmentNote.nullable().optional(),
  /** Marked paid (mark_invoice_paid): when, by whom, the payment's reference; null until then. */
  paid: invoicePaid.nullable().optional(),
  /**
   * Money carried into this fortnight from approved ones (docs/finance.md, "Money that moves after
   * approval"): refunds and cancellations of their orders (`in_ledger`: already in the sales above),
   * payout reconciliation lines and paid invoices' adjustment notes (counted in the payout).
   */
  carried_lines: z.array(carriedLine).optional(),
});

/** The figures of a report, without who approved it and when: what the ledger says, or what was approved. */
export const reportFigures = salesReportBase.pick({
  sales_data: true,
  gross_stock_purchased: true,
  net_stock_purchased: true,
  gst_stock_purchased: true,
  admin_adjustment_stock_purchased: true,
  delivery_charge_stock_purchased: true,
  gross_kitchaco_in_store_cash_sales: true,
  gross_kitchaco_in_store_card_sales: true,
  gross_kitchaco_online_pickup_sales: true,
  gross_kitchaco_online_delivery_sales: true,
  gross_uber_eats_sales: true,
  gross_doordash_sales: true,
  gross_deliveroo_sales: true,
  gross_menulog_sales: true,
  invoice: true,
});
export type ReportFigures = z.infer<typeof reportFigures>;

export const salesReportResponse = salesReportBase.extend({
  /**
   * When any figure shown is an approved one (an approved invoice, or an approved location of the
   * sales report): the same figures computed from the ledger now, with the approval's charges and
   * deductions. Re-approving approves these (the request carries their payout).
   */
  live: reportFigures.optional(),
  /** Whether any live figure differs from the approved one shown (false when nothing is approved). */
  live_differs: z.boolean().optional(),
});
export type SalesReportResponse = z.infer<typeof salesReportResponse>;

/**
 * A location (0 = all) or an external operator's locations (0 = every operator's). Each location's
 * summary is emailed when its report is first generated for a fortnight period; generating it
 * again refreshes the report and sends nothing unless `resend_summary`.
 */
export const generateSalesReportRequest = z
  .object({
    kitchaco: wholeNumber(0).optional(),
    external_operator: wholeNumber(0).optional(),
    resend_summary: z.boolean().default(false),
    ...fortnightDates,
  })
  .refine(endIsStartPlus13, { message: END_MESSAGE, path: ['end_date'] })
  .refine((o) => (o.kitchaco === undefined) !== (o.external_operator === undefined), {
    message: 'send either kitchaco or external_operator',
    path: ['kitchaco'],
  });
export type GenerateSalesReportRequest = z.infer<typeof generateSalesReportRequest>;
export const generateSalesReportResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  generated: z.array(z.string()),
});

/**
 * Approval. The client sends the choices (charges and deductions) and, as the spec's clients do,
 * the figures it showed; the server recomputes every figure from its own data and refuses (409)
 * when the shown payout differs from its own, so nobody approves numbers they did not see.
 */
export const approveSalesReportRequest = z
  .object({
    external_operator: dbId,
    ...fortnightDates,
    sales_invoice_fortnight_period: dbId.optional(),
    misc: z
      .array(miscChargeWire)
      .max(MISC_CHARGE_SLOTS, `at most ${MISC_CHARGE_SLOTS} miscellaneous charges`)
      .default([]),
    less_in_store_cash_sales: z.boolean().default(true),
    less_in_store_card_sales: z.boolean().default(false),
    total_payout_inc_gst: amount().optional(),
    /**
     * The document the caller saw (`invoice_number` of the invoice it showed; null: not approved).
     * When sent and another approval was made meanwhile, the answer is 409 naming it.
     */
    seen_invoice_number: z.string().max(40).nullable().optional(),
  })
  .loose()
  .refine(endIsStartPlus13, { message: END_MESSAGE, path: ['end_date'] });
export type ApproveSalesReportRequest = z.infer<typeof approveSalesReportRequest>;

export const emailSalesReportRequest = z
  .object({
    external_operator: dbId,
    ...fortnightDates,
    sales_invoice_fortnight_period: dbId.optional(),
  })
  .loose()
  .refine(endIsStartPlus13, { message: END_MESSAGE, path: ['end_date'] });

export const financeMessageResponse = z.object({ success: z.literal(true), message: z.string() });

/** Approval's answer: whether it made a new version (false: it changed nothing), and its document's number. */
export const approveSalesReportResponse = financeMessageResponse.extend({
  changed: z.boolean().optional(),
  invoice_number: z.string().optional(),
});

/** mark_invoice_paid: the current approval of the operator's fortnight was paid (when, reference). */
export const markInvoicePaidRequest = z
  .object({
    external_operator: dbId,
    ...fortnightDates,
    sales_invoice_fortnight_period: dbId.optional(),
    /** The payment's reference (bank transfer id): 1 to 80 characters. */
    reference: z.string().trim().min(1, 'Please enter the payment reference').max(80),
    /** The day it was paid ("27 Nov 2026"); today when absent. */
    paid_on: wireDate.optional(),
  })
  .refine(endIsStartPlus13, { message: END_MESSAGE, path: ['end_date'] });
export type MarkInvoicePaidRequest = z.infer<typeof markInvoicePaidRequest>;

/** carry_payout_reconciliation: the reconciliation's refunds and adjustments of the operator's fortnight into its next open invoice. */
export const carryReconciliationRequest = z
  .object({
    external_operator: dbId,
    ...fortnightDates,
    sales_invoice_fortnight_period: dbId.optional(),
  })
  .refine(endIsStartPlus13, { message: END_MESSAGE, path: ['end_date'] });
export type CarryReconciliationRequest = z.infer<typeof carryReconciliationRequest>;
export const carryReconciliationResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Lines added by this call (0 when all were carried before). */
  added: z.number().int(),
  /** The fortnight they land in ("30 Nov 2026 - 13 Dec 2026"). */
  landing_period: z.string().nullable(),
});

export const transactionalReportRequest = z
  .object({
    kitchaco: wholeNumber(0),
    ...fortnightDates,
    deliveroo: z.boolean().default(false),
    uber_eats: z.boolean().default(false),
    menulog: z.boolean().default(false),
    doordash: z.boolean().default(false),
    /**
     * Our own channels too (in store cash and card, online pickup and delivery): their orders and,
     * each on its own row, the card refunds of the fortnight, so each channel's total is the sales
     * report's net figure.
     */
    own_channels: z.boolean().default(false),
    email_report: z.boolean().default(true),
  })
  .refine(endIsStartPlus13, { message: END_MESSAGE, path: ['end_date'] })
  .refine((o) => o.deliveroo || o.uber_eats || o.menulog || o.doordash || o.own_channels, {
    message: FINANCE_MESSAGES.selectPlatform,
    path: ['deliveroo'],
  });
export type TransactionalReportRequest = z.infer<typeof transactionalReportRequest>;
