import {
  CHANNEL_SOURCE_NAMES,
  KITCHEN_DEFAULT_PREP_MINUTES,
  type KitchenTicket,
  MARKETPLACE_CHANNELS,
  type SalesChannel,
} from '@kitchaco/domain';
import type { TicketLineRow, TicketRow } from './kitchen.queries.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Delivery: our delivery orders and the marketplaces' (a courier collects them); the rest are pickup. */
function orderTypeOf(channel: SalesChannel): 'pickup' | 'delivery' {
  if (channel === 'online_delivery') return 'delivery';
  return (MARKETPLACE_CHANNELS as readonly string[]).includes(channel) ? 'delivery' : 'pickup';
}

function firstName(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

export function presentTicket(row: TicketRow, lines: TicketLineRow[]): KitchenTicket {
  const t = row.ticket;
  const promised = row.order.scheduledFor;
  return {
    id: t.id,
    order_id: t.orderId,
    order_number: String(t.orderId),
    location_id: t.locationId,
    station: { vendor_id: t.vendorId, title: row.vendorTitle },
    status: t.status,
    order_status: row.order.status,
    created_at: t.createdAt.toISOString(),
    started_at: iso(t.startedAt),
    done_at: iso(t.doneAt),
    updated_at: t.updatedAt.toISOString(),
    promised_at: (
      promised ?? new Date(t.createdAt.getTime() + KITCHEN_DEFAULT_PREP_MINUTES * 60_000)
    ).toISOString(),
    promised_source: promised ? 'scheduled' : 'default_prep',
    channel: row.order.channel,
    source: CHANNEL_SOURCE_NAMES[row.order.channel],
    order_type: orderTypeOf(row.order.channel),
    customer_first_name: firstName(row.order.customerName),
    // Orders keep no note of their own (line notes carry the special requests).
    notes: null,
    lines: lines
      .filter((l) => l.orderId === t.orderId && l.vendorId === t.vendorId)
      .map((l) => ({
        meal_name: l.mealName,
        quantity: l.quantity,
        subitem: l.subitem,
        combos: (l.combos ?? []).map((c) => ({ name: c.name, quantity: c.quantity ?? 1 })),
        note: l.specialRequest,
      })),
    bumped_by: t.bumpedBy,
  };
}
