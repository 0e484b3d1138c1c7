import {
  divide,
  type IsoDate,
  type Mills,
  OWN_SALES_CHANNELS,
  type ReportsDataRequest,
  type SalesChannel,
  toAmount,
  toMills,
  zonedRange,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { LocationWindow } from '../../db/location-windows.js';
import type { Actor } from '../../http/actor.js';
import { forbidden, invalid, notFound } from '../../http/errors.js';
import { locationSales, type SalesScope } from '../sales/sales.service.js';
import { wireRange } from '../stock/stock.service.js';
import * as q from './backoffice.queries.js';

export const OWN_CHANNELS: readonly SalesChannel[] = OWN_SALES_CHANNELS;

export interface Scope {
  /** 0 = all locations. */
  locationId: number;
  locations: { id: number; name: string; timeZone: string }[];
}

/**
 * Which locations a back-office call covers. A super admin chooses one location or all (0); an
 * operator always gets their own location, whatever the request says.
 */
export async function resolveScope(app: AppContext, actor: Actor, requested: number): Promise<Scope> {
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

export function windowsOf(locations: Scope['locations'], from: IsoDate, to: IsoDate): LocationWindow[] {
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
export function salesScope(scope: Scope, from: IsoDate, to: IsoDate): SalesScope {
  return { locationIds: scope.locations.map((l) => l.id), all: scope.locationId === 0, from, to };
}

export const average = (sales: Mills, orders: number) =>
  orders > 0 ? toAmount(divide(sales, orders)) : null;

/** Sales net of card refunds, the refunds within them (signed), and orders. */
export interface Tally {
  sales: Mills;
  orders: number;
  refunds: Mills;
}
export const tally = (): Tally => ({ sales: 0, orders: 0, refunds: 0 });
export const addTally = (a: Tally, t: Tally): Tally => ({
  sales: a.sales + t.sales,
  orders: a.orders + t.orders,
  refunds: a.refunds + t.refunds,
});

export async function externalOperatorList(app: AppContext) {
  return { success: true as const, external_operators: await q.listExternalOperators(app.db) };
}

/** Sales of an external operator's locations over a date range, per location. */
export async function reportsData(app: AppContext, input: ReportsDataRequest) {
  const operator = await q.findExternalOperator(app.db, input.external_operator);
  if (!operator) throw notFound('This external operator does not exist.');
  const { from, to } = wireRange(input.start_date, input.end_date);
  const locations = await q.locationsOfOperator(app.db, operator.id);
  const rows = await locationSales(app.db, {
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
        return { id: l.id, location: l.name, total_sales: toAmount(t.sales), num_orders: t.orders };
      }),
      avg_order: average(total.sales, total.orders) ?? 0,
      total_sales: toAmount(total.sales),
      num_orders: total.orders,
    },
  };
}
