import {
  type Mills,
  PAYOUT_CHANNELS,
  type PayoutChannel,
  type PayoutReconciliationResponse,
  type ReconciledOrder,
  type ReconciledOrderWire,
  type ReconciliationGroup,
  reconciliationTotals,
  toAmount,
} from '@kitchaco/domain';
import type { Reconciliation } from './payouts.service.js';

/** A platform and location's key among the covered ones (Reconciliation.covered). */
export const coverageKey = (channel: string, locationId: number) => `${channel}|${locationId}`;

/** Groups in the orders' order: by location, then platform by name. */
const CHANNELS = [...PAYOUT_CHANNELS].sort((a, b) => a.localeCompare(b));

const amount = (mills: Mills | undefined | null) =>
  mills === undefined || mills === null ? null : toAmount(mills);

/** What an order of ours counts for: nothing once canceled (as in the group totals). */
const counted = (o: ReconciledOrder) => (o.ledger && o.ledger.status !== 'Canceled' ? o.ledger.total : 0);

export function presentReconciledOrder(o: ReconciledOrder, location: string): ReconciledOrderWire {
  return {
    location_id: o.locationId,
    location,
    platform: o.channel,
    platform_order_id: o.externalId,
    order_id: o.ledger?.orderId ?? null,
    order_date: o.orderDate,
    state: o.state,
    ledger_status: o.ledger?.status ?? null,
    ledger_total: amount(o.ledger?.total),
    ledger_fee: amount(o.ledger?.platformFee),
    reported_sales: amount(o.paid?.sales),
    reported_fee: amount(o.paid?.fee),
    payout: amount(o.paid?.payout),
    sales_difference: o.ledger && o.paid ? toAmount(o.paid.sales - counted(o)) : 0,
    payout_dates: o.paid?.payoutDates ?? [],
  };
}

/**
 * Each location and platform that a report covers, that has a store mapped (a report expected:
 * `report_imported` says whether one came) or that has orders, with its counts and sums, and
 * every order: in location, platform, date order.
 */
export function presentReconciliation(r: Reconciliation): PayoutReconciliationResponse {
  const names = new Map(r.scope.locations.map((l) => [l.id, l.name]));
  const totals = new Map(
    reconciliationTotals(r.orders).map((t) => [coverageKey(t.channel, t.locationId), t]),
  );
  const pairs = new Map<string, { channel: PayoutChannel; locationId: number }>();
  for (const location of r.scope.locations) {
    for (const channel of CHANNELS) {
      const key = coverageKey(channel, location.id);
      if (r.covered.has(key) || r.mapped.has(key) || totals.has(key)) {
        pairs.set(key, { channel, locationId: location.id });
      }
    }
  }
  const groups = [...pairs.entries()].map(([key, { channel, locationId }]): ReconciliationGroup => {
    const t = totals.get(key);
    const ledgerSales = t?.ledgerSales ?? 0;
    const reportedSales = t?.reportedSales ?? 0;
    return {
      location_id: locationId,
      location: names.get(locationId) ?? '',
      platform: channel,
      report_imported: r.covered.has(key),
      counts: {
        matched: 0,
        amount_differs: 0,
        fee_differs: 0,
        missing: 0,
        unpaid: 0,
        refunded: 0,
        adjusted: 0,
        ...t?.counts,
      },
      ledger_sales: toAmount(ledgerSales),
      reported_sales: toAmount(reportedSales),
      ledger_fees: toAmount(t?.ledgerFees ?? 0),
      reported_fees: toAmount(t?.reportedFees ?? 0),
      payout: toAmount(t?.payout ?? 0),
      sales_difference: toAmount(reportedSales - ledgerSales),
    };
  });
  const { period } = r.scope;
  return {
    success: true,
    period: { id: period.id, start_date: period.startDate, end_date: period.endDate },
    groups,
    orders: r.orders.map((o) => presentReconciledOrder(o, names.get(o.locationId) ?? '')),
  };
}
