import type { KitchacoLocation } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { presentDeliveryCharge, presentLocation } from './locations.presenter.js';
import { findLocation, listActiveLocations } from './locations.queries.js';

/** delivery-charge: each active location's customer delivery charge and stock ordering fees. */
export async function deliveryCharges(app: AppContext, kitchaco: number | undefined) {
  const rows = (await listActiveLocations(app.db)).filter((r) => kitchaco === undefined || r.id === kitchaco);
  if (kitchaco !== undefined && rows.length === 0) throw notFound('No such location.');
  return { success: true as const, data: rows.map(presentDeliveryCharge) };
}

/** Active locations sorted by id (the URL location parameter indexes this order). */
export async function listLocations(app: AppContext): Promise<KitchacoLocation[]> {
  return (await listActiveLocations(app.db)).map(presentLocation);
}

/** An active location's row, or null. */
export async function activeLocation(app: AppContext, id: number) {
  const row = await app.catalog.value(`location:${id}`, () => findLocation(app.db, id));
  return row?.isActive ? row : null;
}
