import {
  type DashboardRequest,
  type DashboardResponse,
  DEFAULT_ORDER_PAGE_SIZE,
  DEFAULT_TIME_ZONE,
  deliverooDetailsUnavailableReason,
  divide,
  formatWireDate,
  formatWireTime,
  type IsoDate,
  localDate,
  type Mills,
  ORDER_SOURCE_LABELS,
  ORDER_SOURCES,
  type OrderSource,
  type OrdersDataRequest,
  type OrdersExportRequest,
  OWN_SALES_CHANNELS,
  type PreviousPeriodFigures,
  previousPeriod,
  type ReportsDataRequest,
  SALES_CHANNELS,
  type SalesChannel,
  toAmount,
  toMills,
  UNITEMISED_REFUNDS_LABEL,
  UNITEMISED_REFUNDS_VENDOR_ID,
  uberDetailsUnavailableReason,
  zonedRange,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../http/actor.js';
import { forbidden, invalid, notFound } from '../../http/errors.js';
import { streamedObject } from '../../lib/streamed-json.js';
import { wireRange } from '../stock/stock.service.js';
import { presentOrders, sourceOfChannel } from './backoffice.presenter.js';
import * as q from './backoffice.queries.js';

/** Uber Eats detail modal: at most this many orders of the day are listed. */
const UBER_DETAIL_LIMIT = 500;
const OWN_CHANNELS: readonly SalesChannel[] = OWN_SALES_CHANNELS;
const OWN = new Set<SalesChannel>(OWN_SALES_CHANNELS);
/** Card sales: everything of our own channels but cash (which is never refunded by card). */
const CARD_CHANNELS: readonly SalesChannel[] = ['in_store_card', 'online_pickup', 'online_delivery'];
const CHANNEL_LABELS: Record<SalesChannel, string> = {
  in_store_cash: 'In store (cash)',
  in_store_card: 'In store (card)',
  online_pickup: 'Online pickup',
  online_delivery: 'Online delivery',
  uber_eats: 'Uber Eats',
  deliveroo: 'Deliveroo',
  doordash: 'Doordash',
  menulog: 'Menulog',
};

interface Scope {
  /** 0 = all locations. */
  locationId: number;
  locations: { id: number; name: string; timeZone: string }[];
}

/**
 * Which locations a back-office call covers. A super admin chooses one location or all (0); an
 * operator always gets their own location, whatever the request says.
 */
async function resolveScope(app: AppContext, actor: Actor, requested: number): Promise<Scope> {
  if (actor.kind !== 'staff') throw forbidden('Staff only.');
  if (!actor.user.roles.has('super_admin')) {
    const own = actor.user.locationId;
    if (own === null) throw forbidden('Your account is not linked to a location.');
    return { locationId: own, locations: await q.findLocations(app.db, [own]) };
  }
  if (requested === 0) return { locationId: 0, locations: await q.findLocations(app.db, 'all') };
  if (requested < 0) throw invalid('kitchaco_location must be 0 (all) or a location id', 'kitchaco_location');
  const found = await q.findLocations(app.db, [requested]);
  if (found.length === 0) throw notFound('This location does not exist.');
  return { locationId: requested, locations: found };
}

function windowsOf(locations: Scope['locations'], from: IsoDate, to: IsoDate): q.LocationWindow[] {
  // Once per time zone: with many locations the zone arithmetic would cost more than the query.
  const ranges = new Map<string, ReturnType<typeof zonedRange>>();
  return locations.map((l) => {
    let range = ranges.get(l.timeZone);
    if (!range) {
      range = zonedRange(from, to, l.timeZone);
      ranges.set(l.timeZone, range);
    }
    return { ...l, ...range };
  });
}

/** The rollup scope of a call: every location (read as one) or the chosen ones. */
function salesScope(scope: Scope, from: IsoDate, to: IsoDate): q.SalesScope {
  return { locationIds: scope.locations.map((l) => l.id), all: scope.locationId === 0, from, to };
}

const money = (mills: Mills) => toAmount(mills);
const average = (sales: Mills, orders: number) => (orders > 0 ? money(divide(sales, orders)) : null);

/** Sales net of card refunds, the refunds within them (signed), and orders. */
interface Tally {
  sales: Mills;
  orders: number;
  refunds: Mills;
}
const tally = (): Tally => ({ sales: 0, orders: 0, refunds: 0 });
const addTally = (a: Tally, t: Tally): Tally => ({
  sales: a.sales + t.sales,
  orders: a.orders + t.orders,
  refunds: a.refunds + t.refunds,
});

export async function dashboardData(
  app: AppContext,
  actor: Actor,
  input: DashboardRequest,
): Promise<DashboardResponse> {
  const scope = await resolveScope(app, actor, input.kitchaco_location);
  const { from, to } = wireRange(input.start_date, input.end_date);
  const windows = windowsOf(scope.locations, from, to);
  const single = scope.locationId !== 0;
  const sales = salesScope(scope, from, to);
  const before = previousPeriod(from, to);
  const [channelRows, locationRows, vendorRows, hourRows, itemRows, stockSent, adjustmentRows, previousRows] =
    await Promise.all([
      q.channelFigures(app.db, sales),
      q.locationSales(app.db, sales),
      q.vendorSales(app.db, sales),
      q.hourlySales(app.db, sales),
      single ? q.itemsSold(app.db, sales) : Promise.resolve([]),
      q.stockSent(app.db, sales),
      q.adjustmentFigures(app.db, sales),
      q.comparisonFigures(app.db, salesScope(scope, before.from, before.to)),
    ]);

  const bySource = new Map<OrderSource, Tally>(ORDER_SOURCES.map((s) => [s, tally()]));
  const byChannel = new Map<SalesChannel, Tally>(SALES_CHANNELS.map((c) => [c, tally()]));
  const byLocation = new Map<number, Tally>(scope.locations.map((l) => [l.id, tally()]));
  const fees = new Map<SalesChannel, Mills>();
  let canceled = 0;
  let completed = 0;
  for (const row of channelRows) {
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
  for (const row of adjustmentRows) {
    const amount = toMills(row.amount);
    if (row.channel === 'deliveroo') deliverooAdjustments += amount;
    if (!OWN.has(row.channel)) continue;
    for (const t of [bySource.get('kitchaco'), byChannel.get(row.channel)]) {
      if (!t) continue;
      t.sales += amount;
      t.refunds += amount;
    }
  }
  for (const row of locationRows) {
    const t = byLocation.get(row.location_id);
    if (t) {
      t.sales += toMills(row.sales);
      t.orders += row.orders;
      t.refunds += toMills(row.refunds);
    }
  }
  const of = (s: OrderSource) => bySource.get(s) ?? tally();
  const ch = (c: SalesChannel) => byChannel.get(c) ?? tally();
  const total = [...bySource.values()].reduce(addTally, tally());
  const kitchaco = of('kitchaco');
  const marketplaceSales = total.sales - kitchaco.sales;

  const hours = new Map(hourRows.map((h) => [h.hour, h]));
  const items_sold: Record<string, number> = {};
  const items_unmatched: string[] = [];
  for (const item of itemRows) {
    items_sold[item.name] = (items_sold[item.name] ?? 0) + item.quantity;
    if (item.meal_id === null && !items_unmatched.includes(item.name)) items_unmatched.push(item.name);
  }

  const zone = single ? (scope.locations[0]?.timeZone ?? DEFAULT_TIME_ZONE) : DEFAULT_TIME_ZONE;
  const today = localDate(app.clock.now(), zone);
  const uberReason = uberDetailsUnavailableReason(from, to, today);
  const uberOrders = uberReason ? [] : await q.channelOrders(app.db, windows, 'uber_eats', UBER_DETAIL_LIMIT);
  const uberFees = uberOrders.reduce((a, o) => a + toMills(o.platform_fee), 0);
  const uberSales = uberOrders.reduce((a, o) => a + toMills(o.total), 0);
  const deliverooReason = deliverooDetailsUnavailableReason(from, to, today);
  const deliveroo = ch('deliveroo');
  const deliverooFees = fees.get('deliveroo') ?? 0;
  const adjustmentMills = deliverooAdjustments;

  const sources = ORDER_SOURCES.map((source) => {
    const t = of(source);
    return {
      source,
      label: ORDER_SOURCE_LABELS[source],
      total_sales: money(t.sales),
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
      return { id: l.id, location: l.name, total_sales: money(t.sales), num_orders: t.orders };
    }),
    sales_by_vendors: mergeVendors(vendorRows, single),
    sales_by_hours: Array.from({ length: 24 }, (_, hour) => {
      const h = hours.get(hour);
      return { hour, total: h ? money(toMills(h.total)) : 0, num_orders: h?.orders ?? 0 };
    }),
    sales_by_source: sources,
    // Net sales over orders: a refund lowers the average; a partly refunded order still counts once.
    avg_order: average(total.sales, total.orders) ?? 0,
    avg_order_by_source: Object.fromEntries(
      sources.filter((s) => s.avg_order !== null).map((s) => [s.source, s.avg_order as number]),
    ),
    total_sales: money(total.sales),
    num_orders: total.orders,
    num_completed_orders: completed,
    num_canceled_orders: canceled,
    cash_sales: money(ch('in_store_cash').sales),
    card_sales: money(CARD_CHANNELS.reduce((a, c) => a + ch(c).sales, 0)),
    kitchaco_sales: money(kitchaco.sales),
    marketplace_sales: money(marketplaceSales),
    card_refunds: money(kitchaco.refunds),
    items_sold,
    items_unmatched,
    uber_sales: money(of('uber_eats').sales),
    uber_sales_webscrape: money(of('uber_eats_webscrape').sales),
    deliveroo_sales: money(of('deliveroo').sales),
    doordash_sales: money(of('doordash').sales),
    menulog_sales: money(of('menulog').sales),
    num_kitchaco_orders: kitchaco.orders,
    num_uber_eats_orders: of('uber_eats').orders,
    num_uber_eats_webscrape_orders: of('uber_eats_webscrape').orders,
    num_deliveroo_orders: of('deliveroo').orders,
    num_doordash_orders: of('doordash').orders,
    num_menulog_orders: of('menulog').orders,
    total_stock_sent: money(toMills(stockSent)),
    kitchaco_details: {
      channels: OWN_CHANNELS.map((c) => ({
        channel: c,
        label: CHANNEL_LABELS[c],
        total_sales: money(ch(c).sales),
        num_orders: ch(c).orders,
        avg_order: average(ch(c).sales, ch(c).orders),
        refunds: money(ch(c).refunds),
      })),
    },
    uber_details: {
      available: uberReason === null,
      reason: uberReason,
      orders: uberOrders.map((o) => ({
        id: o.id,
        external_id: o.external_id,
        kitchaco__location: o.location,
        order_time: formatWireTime(new Date(o.placed_at), o.tz),
        status: o.status,
        total: money(toMills(o.total)),
        platform_fee: money(toMills(o.platform_fee)),
        ingested_via: o.ingested_via,
      })),
      total_sales: money(uberSales),
      platform_fees: money(uberFees),
    },
    deliveroo_details:
      deliverooReason === null
        ? {
            available: true,
            reason: null,
            total_sales: money(deliveroo.sales),
            num_orders: deliveroo.orders,
            platform_fees: money(deliverooFees),
            adjustments: money(adjustmentMills),
            net_payout: money(deliveroo.sales - deliverooFees + adjustmentMills),
          }
        : {
            available: false,
            reason: deliverooReason,
            total_sales: 0,
            num_orders: 0,
            platform_fees: 0,
            adjustments: 0,
            net_payout: 0,
          },
    previous_period: previousFigures(previousRows, scope, before.from, before.to),
  };
}

/**
 * The previous period's figures, added up as the dashboard adds up its own: canceled orders
 * counted apart, our own channels net of their card refunds, brands merged as in mergeVendors.
 */
function previousFigures(
  rows: readonly q.ComparisonRow[],
  scope: Scope,
  from: IsoDate,
  to: IsoDate,
): PreviousPeriodFigures {
  const bySource = new Map<OrderSource, Tally>(ORDER_SOURCES.map((s) => [s, tally()]));
  const byChannel = new Map<SalesChannel, Tally>(SALES_CHANNELS.map((c) => [c, tally()]));
  const byLocation = new Map<number, Tally>();
  const hours = new Map<number, Tally>();
  const vendorRows: Awaited<ReturnType<typeof q.vendorSales>> = [];
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
    total_sales: money(total.sales),
    kitchaco_sales: money(kitchaco.sales),
    cash_sales: money(ch('in_store_cash').sales),
    card_sales: money(CARD_CHANNELS.reduce((a, c) => a + ch(c).sales, 0)),
    card_refunds: money(kitchaco.refunds),
    marketplace_sales: money(total.sales - kitchaco.sales),
    total_stock_sent: money(stock),
    num_orders: total.orders,
    num_completed_orders: completed,
    num_canceled_orders: canceled,
    avg_order: average(total.sales, total.orders) ?? 0,
    sales_by_locations: scope.locations.map((l) => {
      const t = byLocation.get(l.id) ?? tally();
      return { id: l.id, total_sales: money(t.sales), num_orders: t.orders };
    }),
    sales_by_vendors: mergeVendors(vendorRows, scope.locationId !== 0).map(({ id, name, total }) => ({
      id,
      name,
      total,
    })),
    sales_by_hours: Array.from({ length: 24 }, (_, hour) => {
      const h = hours.get(hour);
      return { hour, total: h ? money(h.sales) : 0, num_orders: h?.orders ?? 0 };
    }),
    sales_by_source: ORDER_SOURCES.map((source) => ({
      source,
      total_sales: money(of(source).sales),
      num_orders: of(source).orders,
    })),
  };
}

/**
 * Sales per brand, net of the card refunds of its items. For all locations a brand's sales at every
 * location add up under its name (brands of the same name at several locations are one brand to the
 * business). Refunds of no one brand are a row of their own, so the rows add up to the total sales.
 */
function mergeVendors(rows: Awaited<ReturnType<typeof q.vendorSales>>, single: boolean) {
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
    .map((v) => ({ id: v.id, name: v.name, total: money(v.total), refunds: money(v.refunds) }));
}

// ---------------------------------------------------------------- order lists

function orderFilter(input: Pick<OrdersDataRequest, 'status' | 'order_source' | 'search'>): q.OrderFilter {
  const channels: readonly SalesChannel[] | undefined =
    input.order_source === undefined
      ? undefined
      : input.order_source === 'kitchaco'
        ? OWN_CHANNELS
        : [input.order_source];
  return {
    ...(input.status ? { status: input.status } : {}),
    ...(channels ? { channels } : {}),
    ...(input.search ? { search: input.search } : {}),
  };
}

/** Orders read per batch when a list is streamed or exported whole. */
const ORDER_BATCH = 500;

/** Every order matching the filters, newest first, a batch at a time (keyset: flat cost per batch). */
async function* orderBatches(app: AppContext, windows: q.LocationWindow[], filter: q.OrderFilter) {
  let after: q.OrderCursor | null = null;
  for (;;) {
    const rows = await q.listOrders(app.db, windows, filter, { limit: ORDER_BATCH, after });
    if (rows.length === 0) return;
    const lines = await q.linesOfOrders(
      app.db,
      rows.map((r) => r.id),
    );
    yield presentOrders(rows, lines);
    if (rows.length < ORDER_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { placedKey: last.placed_key, id: last.id };
  }
}

/**
 * orders_data. Paged when the client asks for a page (the web app does); otherwise, as the spec's
 * clients expect, every order of the range in one answer, streamed as it is read so memory stays
 * flat however long the range (docs/api.md).
 */
export async function ordersData(app: AppContext, actor: Actor, input: OrdersDataRequest) {
  const scope = await resolveScope(app, actor, input.kitchaco_location);
  const { from, to } = wireRange(input.start_date, input.end_date);
  const windows = windowsOf(scope.locations, from, to);
  const filter = orderFilter(input);
  if (input.page === undefined) {
    return streamedObject(
      { success: true },
      'orders_by_location',
      orderBatches(app, windows, filter),
      (n: number) => ({
        total: n,
      }),
    );
  }
  const pageSize = input.page_size ?? DEFAULT_ORDER_PAGE_SIZE;
  const offset = (input.page - 1) * pageSize;
  const [rows, total] = await Promise.all([
    q.listOrders(app.db, windows, filter, { limit: pageSize, offset }),
    q
      .countRolledUpOrders(app.db, salesScope(scope, from, to), filter)
      .then((n) => n ?? q.countOrders(app.db, windows, filter)),
  ]);
  const lines = await q.linesOfOrders(
    app.db,
    rows.map((r) => r.id),
  );
  return {
    success: true as const,
    orders_by_location: presentOrders(rows, lines),
    total,
    page: input.page,
    page_size: pageSize,
  };
}

/** Orders exported in one go are read in pages of this many (lines are fetched per page). */
const EXPORT_PAGE = 2000;
/** The largest export; a longer list must be narrowed by its filters. */
export const MAX_EXPORT_ORDERS = 100_000;

/** Every order matching the list's filters (no paging), with its lines, for the CSV export. */
export async function ordersForExport(app: AppContext, actor: Actor, input: OrdersExportRequest) {
  const scope = await resolveScope(app, actor, input.kitchaco_location);
  const { from, to } = wireRange(input.start_date, input.end_date);
  const windows = windowsOf(scope.locations, from, to);
  const filter = orderFilter(input);
  const total = await q.countOrders(app.db, windows, filter);
  if (total > MAX_EXPORT_ORDERS) {
    throw invalid(
      `The export would hold ${total} orders; narrow the dates or filters to at most ${MAX_EXPORT_ORDERS}.`,
      'end_date',
    );
  }
  const out = [];
  for (let offset = 0; offset < total; offset += EXPORT_PAGE) {
    const rows = await q.listOrders(app.db, windows, filter, { limit: EXPORT_PAGE, offset });
    const lines = await q.linesOfOrders(
      app.db,
      rows.map((r) => r.id),
    );
    out.push(...presentOrders(rows, lines));
  }
  return { from, to, orders: out };
}

// ---------------------------------------------------------------- external operators

export async function externalOperatorList(app: AppContext) {
  return { success: true as const, external_operators: await q.listExternalOperators(app.db) };
}

/** Sales of an external operator's locations over a date range, per location. */
export async function reportsData(app: AppContext, input: ReportsDataRequest) {
  const operator = await q.findExternalOperator(app.db, input.external_operator);
  if (!operator) throw notFound('This external operator does not exist.');
  const { from, to } = wireRange(input.start_date, input.end_date);
  const locations = await q.locationsOfOperator(app.db, operator.id);
  const rows = await q.locationSales(app.db, {
    locationIds: locations.map((l) => l.id),
    all: false,
    from,
    to,
  });
  const byLocation = new Map<number, Tally>(locations.map((l) => [l.id, tally()]));
  for (const row of rows) {
    const t = byLocation.get(row.location_id);
    if (!t) continue;
    t.sales += toMills(row.sales);
    t.orders += row.orders;
  }
  const total = [...byLocation.values()].reduce(addTally, tally());
  return {
    success: true as const,
    sales_by_operator: {
      business_name: operator.businessName,
      sales_by_location: locations.map((l) => {
        const t = byLocation.get(l.id) ?? tally();
        return { id: l.id, location: l.name, total_sales: money(t.sales), num_orders: t.orders };
      }),
      avg_order: average(total.sales, total.orders) ?? 0,
      total_sales: money(total.sales),
      num_orders: total.orders,
    },
  };
}
