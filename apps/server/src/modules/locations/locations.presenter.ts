import { type KitchacoLocation, toAmount, toMills } from '@kitchaco/domain';
import type { locations } from '../../db/schema/index.js';

type LocationRow = typeof locations.$inferSelect;

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

/** A location's customer delivery charge and stock ordering fees (delivery-charge). */
export function presentDeliveryCharge(r: LocationRow) {
  const amount = (value: string) => toAmount(toMills(value));
  return {
    kitchaco: r.id,
    location: r.address,
    delivery_charge: amount(r.deliveryCharge),
    min_stock_order: amount(r.minStockOrder),
    min_stock_delivery_charge: amount(r.minStockDeliveryCharge),
  };
}
