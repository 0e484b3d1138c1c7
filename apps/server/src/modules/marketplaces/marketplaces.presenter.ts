import {
  DEFAULT_TIME_ZONE,
  type ImportedOrder,
  type MarketplaceOrder,
  type MarketplaceStore,
  type MarketplaceStoresResponse,
  toAmount,
} from '@kitchaco/domain';
import type { LineRow, StoreRow } from './marketplaces.queries.js';

export function presentStore(row: StoreRow): MarketplaceStore {
  return {
    id: row.id,
    platform: row.channel as MarketplaceStore['platform'],
    store_id: row.storeId,
    name: row.name,
    location_id: row.locationId,
    location: row.location,
    vendor_id: row.vendorId,
    vendor: row.vendor,
  };
}

export function presentLocations(
  rows: { id: number; name: string; vendorId: number | null; vendorTitle: string | null }[],
): MarketplaceStoresResponse['locations'] {
  const byId = new Map<number, MarketplaceStoresResponse['locations'][number]>();
  for (const row of rows) {
    let location = byId.get(row.id);
    if (!location) {
      location = { id: row.id, name: row.name, vendors: [] };
      byId.set(row.id, location);
    }
    if (row.vendorId !== null) location.vendors.push({ id: row.vendorId, title: row.vendorTitle ?? '' });
  }
  return [...byId.values()];
}

/** An order of an export as it will be stored: its lines with the meal each matched (-1: none). */
export function presentImportedOrder(
  order: MarketplaceOrder,
  store: StoreRow | null,
  lines: LineRow[] | null,
  duplicate: boolean,
): ImportedOrder {
  return {
    external_id: order.externalId,
    store_id: order.storeId,
    location: store?.location ?? null,
    status: order.status,
    placed_at: order.placedAt.toISOString(),
    time_zone: store?.timeZone ?? DEFAULT_TIME_ZONE,
    sub_total: toAmount(order.subTotal),
    total: toAmount(order.total),
    platform_fee: toAmount(order.platformFee),
    duplicate,
    lines: order.lines.map((line, i) => ({
      name: line.name,
      meal_id: lines?.[i]?.mealId ?? -1,
      quantity: line.quantity,
      unit_price: toAmount(line.unitPrice),
      combos: line.combos.map((c) => ({ name: c.name, quantity: c.quantity, price: toAmount(c.price) })),
      special_request: line.specialRequest,
      line_total: toAmount(line.lineTotal),
    })),
  };
}
