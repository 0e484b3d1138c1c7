import { parseWireDate } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { Actor, StaffActor } from '../../http/actor.js';
import { forbidden, invalid, notFound } from '../../http/errors.js';
import * as q from './stock.queries.js';

// The stock module's shared rules: who may see which location and order, and the wire's date
// ranges. The use cases live in stock-ordering (stock users), stock-review (stock admins),
// stock-list (the lists and their administration) and stock-usage (the report and bundles).

export const OWN_LOCATION_ONLY = 'You can only see and order stock for your own location.';
export const NO_SUCH_ORDER = 'This stock order does not exist.';

export function staffOf(actor: Actor): StaffActor {
  if (actor.kind !== 'staff') throw forbidden('Staff only.');
  return actor.user;
}

/** Stock users and operators work on their own location only. */
export function requireOwnLocation(actor: Actor, locationId: number): StaffActor {
  const user = staffOf(actor);
  if (user.locationId !== locationId) throw forbidden(OWN_LOCATION_ONLY);
  return user;
}

/** The location's row, from the catalogue cache (every change to it is announced). */
export async function locationOrThrow(app: AppContext, id: number): Promise<q.LocationRow> {
  const location = await app.catalog.value(
    `location:${id}`,
    async () => (await q.findLocation(app.db, id)) ?? null,
  );
  if (!location) throw notFound('This location does not exist.');
  return location;
}

/** One order of the caller's own location; other locations' orders do not exist for them. */
export async function ownOrder(app: AppContext, actor: Actor, orderId: number): Promise<q.StockOrderRow> {
  const user = staffOf(actor);
  const order = await q.findOrder(app.db, orderId);
  if (!order || order.locationId !== user.locationId) throw notFound(NO_SUCH_ORDER);
  return order;
}

export function wireRange(start: string, end: string): { from: string; to: string } {
  const from = parseWireDate(start);
  const to = parseWireDate(end);
  if (!from) throw invalid('start_date must be a date like 05 Mar 2026', 'start_date');
  if (!to) throw invalid('end_date must be a date like 05 Mar 2026', 'end_date');
  if (to < from) throw invalid('end_date must not be before start_date', 'end_date');
  return { from, to };
}
