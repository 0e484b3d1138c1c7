import { type KitchacoLocation, toAmount, toMills } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { locations } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { findLocation, listActiveLocations } from './locations.queries.js';

export function presentLocation(row: typeof locations.$inferSelect): KitchacoLocation {
  return {
    id: row.id,
    name: row.name,
    location: row.address,
    suburb: row.suburb,
    lat: row.lat,
    lng: row.lng,
    time_zone: row.timeZone,
    square_location_id: row.squareLocationId,
    delivery_charge: toAmount(toMills(row.deliveryCharge)),
  };
}

/** delivery-charge: each active location's customer delivery charge and stock ordering fees. */
export async function deliveryCharges(app: AppContext, kitchaco: number | undefined) {
  const rows = (await listActiveLocations(app.db)).filter((r) => kitchaco === undefined || r.id === kitchaco);
  if (kitchaco !== undefined && rows.length === 0) throw notFound('No such location.');
  const amount = (value: string) => toAmount(toMills(value));
  return {
    success: true as const,
    data: rows.map((r) => ({
      kitchaco: r.id,
      location: r.address,
      delivery_charge: amount(r.deliveryCharge),
      min_stock_order: amount(r.minStockOrder),
      min_stock_delivery_charge: amount(r.minStockDeliveryCharge),
    })),
  };
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
