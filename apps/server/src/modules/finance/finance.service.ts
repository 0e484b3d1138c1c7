import {
  addDays,
  DEFAULT_TIME_ZONE,
  FORTNIGHT_ANCHOR,
  type FortnightPeriod,
  fortnightStartOf,
  type IsoDate,
  localDate,
  OWN_SALES_CHANNELS,
  parseWireDate,
  type SalesChannel,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../http/actor.js';
import { forbidden, invalid, notFound } from '../../http/errors.js';
import { presentPeriod } from './finance.presenter.js';
import * as q from './finance.queries.js';

export const MARKETPLACE_FLAGS = ['uber_eats', 'deliveroo', 'doordash', 'menulog'] as const;
export const OWN = new Set<SalesChannel>(OWN_SALES_CHANNELS);

export function staffOf(actor: Actor) {
  if (actor.kind !== 'staff') throw forbidden('Staff only.');
  return actor.user;
}

export function fortnight(input: { start_date: string; end_date: string }): { from: IsoDate; to: IsoDate } {
  const from = parseWireDate(input.start_date);
  const to = parseWireDate(input.end_date);
  if (!from) throw invalid('start_date must be a date like 05 Mar 2026', 'start_date');
  if (!to) throw invalid('end_date must be a date like 05 Mar 2026', 'end_date');
  return { from, to };
}

// ---------------------------------------------------------------- periods

/**
 * The fortnights of the invoice selector, newest first. Periods run in 14-day steps from the
 * anchor Monday; the ones up to today are created on demand, so the list never runs out.
 */
export async function fortnightPeriods(
  app: AppContext,
): Promise<{ success: true; sales_invoice_fortnight_period: FortnightPeriod[] }> {
  const today = localDate(app.clock.now(), DEFAULT_TIME_ZONE);
  const current = fortnightStartOf(today);
  const last = await q.lastPeriodStart(app.db);
  const missing: { startDate: string; endDate: string }[] = [];
  let start = last ? addDays(fortnightStartOf(last), 14) : addDays(current, -14 * 12);
  if (start < FORTNIGHT_ANCHOR) start = FORTNIGHT_ANCHOR;
  for (; start <= current; start = addDays(start, 14))
    missing.push({ startDate: start, endDate: addDays(start, 13) });
  await q.insertPeriods(app.db, missing);
  const periods = await q.listPeriods(app.db, current);
  return {
    success: true,
    sales_invoice_fortnight_period: periods
      .filter((p) => fortnightStartOf(p.startDate) === p.startDate)
      .map(presentPeriod),
  };
}

export interface Scope {
  operator: q.OperatorRow | null;
  locations: q.LocationRow[];
}

export async function scopeOf(
  app: AppContext,
  input: { kitchaco?: number | undefined; external_operator?: number | undefined },
): Promise<Scope> {
  if (input.kitchaco !== undefined) {
    if (input.kitchaco === 0) return { operator: null, locations: await q.listLocations(app.db, {}) };
    const locations = await q.listLocations(app.db, { ids: [input.kitchaco] });
    if (locations.length === 0) throw notFound('This location does not exist.');
    return { operator: null, locations };
  }
  if (!input.external_operator)
    return { operator: null, locations: await q.listLocations(app.db, { anyOperator: true }) };
  const operator = await q.findOperator(app.db, input.external_operator);
  if (!operator) throw notFound('This external operator does not exist.');
  return { operator, locations: await q.listLocations(app.db, { operatorId: operator.id }) };
}

export function registeredEmail(
  location: q.LocationRow,
  operator: q.OperatorRow | null,
  fallback: string,
): string {
  return location.email ?? operator?.email ?? fallback;
}
