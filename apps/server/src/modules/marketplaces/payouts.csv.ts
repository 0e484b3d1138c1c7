import {
  type CsvColumn,
  MARKETPLACE_PLATFORMS,
  type ReconciledOrderWire,
  type ReconciliationState,
  toCsv,
} from '@kitchaco/domain';

/** Each state in the back office's words (the invoice page's badges). */
const STATE_NAMES: Record<ReconciliationState, string> = {
  matched: 'Matched',
  amount_differs: 'Amount differs',
  fee_differs: 'Fee differs',
  missing: 'Missing from our ledger',
  unpaid: 'Unpaid',
  refunded: 'Refunded',
  adjusted: 'Adjusted',
};

const COLUMNS: CsvColumn<ReconciledOrderWire>[] = [
  { header: 'Location', value: (o) => o.location },
  { header: 'Platform', value: (o) => MARKETPLACE_PLATFORMS[o.platform].name },
  { header: 'Platform order ID', value: (o) => o.platform_order_id },
  { header: 'Order ID', value: (o) => o.order_id },
  { header: 'Order date', value: (o) => o.order_date },
  { header: 'State', value: (o) => STATE_NAMES[o.state] },
  { header: 'Our status', value: (o) => o.ledger_status },
  { header: 'Our total', kind: 'amount', value: (o) => o.ledger_total },
  { header: 'Reported sales', kind: 'amount', value: (o) => o.reported_sales },
  { header: 'Sales difference', kind: 'amount', value: (o) => o.sales_difference },
  { header: 'Our fee', kind: 'amount', value: (o) => o.ledger_fee },
  { header: 'Reported fee', kind: 'amount', value: (o) => o.reported_fee },
  { header: 'Payout', kind: 'amount', value: (o) => o.payout },
  { header: 'Payout dates', value: (o) => o.payout_dates.join(' ') },
];

/**
 * The reconciliation as CSV, one row per order (matched ones included), every text cell escaped
 * against spreadsheet formulas: a platform order id comes from an imported file.
 */
export function reconciliationCsv(orders: readonly ReconciledOrderWire[]): string {
  return toCsv(COLUMNS, orders);
}
