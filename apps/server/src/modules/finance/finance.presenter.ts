import {
  type FortnightPeriod,
  formatWireDate,
  type Invoice,
  type InvoiceFigures,
  type SalesReportRow,
  toAmount,
} from '@kitchaco/domain';
import type { fortnightPeriods } from '../../db/schema/index.js';
import type { LocationFigures } from './sales-figures.service.js';

/** A fortnight of the invoice selector. */
export function presentPeriod(p: typeof fortnightPeriods.$inferSelect): FortnightPeriod {
  return {
    id: p.id,
    start_date: formatWireDate(p.startDate),
    end_date: formatWireDate(p.endDate),
  };
}

/** Mills to dollars throughout an invoice (rates and labels untouched). */
export function presentInvoice(invoice: Invoice): InvoiceFigures {
  const walk = (value: unknown, key: string): unknown => {
    if (typeof value === 'number') return toAmount(value);
    if (Array.isArray(value)) return value.map((v) => walk(v, key));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'rate' ? v : walk(v, k)]));
    }
    return value;
  };
  return walk(invoice, '') as InvoiceFigures;
}

/** A location's row of a sales report, in dollars. */
export function presentReportRow(
  f: LocationFigures,
  status: SalesReportRow['status'],
  generatedAt: Date | null,
): SalesReportRow {
  return {
    kitchaco: f.location.id,
    kitchaco__suburb: f.location.suburb,
    in_store_cash_sales: toAmount(f.sales.in_store_cash),
    in_store_card_sales: toAmount(f.sales.in_store_card),
    online_pickup_sales: toAmount(f.sales.online_pickup),
    online_delivery_sales: toAmount(f.sales.online_delivery),
    uber_total_sales: toAmount(f.sales.uber_eats),
    doordash_total_sales: toAmount(f.sales.doordash),
    deliveroo_total_sales: toAmount(f.sales.deliveroo),
    deliveroo_adjustments: toAmount(f.sales.deliveroo_adjustments),
    menulog_total_sales: toAmount(f.sales.menulog),
    card_refunds: toAmount(f.refunds),
    status,
    generated_at: generatedAt ? generatedAt.toISOString() : null,
  };
}
