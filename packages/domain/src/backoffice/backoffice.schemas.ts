import { z } from 'zod';
import { MARKETPLACE_NAMES, ORDER_STATUSES, SALES_CHANNELS, type SalesChannel } from '../constants.js';
import { addDays, daysBetween, type IsoDate, parseWireDate, weekdayOfDate } from '../dates/business-time.js';
import { wireDate } from '../stock/stock.schemas.js';
import { dbId, locationChoice, wholeNumber } from '../wire/wire.js';

/**
 * Wire contracts of the back office: dashboards, customer order lists and external operator
 * reports on the admin data endpoint. Every figure comes from the one orders ledger.
 */

const money = z.number();
const count = z.number().int();

/** Longest range a dashboard or list accepts (about three years). */
export const MAX_REPORT_DAYS = 1100;

function rangeOk(o: { start_date: string; end_date: string }): boolean {
  const from = parseWireDate(o.start_date);
  const to = parseWireDate(o.end_date);
  return from === null || to === null || from <= to;
}
function rangeNotTooLong(o: { start_date: string; end_date: string }): boolean {
  const from = parseWireDate(o.start_date);
  const to = parseWireDate(o.end_date);
  return from === null || to === null || daysBetween(from, to) <= MAX_REPORT_DAYS;
}
const dateRange = {
  start_date: wireDate,
  end_date: wireDate,
};
function withRangeChecks<T extends z.ZodType<{ start_date: string; end_date: string }>>(schema: T) {
  return schema
    .refine(rangeOk, { message: 'end_date must be on or after start_date', path: ['end_date'] })
    .refine(rangeNotTooLong, {
      message: `the date range can be at most ${MAX_REPORT_DAYS} days`,
      path: ['end_date'],
    });
}

/**
 * Where an order came from, as the dashboards group it. `kitchaco` is our own channel (kiosk and
 * app); Uber Eats orders imported from a CSV export are `uber_eats_webscrape`.
 */
export const ORDER_SOURCES = [
  'kitchaco',
  'uber_eats',
  'uber_eats_webscrape',
  'deliveroo',
  'doordash',
  'menulog',
] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const ORDER_SOURCE_LABELS: Record<OrderSource, string> = {
  kitchaco: 'Kitchaco',
  uber_eats: MARKETPLACE_NAMES.uber_eats,
  uber_eats_webscrape: `${MARKETPLACE_NAMES.uber_eats} (imported)`,
  deliveroo: MARKETPLACE_NAMES.deliveroo,
  doordash: MARKETPLACE_NAMES.doordash,
  menulog: MARKETPLACE_NAMES.menulog,
};

/**
 * Our own channels (kiosk and app). A card refund of one of their orders is a negative adjustment
 * dated when it happened (a reversal, positive, when a partly refunded order is later canceled), and
 * every sales figure counts these channels net of it: see "Refunds in the figures" in docs/finance.md.
 */
export const OWN_SALES_CHANNELS = [
  'in_store_cash',
  'in_store_card',
  'online_pickup',
  'online_delivery',
] as const satisfies readonly SalesChannel[];

/**
 * The sales_by_vendors row holding the card refunds that belong to no one brand (a delivery charge,
 * an order-wide refund): id 0, which no brand has (brands count from 1; "Unknown brand", lines
 * without a brand, is -1). Its total is negative, so the rows still add up to total_sales.
 */
export const UNITEMISED_REFUNDS_VENDOR_ID = 0;
export const UNITEMISED_REFUNDS_LABEL = 'Refunds (not itemised)';

/** Filters of the order list; `uber_eats` covers both ways Uber Eats orders arrive. */
export const ORDER_LIST_SOURCES = ['kitchaco', 'uber_eats', 'deliveroo', 'doordash', 'menulog'] as const;

// ---------------------------------------------------------------- dashboard

export const dashboardRequest = withRangeChecks(
  z.object({
    /** 0 = all locations (super admin). An operator always gets their own location (-1 is their default). */
    kitchaco_location: locationChoice(-1),
    ...dateRange,
  }),
);
export type DashboardRequest = z.infer<typeof dashboardRequest>;

export const sourceFigure = z.object({
  source: z.enum(ORDER_SOURCES),
  label: z.string(),
  total_sales: money,
  num_orders: count,
  /** Sales / orders; null where there were no orders. */
  avg_order: money.nullable(),
});
export type SourceFigure = z.infer<typeof sourceFigure>;

export const channelFigure = z.object({
  channel: z.enum(SALES_CHANNELS),
  label: z.string(),
  /** Net of the channel's card refunds in the range. */
  total_sales: money,
  num_orders: count,
  avg_order: money.nullable(),
  /** The card refunds (negative) and reversals (positive) of the range within total_sales. */
  refunds: money,
});

/** A detail modal that only has figures for some date ranges (the spec's rules). */
const availability = { available: z.boolean(), reason: z.string().nullable() };

export const uberDetailOrder = z.object({
  id: count,
  external_id: z.string().nullable(),
  kitchaco__location: z.string(),
  order_time: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: money,
  platform_fee: money,
  ingested_via: z.enum(['webhook', 'csv']).nullable(),
});

/**
 * The dashboard's figures for the period of equal length just before the chosen one (1-14 Nov is
 * compared with 18-31 Oct), from the same rollups: the headline figures and the charts' series.
 */
export const previousPeriodFigures = z.object({
  start_date: z.string(),
  end_date: z.string(),
  total_sales: money,
  kitchaco_sales: money,
  cash_sales: money,
  card_sales: money,
  card_refunds: money,
  marketplace_sales: money,
  total_stock_sent: money,
  num_orders: count,
  num_completed_orders: count,
  num_canceled_orders: count,
  avg_order: money,
  /** Every location of the scope, as in sales_by_locations. */
  sales_by_locations: z.array(z.object({ id: count, total_sales: money, num_orders: count })),
  /** Brands with sales in the previous period, merged as in sales_by_vendors (by name for all locations). */
  sales_by_vendors: z.array(z.object({ id: count, name: z.string(), total: money })),
  /** 24 entries, hour 0..23, as in sales_by_hours. */
  sales_by_hours: z.array(z.object({ hour: count, total: money, num_orders: count })),
  sales_by_source: z.array(
    z.object({ source: z.enum(ORDER_SOURCES), total_sales: money, num_orders: count }),
  ),
});
export type PreviousPeriodFigures = z.infer<typeof previousPeriodFigures>;

export const dashboardResponse = z.object({
  success: z.literal(true),
  /** The location the figures are for (0 = all); for an operator always their own. */
  kitchaco_location: count,
  start_date: z.string(),
  end_date: z.string(),
  sales_by_locations: z.array(
    z.object({ id: count, location: z.string(), total_sales: money, num_orders: count }),
  ),
  /**
   * Per brand: line totals of the orders not canceled, less the card refunds of that brand's items
   * in the range (`refunds`, within `total`). Refunds of no one brand are one more row, id
   * UNITEMISED_REFUNDS_VENDOR_ID (0), named UNITEMISED_REFUNDS_LABEL, with a negative total.
   */
  sales_by_vendors: z.array(z.object({ id: count, name: z.string(), total: money, refunds: money })),
  /**
   * 24 entries, hour 0..23 of the location's own clock; a card refund counts (negative) in the hour
   * it happened, num_orders counts orders only.
   */
  sales_by_hours: z.array(z.object({ hour: count, total: money, num_orders: count })),
  sales_by_source: z.array(sourceFigure),
  /** Total sales / orders over every source (0 when there were none). */
  avg_order: money,
  /** Average per source, listed only where that source had orders. */
  avg_order_by_source: z.partialRecord(z.enum(ORDER_SOURCES), money),
  total_sales: money,
  num_orders: count,
  num_completed_orders: count,
  num_canceled_orders: count,
  cash_sales: money,
  /** In-store card, online pickup and online delivery, net of their card refunds. */
  card_sales: money,
  kitchaco_sales: money,
  marketplace_sales: money,
  /**
   * Our own channels' card refunds in the range (negative; a reversal of a canceled order's earlier
   * refunds positive), already taken off total_sales, card_sales, kitchaco_sales and every other
   * figure of those channels. Marketplace adjustments are not in it (see deliveroo_details).
   */
  card_refunds: money,
  /**
   * Name -> quantity; only when one location is chosen (empty for all locations). Quantities sold:
   * a card refund is money given back, not an item returned, so it changes no quantity.
   */
  items_sold: z.record(z.string(), z.number()),
  /** Names in items_sold that match none of our meals (meal id -1). */
  items_unmatched: z.array(z.string()),
  uber_sales: money,
  uber_sales_webscrape: money,
  deliveroo_sales: money,
  doordash_sales: money,
  menulog_sales: money,
  num_kitchaco_orders: count,
  num_uber_eats_orders: count,
  num_uber_eats_webscrape_orders: count,
  num_deliveroo_orders: count,
  num_doordash_orders: count,
  num_menulog_orders: count,
  /** Approved stock orders of the range (inc GST, as approved). */
  total_stock_sent: money,
  kitchaco_details: z.object({ channels: z.array(channelFigure) }),
  uber_details: z.object({
    ...availability,
    orders: z.array(uberDetailOrder),
    total_sales: money,
    platform_fees: money,
  }),
  deliveroo_details: z.object({
    ...availability,
    total_sales: money,
    num_orders: count,
    platform_fees: money,
    adjustments: money,
    /** Sales less fees plus adjustments: what Deliveroo pays out for the period. */
    net_payout: money,
  }),
  /** The same figures for the previous period of equal length (added later: optional for old clients). */
  previous_period: previousPeriodFigures.optional(),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

/** The first date Uber Eats order details exist for. */
export const UBER_DETAILS_FROM: IsoDate = '2021-06-19';

/**
 * Uber Eats details: only from 19 June 2021, only for a single day, and only up to yesterday.
 * Returns null when available, else the reason shown in the modal.
 */
export function uberDetailsUnavailableReason(from: IsoDate, to: IsoDate, today: IsoDate): string | null {
  if (from !== to) return 'Uber Eats details are shown for a single day: choose the same start and end date.';
  if (from < UBER_DETAILS_FROM) return 'Uber Eats details are available from 19 Jun 2021.';
  if (from >= today) return 'Uber Eats details are available up to yesterday.';
  return null;
}

/**
 * Deliveroo details: only for a 14-day period starting on a Monday, and only for periods that
 * ended before this week began ("up to last week").
 */
export function deliverooDetailsUnavailableReason(from: IsoDate, to: IsoDate, today: IsoDate): string | null {
  if (weekdayOfDate(from) !== 'Monday' || daysBetween(from, to) !== 13) {
    return 'Deliveroo sales are shown for a 14-day period starting on a Monday.';
  }
  const daysSinceMonday = (
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
  ).indexOf(weekdayOfDate(today) as 'Monday');
  const thisMonday = addDays(today, -daysSinceMonday);
  if (to >= thisMonday) return 'Deliveroo sales are shown up to last week.';
  return null;
}

// ---------------------------------------------------------------- customer order list

export const DEFAULT_ORDER_PAGE_SIZE = 50;
export const MAX_ORDER_PAGE_SIZE = 500;

export const ordersDataRequest = withRangeChecks(
  z.object({
    /** 0 = all locations (super admin); an operator always gets their own location. */
    kitchaco_location: locationChoice(-1),
    ...dateRange,
    /** Paging only when asked: without `page` every order of the range is answered (streamed). */
    page: wholeNumber(1).optional(),
    /** With `page`: orders per page (default 50). */
    page_size: wholeNumber(1, MAX_ORDER_PAGE_SIZE).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    order_source: z.enum(ORDER_LIST_SOURCES).optional(),
    /** Order number, customer name, phone or email (contains, case-insensitive). */
    search: z.string().trim().max(80).optional(),
  }),
);
export type OrdersDataRequest = z.infer<typeof ordersDataRequest>;

export const comboEntry = z.object({ name: z.string(), quantity: count, price: money });
export type ComboEntry = z.infer<typeof comboEntry>;

/**
 * One line of an admin order. Own-channel lines are read through meal__name, meal__price and
 * combo_array; marketplace lines through meal_name, combo (the `name~quantity=price` text) and
 * sub_total. Both shapes are filled for every line so any client can read either.
 */
export const adminOrderLine = z.object({
  /** -1 when a marketplace meal name matched none of our meals. */
  meal_id: count,
  meal__name: z.string(),
  meal_name: z.string(),
  vendor: z.string().nullable(),
  /** The brand the line was ordered from (refunds of a line count against it); null when unknown. */
  vendor_id: count.nullable(),
  subitem: z.string().nullable(),
  special_request: z.string().nullable(),
  quantity: count,
  meal__price: money,
  combo_array: z.array(comboEntry),
  combo: z.string().nullable(),
  sub_total: money,
});
export type AdminOrderLine = z.infer<typeof adminOrderLine>;

export const adminOrder = z.object({
  id: count,
  external_id: z.string().nullable(),
  /** 'DD MMM YYYY' and 'hh:mm A' at the location. */
  order_date: z.string(),
  order_time: z.string(),
  kitchaco: count,
  kitchaco__location: z.string(),
  customer_name: z.string(),
  customer__phone: z.string(),
  customer__email: z.string(),
  payment_receipt_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  channel: z.enum(SALES_CHANNELS),
  order_source: z.string(),
  order_type: z.enum(['delivery', 'pickup', 'in store']),
  delivery_location: z.string().nullable(),
  sub_total: money,
  delivery_charge: money,
  discount: money,
  payment_total_amount: money,
  meal_list: z.array(adminOrderLine),
  status_changed_at: z.string().nullable(),
  status_changed_by: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrder>;

export const ordersDataResponse = z.object({
  success: z.literal(true),
  orders_by_location: z.array(adminOrder),
  /** Orders matching the filters (all pages). */
  total: count,
  /** Present when a page was asked for. */
  page: count.optional(),
  page_size: count.optional(),
});
export type OrdersDataResponse = z.infer<typeof ordersDataResponse>;

/** The same filters without paging: the CSV export of the order list. */
export const ordersExportRequest = withRangeChecks(
  z.object({
    kitchaco_location: locationChoice(-1),
    ...dateRange,
    status: z.enum(ORDER_STATUSES).optional(),
    order_source: z.enum(ORDER_LIST_SOURCES).optional(),
    search: z.string().trim().max(80).optional(),
  }),
);
export type OrdersExportRequest = z.infer<typeof ordersExportRequest>;

// ---------------------------------------------------------------- external operators

export const externalOperatorsResponse = z.object({
  success: z.literal(true),
  external_operators: z.array(z.object({ id: count, business_name: z.string() })),
});

export const reportsDataRequest = withRangeChecks(z.object({ external_operator: dbId, ...dateRange }));
export type ReportsDataRequest = z.infer<typeof reportsDataRequest>;

export const reportsDataResponse = z.object({
  success: z.literal(true),
  /** Sales net of our own channels' card refunds of the range, as on the dashboard. */
  sales_by_operator: z.object({
    business_name: z.string(),
    sales_by_location: z.array(
      z.object({ id: count, location: z.string(), total_sales: money, num_orders: count }),
    ),
    avg_order: money,
    total_sales: money,
    num_orders: count,
  }),
});
export type ReportsDataResponse = z.infer<typeof reportsDataResponse>;
