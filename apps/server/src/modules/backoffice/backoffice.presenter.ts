import {
  type AdminOrder,
  type AdminOrderLine,
  CHANNEL_SOURCE_NAMES,
  type ComboEntry,
  formatComboText,
  formatWireDate,
  formatWireTime,
  localDate,
  MARKETPLACE_CHANNELS,
  type OrderSource,
  type SalesChannel,
  toAmount,
  toMills,
} from '@kitchaco/domain';
import type { ListedLineRow, ListedOrderRow } from './backoffice.queries.js';

const MARKETPLACE = new Set<SalesChannel>(MARKETPLACE_CHANNELS);

/** The dashboard's source of a ledger order; CSV-imported Uber Eats orders are the "webscrape" figures. */
export function sourceOfChannel(channel: SalesChannel, imported: boolean): OrderSource {
  if (channel === 'uber_eats') return imported ? 'uber_eats_webscrape' : 'uber_eats';
  if (MARKETPLACE.has(channel)) return channel as OrderSource;
  return 'kitchaco';
}

const amount = (text: string | number) => toAmount(toMills(text));

function orderType(channel: SalesChannel, deliveryLocation: string | null): AdminOrder['order_type'] {
  if (channel === 'in_store_cash' || channel === 'in_store_card') return 'in store';
  if (channel === 'online_pickup') return 'pickup';
  if (channel === 'online_delivery') return 'delivery';
  // Marketplace orders: the platforms' notifications and exports we read carry no fulfilment type,
  // so they are taken as delivered by the platform's couriers.
  return deliveryLocation !== null || MARKETPLACE.has(channel) ? 'delivery' : 'pickup';
}

function presentLine(line: ListedLineRow, marketplace: boolean): AdminOrderLine {
  const combos: ComboEntry[] = (line.combos ?? []).map((c) => ({
    name: c.name,
    quantity: c.quantity ?? 1,
    price: amount(c.price ?? 0),
  }));
  return {
    meal_id: line.meal_id ?? -1,
    meal__name: line.meal_name,
    meal_name: line.meal_name,
    vendor: line.vendor,
    vendor_id: line.vendor_id,
    subitem: line.subitem,
    special_request: line.special_request,
    quantity: line.quantity,
    meal__price: amount(line.unit_price),
    combo_array: combos,
    combo: marketplace ? formatComboText(combos) || null : null,
    sub_total: amount(line.line_total),
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Orders as the back-office lists read them: dates and times at the order's location. */
export function presentOrders(
  rows: readonly ListedOrderRow[],
  lines: readonly ListedLineRow[],
): AdminOrder[] {
  const linesByOrder = new Map<number, ListedLineRow[]>();
  for (const line of lines) {
    const list = linesByOrder.get(line.order_id) ?? [];
    list.push(line);
    linesByOrder.set(line.order_id, list);
  }
  return rows.map((row) => {
    const placedAt = new Date(row.placed_at);
    const marketplace = MARKETPLACE.has(row.channel);
    return {
      id: row.id,
      external_id: row.external_id,
      order_date: formatWireDate(localDate(placedAt, row.tz)),
      order_time: formatWireTime(placedAt, row.tz),
      kitchaco: row.location_id,
      kitchaco__location: row.location,
      customer_name: row.customer_name ?? '',
      customer__phone: row.customer_phone ?? '',
      customer__email: row.customer_email ?? '',
      payment_receipt_number: row.payment_receipt_number ?? row.external_id ?? '',
      status: row.status,
      channel: row.channel,
      order_source: CHANNEL_SOURCE_NAMES[row.channel],
      order_type: orderType(row.channel, row.delivery_location),
      delivery_location: row.delivery_location,
      sub_total: amount(row.sub_total),
      delivery_charge: amount(row.delivery_charge),
      discount: amount(row.discount),
      payment_total_amount: amount(row.total),
      meal_list: (linesByOrder.get(row.id) ?? []).map((l) => presentLine(l, marketplace)),
      status_changed_at: iso(row.status_changed_at),
      status_changed_by: row.status_changed_by,
    };
  });
}
