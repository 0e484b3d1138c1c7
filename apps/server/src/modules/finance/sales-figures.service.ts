import {
  type ChannelSales,
  INVOICE_CHANNELS,
  type InvoiceChannel,
  type IsoDate,
  type Mills,
  type StockPurchased,
  toMills,
  zonedRange,
} from '@kitchaco/domain';
import type { DbOrTx } from '../../db/client.js';
import { channelSalesAndAdjustments } from '../sales/sales.service.js';
import * as q from './finance.queries.js';
import { OWN } from './finance.service.js';

export interface LocationFigures {
  location: q.LocationRow;
  /** Own channels net of the fortnight's card refunds. */
  sales: ChannelSales;
  /** Those card refunds (negative) and reversals (positive), within `sales`. */
  refunds: Mills;
  stock: StockPurchased;
}

const emptySales = (): ChannelSales => ({
  in_store_cash: 0,
  in_store_card: 0,
  online_pickup: 0,
  online_delivery: 0,
  uber_eats: 0,
  doordash: 0,
  deliveroo: 0,
  menulog: 0,
  deliveroo_adjustments: 0,
});
const emptyStock = (): StockPurchased => ({ gross: 0, gst: 0, delivery_charge: 0, admin_adjustment: 0 });

/**
 * Each location's sales per channel (canceled excluded; our own channels net of the card refunds
 * made on those days), Deliveroo's adjustments, and stock purchased, over its own fortnight days.
 */
export async function figuresOf(
  db: DbOrTx,
  locations: q.LocationRow[],
  from: IsoDate,
  to: IsoDate,
): Promise<LocationFigures[]> {
  const windows = locations.map((l) => ({
    id: l.id,
    name: l.name,
    timeZone: l.timeZone,
    ...zonedRange(from, to, l.timeZone),
  }));
  const { channels, adjustments } = await channelSalesAndAdjustments(db, {
    locationIds: locations.map((l) => l.id),
    all: false,
    from,
    to,
  });
  const stock = await q.stockByLocation(db, windows);
  const carried = await q.carriedLedgerSums(db, windows);
  const byId = new Map<number, LocationFigures>(
    locations.map((l) => [l.id, { location: l, sales: emptySales(), refunds: 0, stock: emptyStock() }]),
  );
  for (const row of channels) {
    const f = byId.get(row.location_id);
    if (!f || row.canceled) continue;
    f.sales[row.channel as InvoiceChannel] += toMills(row.sales);
  }
  for (const row of adjustments) {
    const f = byId.get(row.location_id);
    if (!f) continue;
    const amount = toMills(row.amount);
    if (row.channel === 'deliveroo') f.sales.deliveroo_adjustments += amount;
    else if (OWN.has(row.channel)) {
      // A card refund counts against its channel in the fortnight it was made: commissions, revenue
      // and the payout all follow the net figure.
      f.sales[row.channel as InvoiceChannel] += amount;
      f.refunds += amount;
    }
    // Other marketplaces' adjustments are not reported (as before refunds were).
  }
  // A cancellation carried out of an approved fortnight is in its channel's figure, not a card refund.
  for (const row of carried) {
    const f = byId.get(row.location_id);
    if (f) f.refunds -= toMills(row.amount);
  }
  for (const row of stock) {
    const f = byId.get(row.location_id);
    if (!f) continue;
    f.stock = {
      gross: toMills(row.gross),
      gst: toMills(row.gst),
      delivery_charge: toMills(row.delivery_charge),
      admin_adjustment: toMills(row.admin_adjustment),
    };
  }
  return [...byId.values()];
}

export function totalOf(figures: LocationFigures[]): { sales: ChannelSales; stock: StockPurchased } {
  const sales = emptySales();
  const stock = emptyStock();
  for (const f of figures) {
    for (const key of Object.keys(sales) as (keyof ChannelSales)[]) sales[key] += f.sales[key];
    for (const key of Object.keys(stock) as (keyof StockPurchased)[]) stock[key] += f.stock[key];
  }
  return { sales, stock };
}

const ZERO_RATES = Object.fromEntries(INVOICE_CHANNELS.map((c) => [c, '0'])) as Record<
  InvoiceChannel,
  string
>;

export function ratesOf(operator: q.OperatorRow | null): Record<InvoiceChannel, string> {
  if (!operator) return ZERO_RATES;
  return {
    in_store_cash: operator.inStoreCashRate,
    in_store_card: operator.inStoreCardRate,
    online_pickup: operator.onlinePickupRate,
    online_delivery: operator.onlineDeliveryRate,
    uber_eats: operator.uberEatsRate,
    doordash: operator.doordashRate,
    deliveroo: operator.deliverooRate,
    menulog: operator.menulogRate,
  };
}
