import {
  type DashboardRequest,
  type DashboardResponse,
  DEFAULT_TIME_ZONE,
  deliverooDetailsUnavailableReason,
  formatWireDate,
  formatWireTime,
  type IsoDate,
  localDate,
  MARKETPLACE_NAMES,
  type Mills,
  ORDER_SOURCE_LABELS,
  ORDER_SOURCES,
  type OrderSource,
  OWN_SALES_CHANNELS,
  type PreviousPeriodFigures,
  previousPeriod,
  SALES_CHANNELS,
  type SalesChannel,
  toAmount,
  toMills,
  UNITEMISED_REFUNDS_LABEL,
  UNITEMISED_REFUNDS_VENDOR_ID,
  uberDetailsUnavailableReason,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { LocationWindow } from '../../db/location-windows.js';
import type { Actor } from '../../http/actor.js';
import { type ComparisonRow, dashboardFigures, type VendorSalesRow } from '../sales/sales.service.js';
import { wireRange } from '../stock/stock.service.js';
import { sourceOfChannel } from './backoffice.presenter.js';
import * as q from './backoffice.queries.js';
import {
  addTally,
  average,
  OWN_CHANNELS,
  resolveScope,
  type Scope,
  salesScope,
  type Tally,
  tally,
  windowsOf,
} from './backoffice.service.js';

/** Uber Eats detail modal: at most this many orders of the day are listed. */
const UBER_DETAIL_LIMIT = 500;
const OWN = new Set<SalesChannel>(OWN_SALES_CHANNELS);
/** Card sales: everything of our own channels but cash (which is never refunded by card). */
const CARD_CHANNELS: readonly SalesChannel[] = ['in_store_card', 'online_pickup', 'online_delivery'];
const CHANNEL_LABELS: Record<SalesChannel, string> = {
  in_store_cash: 'In store (cash)',
  in_store_card: 'In store (card)',
  online_pickup: 'Online pickup',
  online_delivery: 'Online delivery',
  ...MARKETPLACE_NAMES,
};

type Figures = Awaited<ReturnType<typeof dashboardFigures>>;

/** Sales, orders and card refunds by source, channel and location; fees; canceled and completed orders. */
function tallySales(scope: Scope, figures: Pick<Figures, 'channels' | 'adjustments' | 'locations'>) {
  const bySource = new Map<OrderSource, Tally>(ORDER_SOURCES.map((s) => [s, tally()]));
  const byChannel = new Map<SalesChannel, Tally>(SALES_CHANNELS.map((c) => [c, tally()]));
  const byLocation = new Map<number, Tally>(scope.locations.map((l) => [l.id, tally()]));
  const fees = new Map<SalesChannel, Mills>();
  let canceled = 0;
  let completed = 0;
  for (const row of figures.channels) {
    if (row.canceled) {
      canceled += row.orders;
      continue;
    }
    completed += row.finished;
    const sales = toMills(row.sales);
    for (const t of [bySource.get(sourceOfChannel(row.channel, row.imported)), byChannel.get(row.channel)]) {
      if (!t) continue;
      t.sales += sales;
      t.orders += row.orders;
    }
    fees.set(row.channel, (fees.get(row.channel) ?? 0) + toMills(row.fees));
  }
  // Our own channels' card refunds (and reversals) count, signed, in the range they happened.
  // Marketplace adjustments stay out of sales: Deliveroo's are shown in its details.
  let deliverooAdjustments: Mills = 0;
  for (const row of figures.adjustments) {
    const amount = toMills(row.amount);
    if (row.channel === 'deliveroo') deliverooAdjustments += amount;
    if (!OWN.has(row.channel)) continue;
    for (const t of [bySource.get('kitchaco'), byChannel.get(row.channel)]) {
      if (!t) continue;
      t.sales += amount;
      t.refunds += amount;
    }
  }
  for (const row of figures.locations) {
    const t = byLocation.get(row.location_id);
    if (t) {
      t.sales += toMills(row.sales);
      t.orders += row.orders;
      t.refunds += toMills(row.refunds);
    }
  }
  return { bySource, byChannel, byLocation, fees, canceled, completed, deliverooAdjustments };
}

/** Quantities sold by meal name, and the names that matched no meal. */
function itemsOf(itemRows: Figures['items']) {
  const items_sold: Record<string, number> = {};
  const items_unmatched: string[] = [];
  for (const item of itemRows) {
    items_sold[item.name] = (items_sold[item.name] ?? 0) + item.quantity;
    if (item.meal_id === null && !items_unmatched.includes(item.name)) items_unmatched.push(item.name);
  }
  return { items_sold, items_unmatched };
}

/** The Uber Eats detail modal: the range's orders from the ledger, when the range allows it. */
async function uberDetails(
  app: AppContext,
  windows: LocationWindow[],
  from: IsoDate,
  to: IsoDate,
  today: IsoDate,
): Promise<DashboardResponse['uber_details']> {
  const uberReason = uberDetailsUnavailableReason(from, to, today);
  const uberOrders = uberReason ? [] : await q.channelOrders(app.db, windows, 'uber_eats', UBER_DETAIL_LIMIT);
  const uberFees = uberOrders.reduce((a, o) => a + toMills(o.platform_fee), 0);
  const uberSales = uberOrders.reduce((a, o) => a + toMills(o.total), 0);
  return {
    available: uberReason === null,
    reason: uberReason,
    orders: uberOrders.map((o) => ({
      id: o.id,
      external_id: o.external_id,
      kitchaco__location: o.location,
      order_time: formatWireTime(new Date(o.placed_at), o.tz),
      status: o.status,
      total: toAmount(toMills(o.total)),
      platform_fee: toAmount(toMills(o.platform_fee)),
      ingested_via: o.ingested_via,
    })),
    total_sales: toAmount(uberSales),
    platform_fees: toAmount(uberFees),
  };
}

/** Deliveroo's details: sales, fees, adjustments and the payout, when the range allows it. */
function deliverooDetails(
  reason: string | null,
  deliveroo: Tally,
  deliverooFees: Mills,
  adjustmentMills: Mills,
): DashboardResponse['deliveroo_details'] {
  return reason === null
    ? {
        available: true,
        reason: null,
        total_sales: toAmount(deliveroo.sales),
        num_orders: deliveroo.orders,
        platform_fees: toAmount(deliverooFees),
        adjustments: toAmount(adjustmentMills),
        net_payout: toAmount(deliveroo.sales - deliverooFees + adjustmentMills),
      }
    : {
        available: false,
        reason,
        total_sales: 0,
        num_orders: 0,
        platform_fees: 0,
        adjustments: 0,
        net_payout: 0,
      };
}

export async function dashboardData(
  app: AppContext,
  actor: Actor,
  input: DashboardRequest,
): Promise<DashboardResponse> {
  const scope = await resolveScope(app, actor, input.kitchaco_location);
  const { from, to } = wireRange(input.start_date, input.end_date);
  const windows = windowsOf(scope.locations, from, to);
  const single = scope.locationId !== 0;
  const before = previousPeriod(from, to);
  const figures = await dashboardFigures(
    app.db,
    salesScope(scope, from, to),
    salesScope(scope, before.from, before.to),
    single,
  );
  const { bySource, byChannel, byLocation, fees, canceled, completed, deliverooAdjustments } = tallySales(
    scope,
    figures,
  );
  const of = (s: OrderSource) => bySource.get(s) ?? tally();
  const ch = (c: SalesChannel) => byChannel.get(c) ?? tally();
  const total = [...bySource.values()].reduce(addTally, tally());
  const kitchaco = of('kitchaco');
  const marketplaceSales = total.sales - kitchaco.sales;
  const hours = new Map(figures.hours.map((h) => [h.hour, h]));
  const { items_sold, items_unmatched } = itemsOf(figures.items);

  const zone = single ? (scope.locations[0]?.timeZone ?? DEFAULT_TIME_ZONE) : DEFAULT_TIME_ZONE;
  const today = localDate(app.clock.now(), zone);
  const uber_details = await uberDetails(app, windows, from, to, today);

  const sources = ORDER_SOURCES.map((source) => {
    const t = of(source);
    return {
      source,
      label: ORDER_SOURCE_LABELS[source],
      total_sales: toAmount(t.sales),
      num_orders: t.orders,
      avg_order: average(t.sales, t.orders),
    };
  });
  return {
    success: true,
    kitchaco_location: scope.locationId,
    start_date: formatWireDate(from),
    end_date: formatWireDate(to),
    sales_by_locations: scope.locations.map((l) => {
      const t = byLocation.get(l.id) ?? tally();
      return { id: l.id, location: l.name, total_sales: toAmount(t.sales), num_orders: t.orders };
    }),
    sales_by_vendors: mergeVendors(figures.vendors, single),
    sales_by_hours: Array.from({ length: 24 }, (_, hour) => {
      const h = hours.get(hour);
      return { hour, total: h ? toAmount(toMills(h.total)) : 0, num_orders: h?.orders ?? 0 };
    }),
    sales_by_source: sources,
    // Net sales over orders: a refund lowers the average; a partly refunded order still counts once.
    avg_order: average(total.sales, total.orders) ?? 0,
    avg_order_by_source: Object.fromEntries(
      sources.filter((s) => s.avg_order !== null).map((s) => [s.source, s.avg_order as number]),
    ),
    total_sales: toAmount(total.sales),
    num_orders: total.orders,
    num_completed_orders: completed,
    num_canceled_orders: canceled,
    cash_sales: toAmount(ch('in_store_cash').sales),
    card_sales: toAmount(CARD_CHANNELS.reduce((a, c) => a + ch(c).sales, 0)),
    kitchaco_sales: toAmount(kitchaco.sales),
    marketplace_sales: toAmount(marketplaceSales),
    card_refunds: toAmount(kitchaco.refunds),
    items_sold,
    items_unmatched,
    uber_sales: toAmount(of('uber_eats').sales),
    uber_sales_webscrape: toAmount(of('uber_eats_webscrape').sales),
    deliveroo_sales: toAmount(of('deliveroo').sales),
    doordash_sales: toAmount(of('doordash').sales),
    menulog_sales: toAmount(of('menulog').sales),
    num_kitchaco_orders: kitchaco.orders,
    num_uber_eats_orders: of('uber_eats').orders,
    num_uber_eats_webscrape_orders: of('uber_eats_webscrape').orders,
    num_deliveroo_orders: of('deliveroo').orders,
    num_doordash_orders: of('doordash').orders,
    num_menulog_orders: of('menulog').orders,
    total_stock_sent: toAmount(toMills(figures.stockSent)),
    kitchaco_details: {
      channels: OWN_CHANNELS.map((c) => ({
        channel: c,
        label: CHANNEL_LABELS[c],
        total_sales: toAmount(ch(c).sales),
        num_orders: ch(c).orders,
        avg_order: average(ch(c).sales, ch(c).orders),
        refunds: toAmount(ch(c).refunds),
      })),
    },
    uber_details,
    deliveroo_details: deliverooDetails(
      deliverooDetailsUnavailableReason(from, to, today),
      ch('deliveroo'),
      fees.get('deliveroo') ?? 0,
      deliverooAdjustments,
    ),
    previous_period: previousFigures(figures.comparison, scope, before.from, before.to),
  };
}

/**
 * The previous period's figures, added up as the dashboard adds up its own: canceled orders
 * counted apart, our own channels net of their card refunds, brands merged as in mergeVendors.
 */
function previousFigures(
  rows: readonly ComparisonRow[],
  scope: Scope,
  from: IsoDate,
  to: IsoDate,
): PreviousPeriodFigures {
  const bySource = new Map<OrderSource, Tally>(ORDER_SOURCES.map((s) => [s, tally()]));
  const byChannel = new Map<SalesChannel, Tally>(SALES_CHANNELS.map((c) => [c, tally()]));
  const byLocation = new Map<number, Tally>();
  const hours = new Map<number, Tally>();
  const vendorRows: VendorSalesRow[] = [];
  let canceled = 0;
  let completed = 0;
  let stock: Mills = 0;
  for (const row of rows) {
    const amount = toMills(row.amount);
    if (row.kind === 'channel') {
      const channel = row.key as SalesChannel;
      if (row.canceled) {
        canceled += row.orders;
        continue;
      }
      completed += row.finished;
      for (const t of [bySource.get(sourceOfChannel(channel, row.flag)), byChannel.get(channel)]) {
        if (!t) continue;
        t.sales += amount;
        t.orders += row.orders;
      }
    } else if (row.kind === 'adjustment') {
      // The query reads our own channels' adjustments only: card refunds and their reversals.
      for (const t of [bySource.get('kitchaco'), byChannel.get(row.key as SalesChannel)]) {
        if (!t) continue;
        t.sales += amount;
        t.refunds += amount;
      }
    } else if (row.kind === 'stock') {
      stock += amount;
    } else if (row.kind === 'hour') {
      hours.set(Number(row.key), { sales: amount, orders: row.orders, refunds: 0 });
    } else if (row.kind === 'location') {
      byLocation.set(Number(row.key), { sales: amount, orders: row.orders, refunds: 0 });
    } else {
      const id = Number(row.key);
      vendorRows.push({
        id: id === 0 ? null : id,
        name: row.name,
        unitemised: row.flag,
        total: row.amount,
        refunds: '0',
      });
    }
  }
  const of = (s: OrderSource) => bySource.get(s) ?? tally();
  const ch = (c: SalesChannel) => byChannel.get(c) ?? tally();
  const total = [...bySource.values()].reduce(addTally, tally());
  const kitchaco = of('kitchaco');
  return {
    start_date: formatWireDate(from),
    end_date: formatWireDate(to),
    total_sales: toAmount(total.sales),
    kitchaco_sales: toAmount(kitchaco.sales),
    cash_sales: toAmount(ch('in_store_cash').sales),
    card_sales: toAmount(CARD_CHANNELS.reduce((a, c) => a + ch(c).sales, 0)),
    card_refunds: toAmount(kitchaco.refunds),
    marketplace_sales: toAmount(total.sales - kitchaco.sales),
    total_stock_sent: toAmount(stock),
    num_orders: total.orders,
    num_completed_orders: completed,
    num_canceled_orders: canceled,
    avg_order: average(total.sales, total.orders) ?? 0,
    sales_by_locations: scope.locations.map((l) => {
      const t = byLocation.get(l.id) ?? tally();
      return { id: l.id, total_sales: toAmount(t.sales), num_orders: t.orders };
    }),
    sales_by_vendors: mergeVendors(vendorRows, scope.locationId !== 0).map(({ id, name, total }) => ({
      id,
      name,
      total,
    })),
    sales_by_hours: Array.from({ length: 24 }, (_, hour) => {
      const h = hours.get(hour);
      return { hour, total: h ? toAmount(h.sales) : 0, num_orders: h?.orders ?? 0 };
    }),
    sales_by_source: ORDER_SOURCES.map((source) => ({
      source,
      total_sales: toAmount(of(source).sales),
      num_orders: of(source).orders,
    })),
  };
}

/**
 * Sales per brand, net of the card refunds of its items. For all locations a brand's sales at every
 * location add up under its name (brands of the same name at several locations are one brand to the
 * business). Refunds of no one brand are a row of their own, so the rows add up to the total sales.
 */
function mergeVendors(rows: readonly VendorSalesRow[], single: boolean) {
  const merged = new Map<string, { id: number; name: string; total: Mills; refunds: Mills }>();
  for (const row of rows) {
    const id = row.unitemised ? UNITEMISED_REFUNDS_VENDOR_ID : (row.id ?? -1);
    const name = row.unitemised ? UNITEMISED_REFUNDS_LABEL : (row.name ?? 'Unknown brand');
    const key = row.unitemised ? 'refunds' : single ? String(id) : `brand:${name}`;
    const entry = merged.get(key) ?? { id, name, total: 0, refunds: 0 };
    entry.total += toMills(row.total);
    entry.refunds += toMills(row.refunds);
    merged.set(key, entry);
  }
  return [...merged.values()]
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
    .map((v) => ({ id: v.id, name: v.name, total: toAmount(v.total), refunds: toAmount(v.refunds) }));
}
