import { MARKETPLACE_NAMES } from '../constants.js';
import { addDays, daysBetween, type IsoDate } from '../dates/business-time.js';
import { GST_RATE, gstOfInclusive, netOfInclusive } from '../money/gst.js';
import { applyRate, type Mills } from '../money/money.js';

/**
 * The fortnight payout invoice of an external operator. Every amount is exact (mills) and rounded
 * to cents once per figure, half away from zero, as a person would on paper. docs/finance.md walks
 * through a worked example; invoice.test.ts checks it to the cent.
 */

/** Every fortnight starts on a Monday counted in 14-day steps from this one. */
export const FORTNIGHT_ANCHOR: IsoDate = '2024-01-01';

/** The first day of the fortnight holding `date`. */
export function fortnightStartOf(date: IsoDate): IsoDate {
  const offset = ((daysBetween(FORTNIGHT_ANCHOR, date) % 14) + 14) % 14;
  return addDays(date, -offset);
}

/**
 * Whether `date` starts a fortnight of the grid (an invoice period). Any Monday may start a sales
 * report, but invoice periods, and so approvals, only exist on the grid: two of them never overlap.
 */
export function isFortnightGridStart(date: IsoDate): boolean {
  return fortnightStartOf(date) === date;
}

/** Sales channels of the invoice, in the order the invoice lists them. */
export const INVOICE_CHANNELS = [
  'in_store_cash',
  'in_store_card',
  'online_pickup',
  'online_delivery',
  'uber_eats',
  'doordash',
  'deliveroo',
  'menulog',
] as const;
export type InvoiceChannel = (typeof INVOICE_CHANNELS)[number];

export const INVOICE_CHANNEL_LABELS: Record<InvoiceChannel, string> = {
  in_store_cash: 'In-store cash',
  in_store_card: 'In-store card',
  online_pickup: 'Online pickup',
  online_delivery: 'Online delivery',
  uber_eats: MARKETPLACE_NAMES.uber_eats,
  doordash: MARKETPLACE_NAMES.doordash,
  deliveroo: MARKETPLACE_NAMES.deliveroo,
  menulog: MARKETPLACE_NAMES.menulog,
};

/** Gross sales (GST inclusive, canceled orders excluded) of one location or one operator. */
export type ChannelSales = Record<InvoiceChannel, Mills> & {
  /** Deliveroo refunds and corrections (signed; a refund is negative). */
  deliveroo_adjustments: Mills;
};

export interface StockPurchased {
  /** Approved stock orders' totals (GST inclusive, fees and adjustments included). */
  gross: Mills;
  gst: Mills;
  /** Below-minimum order fees within the gross. */
  delivery_charge: Mills;
  /** Stock admins' adjustments within the gross. */
  admin_adjustment: Mills;
}

export interface MiscChargeInput {
  label: string;
  gross: Mills;
  /** With GST: gst = gross / 11, net = gross / 1.1. Without: gst 0, net = gross. */
  has_gst: boolean;
}

export interface AmountWithGst {
  gross: Mills;
  gst: Mills;
  net: Mills;
}

export interface InvoiceInput {
  sales: ChannelSales;
  stock: StockPurchased;
  /** The operator's commission rate per channel, as a fraction ("0.3" = 30%). */
  rates: Record<InvoiceChannel, string>;
  /** Up to five slots; empty slots may be left out. */
  misc: readonly MiscChargeInput[];
  /** Cash the operator took in store is theirs already: deducted from the payout by default. */
  less_in_store_cash_sales: boolean;
  /** Card sales in store, when they were paid to the operator's own terminal account. */
  less_in_store_card_sales: boolean;
  /**
   * Lines carried into this invoice from elsewhere that count in its payout (a payout
   * reconciliation's refund, the difference of a paid invoice's adjustment note): signed, positive
   * raises the payout. Lines whose amount is already in the sales (a cancellation carried through
   * the ledger) are not passed here.
   */
  carried?: readonly MiscChargeInput[];
}

export interface Invoice {
  sales: ChannelSales;
  /** In-store cash + card. */
  instore_sales: Mills;
  /** Online pickup + delivery. */
  online_sales: Mills;
  /** Our own channel: in store + online. */
  kitchaco_sales: Mills;
  /** Every channel's sales plus Deliveroo adjustments. */
  revenue: AmountWithGst;
  /**
   * Per channel (`commissionOf`): `net` = rate x the channel's gross sales (the commission ex GST),
   * `gst` = 10% of it, `gross` = net + gst (the commission inc GST, which purchases deduct).
   */
  commissions: Record<InvoiceChannel, AmountWithGst & { rate: string }>;
  total_commission: AmountWithGst;
  stock: StockPurchased & { net: Mills };
  misc: (MiscChargeInput & AmountWithGst)[];
  total_misc: AmountWithGst;
  /** Commissions + stock + miscellaneous charges. */
  purchases: AmountWithGst;
  /** Revenue less purchases. */
  earnings: AmountWithGst;
  less_in_store_cash_sales: Mills;
  less_in_store_card_sales: Mills;
  /** Carried lines counted in the payout (each with its GST as a miscellaneous charge has it). */
  carried: (MiscChargeInput & AmountWithGst)[];
  total_carried: AmountWithGst;
  /** Earnings less the deductions plus the carried lines: what the provider pays the operator (GST inclusive). */
  payout_inc_gst: Mills;
}

export const MISC_CHARGE_SLOTS = 5;

function inclusive(gross: Mills): AmountWithGst {
  const gst = gstOfInclusive(gross);
  return { gross, gst, net: gross - gst };
}

function add(a: AmountWithGst, b: AmountWithGst): AmountWithGst {
  return { gross: a.gross + b.gross, gst: a.gst + b.gst, net: a.net + b.net };
}

const zero = (): AmountWithGst => ({ gross: 0, gst: 0, net: 0 });

/**
 * The commission of one channel: the operator's rate times the channel's gross sales (GST
 * inclusive; for our own channels net of their card refunds) is the commission **ex GST** (`net`),
 * as the spec's "commissions ex GST per channel" says: the provider's fee is a taxable supply, so
 * GST is charged on top of it (10% of the ex-GST commission, `gst`), and the operator can claim
 * that GST back as an input tax credit. `gross` = net + gst is what the invoice deducts.
 * Each figure is rounded to the cent, half away from zero, once: net from the exact product, GST
 * from the rounded net. Every place that shows or computes a commission uses this function.
 */
export function commissionOf(sales: Mills, rate: string): AmountWithGst {
  const net = applyRate(sales, rate, 2);
  const gst = applyRate(net, GST_RATE, 2);
  return { gross: net + gst, gst, net };
}

/** A miscellaneous charge: with GST, gst = gross/11 and net = gross/1.1; otherwise gst 0, net = gross. */
export function miscCharge(gross: Mills, hasGst: boolean): AmountWithGst {
  return hasGst
    ? { gross, gst: gstOfInclusive(gross), net: netOfInclusive(gross) }
    : { gross, gst: 0, net: gross };
}

/** A line of the invoice's revenue table: a channel's sales, or the Deliveroo adjustments. */
export type RevenueLine = InvoiceChannel | 'deliveroo_adjustments';
export const REVENUE_LINES: readonly RevenueLine[] = [...INVOICE_CHANNELS, 'deliveroo_adjustments'];

/**
 * Each revenue line (GST inclusive) split into GST (gross / 11, to the cent) and ex GST, as a tax
 * invoice shows every row. Each line is rounded on its own, so their GST could miss the total's
 * (`revenue`, gross / 11 of the sum) by a cent or two: those cents go, one each, to the lines whose
 * rounding left the most (largest remainder), so the lines add up to `revenue` exactly.
 */
export function revenueLines(
  sales: ChannelSales,
  revenue: AmountWithGst,
): Record<RevenueLine, AmountWithGst> {
  const lines = REVENUE_LINES.map((line) => inclusive(sales[line]));
  const cent = 10;
  let short = revenue.gst - lines.reduce((a, l) => a + l.gst, 0);
  // What rounding left on each line (exact GST less rounded), most first when cents are short.
  const left = lines.map((l) => l.gross / 11 - l.gst);
  const order = lines
    .map((_, i) => i)
    .sort((a, b) => (short > 0 ? left[b]! - left[a]! : left[a]! - left[b]!));
  for (const i of order) {
    if (short === 0) break;
    const step = short > 0 ? cent : -cent;
    const line = lines[i]!;
    lines[i] = { gross: line.gross, gst: line.gst + step, net: line.net - step };
    short -= step;
  }
  return Object.fromEntries(REVENUE_LINES.map((line, i) => [line, lines[i]!])) as Record<
    RevenueLine,
    AmountWithGst
  >;
}

export function computeInvoice(input: InvoiceInput): Invoice {
  const { sales } = input;
  const instore = sales.in_store_cash + sales.in_store_card;
  const online = sales.online_pickup + sales.online_delivery;
  const revenueGross = INVOICE_CHANNELS.reduce((a, c) => a + sales[c], 0) + sales.deliveroo_adjustments;
  const revenue = inclusive(revenueGross);

  const commissions = {} as Invoice['commissions'];
  let totalCommission = zero();
  for (const channel of INVOICE_CHANNELS) {
    const rate = input.rates[channel];
    // Rate x the channel's gross sales is the commission ex GST; GST is charged on top of it.
    commissions[channel] = { rate, ...commissionOf(sales[channel], rate) };
    totalCommission = add(totalCommission, commissions[channel]);
  }

  const stock = { ...input.stock, net: input.stock.gross - input.stock.gst };
  const misc = input.misc
    .filter((m) => m.gross !== 0 || m.label.trim() !== '')
    .slice(0, MISC_CHARGE_SLOTS)
    .map((m) => ({ ...m, ...miscCharge(m.gross, m.has_gst) }));
  const totalMisc = misc.reduce((a, m) => add(a, m), zero());

  const purchases = add(
    add(totalCommission, { gross: stock.gross, gst: stock.gst, net: stock.net }),
    totalMisc,
  );
  const earnings = {
    gross: revenue.gross - purchases.gross,
    gst: revenue.gst - purchases.gst,
    net: revenue.net - purchases.net,
  };
  const lessCash = input.less_in_store_cash_sales ? sales.in_store_cash : 0;
  const lessCard = input.less_in_store_card_sales ? sales.in_store_card : 0;
  const carried = (input.carried ?? []).map((m) => ({ ...m, ...miscCharge(m.gross, m.has_gst) }));
  const totalCarried = carried.reduce((a, m) => add(a, m), zero());
  return {
    sales,
    instore_sales: instore,
    online_sales: online,
    kitchaco_sales: instore + online,
    revenue,
    commissions,
    total_commission: totalCommission,
    stock,
    misc,
    total_misc: totalMisc,
    purchases,
    earnings,
    less_in_store_cash_sales: lessCash,
    less_in_store_card_sales: lessCard,
    carried,
    total_carried: totalCarried,
    payout_inc_gst: earnings.gross - lessCash - lessCard + totalCarried.gross,
  };
}
