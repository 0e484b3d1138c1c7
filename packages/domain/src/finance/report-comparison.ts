import { MARKETPLACE_NAMES } from '../constants.js';
import { toMills } from '../money/money.js';
import type { ReportFigures, SalesReportRow } from './finance.schemas.js';

/**
 * Approved figures beside the live ones (computed from the ledger now): the server says whether
 * they differ (`live_differs`) and the screens highlight each difference, by the same comparison.
 * Amounts are compared exactly, in mills.
 */

/** A location's figures, in the sales report's order. */
export const ROW_FIGURES = [
  ['in_store_cash_sales', 'In-store cash'],
  ['in_store_card_sales', 'In-store card'],
  ['online_pickup_sales', 'Online pickup'],
  ['online_delivery_sales', 'Online delivery'],
  ['uber_total_sales', MARKETPLACE_NAMES.uber_eats],
  ['doordash_total_sales', MARKETPLACE_NAMES.doordash],
  ['deliveroo_total_sales', MARKETPLACE_NAMES.deliveroo],
  ['deliveroo_adjustments', `${MARKETPLACE_NAMES.deliveroo} adjustments`],
  ['menulog_total_sales', MARKETPLACE_NAMES.menulog],
  ['card_refunds', 'Card refunds'],
] as const satisfies readonly (readonly [keyof SalesReportRow, string])[];
export type RowFigure = (typeof ROW_FIGURES)[number][0];

/** One figure, approved and live, in dollars as on the wire. */
export interface FigureComparison {
  /** Stable: `row:<location id>:<field>`, `stock:<field>` or `invoice:<figure>`. */
  key: string;
  label: string;
  approved: number;
  live: number;
  differs: boolean;
}

const differ = (a: number, b: number) => toMills(a) !== toMills(b);

/** A location's figure, approved and live: null when equal, or not comparable (no refund figure). */
export function rowDifference(
  approved: SalesReportRow | undefined,
  live: SalesReportRow | undefined,
  field: RowFigure,
): { approved: number; live: number } | null {
  const a = approved ? approved[field] : 0;
  const l = live ? live[field] : 0;
  // Invoices approved before refunds were reported carry no refund figure: nothing to compare.
  if (a === undefined || l === undefined) return null;
  return differ(a, l) ? { approved: a, live: l } : null;
}

const TOTALS: [string, (f: ReportFigures) => number][] = [
  ['Stock purchased (inc GST)', (f) => f.gross_stock_purchased],
  ['Stock GST', (f) => f.gst_stock_purchased],
  ['Stock admin adjustments', (f) => f.admin_adjustment_stock_purchased],
  ['Stock below-minimum order fees', (f) => f.delivery_charge_stock_purchased],
  ['Total revenue', (f) => f.invoice.revenue.gross],
  ['Commissions', (f) => f.invoice.total_commission.gross],
  ['Miscellaneous charges', (f) => f.invoice.total_misc.gross],
  ['Total purchases', (f) => f.invoice.purchases.gross],
  ['Total earnings', (f) => f.invoice.earnings.gross],
  ['Less in-store cash sales', (f) => f.invoice.less_in_store_cash_sales],
  ['Less in-store card sales', (f) => f.invoice.less_in_store_card_sales],
  ['Payout (inc GST)', (f) => f.invoice.payout_inc_gst],
];

/**
 * Every figure of a report approved and live: each location's channels (a location in one only
 * counts as zero in the other), then stock, revenue, commissions, charges, earnings and the payout.
 */
export function compareReports(approved: ReportFigures, live: ReportFigures): FigureComparison[] {
  const ids = [...new Set([...approved.sales_data, ...live.sales_data].map((r) => r.kitchaco))];
  const rows: FigureComparison[] = ids.flatMap((id) => {
    const a = approved.sales_data.find((r) => r.kitchaco === id);
    const l = live.sales_data.find((r) => r.kitchaco === id);
    const place = (a ?? l)?.kitchaco__suburb ?? String(id);
    return ROW_FIGURES.flatMap(([field, label]) => {
      const av = a ? a[field] : 0;
      const lv = l ? l[field] : 0;
      if (av === undefined || lv === undefined) return [];
      return [
        {
          key: `row:${id}:${field}`,
          label: `${place}: ${label}`,
          approved: av,
          live: lv,
          differs: differ(av, lv),
        },
      ];
    });
  });
  const totals = TOTALS.map(([label, of]) => {
    const av = of(approved);
    const lv = of(live);
    return { key: `total:${label}`, label, approved: av, live: lv, differs: differ(av, lv) };
  });
  return [...rows, ...totals];
}

/** Whether any live figure differs from the approved one. */
export function liveDiffers(approved: ReportFigures, live: ReportFigures): boolean {
  return compareReports(approved, live).some((c) => c.differs);
}
