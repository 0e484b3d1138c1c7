import {
  MARKETPLACE_PLATFORMS,
  PAYOUT_CHANNELS,
  PAYOUT_FORMATS,
  type PayoutChannel,
  RECONCILIATION_STATES,
  type ReconciledOrderWire,
  type ReconciliationState,
  sum,
  toMills,
} from '@kitchaco/domain';

/** The platforms that pay by payout report, for a platform select. */
export const PAYOUT_PLATFORM_OPTIONS = PAYOUT_CHANNELS.map((channel) => ({
  value: channel,
  label: MARKETPLACE_PLATFORMS[channel].name,
}));

/** Where each payout report is downloaded, in the platform's own menu names (docs/marketplaces.md). */
export const PAYOUT_REPORT_SOURCES: Record<PayoutChannel, { report: string; path: string }> = {
  uber_eats: { report: 'Payment Details', path: 'Uber Eats Manager → Reports → Payment Details' },
  doordash: {
    report: 'Transaction details',
    path: 'DoorDash Merchant Portal → Reports → Financials → Transaction details',
  },
};

/** The headings the reader looks for, as the platform writes them; optional ones say so. */
export function payoutColumns(channel: PayoutChannel): string[] {
  return Object.values(PAYOUT_FORMATS[channel].columns).map(
    (c) => `${c.names[0]}${c.required ? '' : ' (optional)'}`,
  );
}

/** Each state in the back office's words, with its badge colour. */
export const RECONCILIATION_BADGES: Record<ReconciliationState, { label: string; color: string }> = {
  matched: { label: 'Matched', color: 'green' },
  amount_differs: { label: 'Amount differs', color: 'red' },
  fee_differs: { label: 'Fee differs', color: 'orange' },
  missing: { label: 'Missing from our ledger', color: 'grape' },
  unpaid: { label: 'Unpaid', color: 'yellow' },
  refunded: { label: 'Refunded', color: 'blue' },
  adjusted: { label: 'Adjusted', color: 'cyan' },
};

/** A group's states that have orders, in the order of RECONCILIATION_STATES. */
export function stateCounts(
  counts: Partial<Record<ReconciliationState, number>>,
): { state: ReconciliationState; count: number }[] {
  return RECONCILIATION_STATES.flatMap((state) => {
    const count = counts[state] ?? 0;
    return count > 0 ? [{ state, count }] : [];
  });
}

/** Orders someone has to look at: every state but matched. */
export function needsAttention(orders: readonly ReconciledOrderWire[]): ReconciledOrderWire[] {
  return orders.filter((o) => o.state !== 'matched');
}

/** The orders the platforms paid and our ledger lacks, and their reported sales (exact, in mills). */
export function missingOrders(orders: readonly ReconciledOrderWire[]) {
  const missing = orders.filter((o) => o.state === 'missing');
  return { count: missing.length, sales: sum(missing.map((o) => toMills(o.reported_sales ?? 0))) };
}
