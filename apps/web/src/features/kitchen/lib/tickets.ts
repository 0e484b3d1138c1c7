import {
  KITCHEN_CANCELED_VISIBLE_MINUTES,
  KITCHEN_UNDO_WINDOW_SECONDS,
  type KitchenTicket,
  type SalesChannel,
} from '@kitchaco/domain';

/**
 * The kitchen screen's rules, without React: which version of a ticket wins, how the list merges
 * after a reconnect, the stations and how late a ticket is.
 */

const at = (iso: string) => Date.parse(iso);

/** Whether `next` is the same or a later version of the ticket than `current` (by updated_at). */
export function isNewer(next: KitchenTicket, current: KitchenTicket | undefined): boolean {
  return current === undefined || at(next.updated_at) >= at(current.updated_at);
}

/** The list with one ticket put in (or replaced by a newer version of itself); never a duplicate. */
export function upsertTicket(list: readonly KitchenTicket[], ticket: KitchenTicket): KitchenTicket[] {
  const index = list.findIndex((t) => t.id === ticket.id);
  if (index === -1) return [...list, ticket];
  if (!isNewer(ticket, list[index])) return [...list];
  const next = [...list];
  next[index] = ticket;
  return next;
}

/**
 * A full answer of kitchen_tickets merged with what the screen holds, by ticket id: the answer is the
 * truth as of its `now`, except for versions the screen got from the stream meanwhile (newer
 * updated_at), and tickets created or changed at or after `now` that the answer could not hold yet.
 * Tickets the answer no longer lists and that did not change since are gone (done long ago, or their
 * order was canceled).
 */
export function mergeTickets(
  held: readonly KitchenTicket[],
  answer: { tickets: readonly KitchenTicket[]; now: string },
): KitchenTicket[] {
  const byId = new Map<number, KitchenTicket>();
  for (const ticket of answer.tickets) {
    const current = byId.get(ticket.id);
    if (isNewer(ticket, current)) byId.set(ticket.id, ticket);
  }
  const cutoff = at(answer.now);
  for (const ticket of held) {
    const listed = byId.get(ticket.id);
    if (listed) {
      if (at(ticket.updated_at) > at(listed.updated_at)) byId.set(ticket.id, ticket);
    } else if (at(ticket.updated_at) >= cutoff) {
      byId.set(ticket.id, ticket);
    }
  }
  return [...byId.values()];
}

/** Orders the kitchen still has to make: anything later was handed over, finished or canceled. */
const IN_KITCHEN = new Set<KitchenTicket['order_status']>(['Received', 'Cooking']);

/**
 * Whether a ticket belongs on the cooking columns: queued or started, and its order still in the
 * kitchen (an order made ready, handed over or canceled elsewhere leaves the columns even before
 * its ticket's own change arrives).
 */
export function isOpen(ticket: KitchenTicket): boolean {
  return (ticket.status === 'queued' || ticket.status === 'started') && IN_KITCHEN.has(ticket.order_status);
}

/** Whether a ticket was called off: canceled, or its order canceled. */
export function isCanceled(ticket: KitchenTicket): boolean {
  return ticket.status === 'canceled' || ticket.order_status === 'Canceled';
}

/** Why a ticket was called off, as the pass says it. */
export function canceledReason(ticket: KitchenTicket): string {
  return ticket.order_status === 'Canceled' ? 'Order canceled' : 'Refunded in full';
}

/**
 * Tickets called off in the last KITCHEN_CANCELED_VISIBLE_MINUTES that were started or queued (a
 * done ticket of a canceled order was already made), the latest first: the screen's "Canceled"
 * notices, until the cook dismisses them.
 */
export function recentlyCanceled(tickets: readonly KitchenTicket[], nowMs: number): KitchenTicket[] {
  const since = nowMs - KITCHEN_CANCELED_VISIBLE_MINUTES * 60_000;
  return tickets
    .filter((t) => t.status === 'canceled' && at(t.updated_at) >= since)
    .sort((a, b) => at(b.updated_at) - at(a.updated_at));
}

/** Tickets `previous` held as open (on the columns) that `next` holds as called off. */
export function cancellations(
  previous: readonly KitchenTicket[],
  next: readonly KitchenTicket[],
): KitchenTicket[] {
  const wasOpen = new Set(previous.filter(isOpen).map((t) => t.id));
  return next.filter((t) => wasOpen.has(t.id) && isCanceled(t));
}

/** Whether a done ticket may still be moved back (the server allows it within the undo window). */
export function undoSecondsLeft(ticket: KitchenTicket, nowMs: number): number {
  if (ticket.status !== 'done') return 0;
  const left = at(ticket.updated_at) + KITCHEN_UNDO_WINDOW_SECONDS * 1000 - nowMs;
  return Math.max(0, Math.ceil(left / 1000));
}

export interface Station {
  vendorId: number;
  title: string;
  tickets: KitchenTicket[];
}

const byAge = (a: KitchenTicket, b: KitchenTicket) => at(a.created_at) - at(b.created_at) || a.id - b.id;

/** The open tickets by station (brand), stations by name, tickets oldest first. */
export function stationsOf(tickets: readonly KitchenTicket[]): Station[] {
  const stations = new Map<number, Station>();
  for (const ticket of tickets) {
    if (!isOpen(ticket)) continue;
    const station = stations.get(ticket.station.vendor_id) ?? {
      vendorId: ticket.station.vendor_id,
      title: ticket.station.title,
      tickets: [],
    };
    station.tickets.push(ticket);
    stations.set(station.vendorId, station);
  }
  for (const station of stations.values()) station.tickets.sort(byAge);
  return [...stations.values()].sort((a, b) => a.title.localeCompare(b.title));
}

/** Done tickets that may still be undone (their order not handed over or canceled), the latest first. */
export function recentlyDone(tickets: readonly KitchenTicket[], nowMs: number): KitchenTicket[] {
  return tickets
    .filter(
      (t) =>
        (IN_KITCHEN.has(t.order_status) || t.order_status === 'Ready for pickup') &&
        undoSecondsLeft(t, nowMs) > 0,
    )
    .sort((a, b) => at(b.updated_at) - at(a.updated_at));
}

/** How a ticket stands against its promised time: on time, due within 5 minutes, or late. */
export type Timing = 'on-time' | 'due-soon' | 'late';

export const DUE_SOON_MINUTES = 5;

export interface TicketTiming {
  timing: Timing;
  /** Words that say it without colour: "On time", "Due in 3 min", "Late 4 min". */
  label: string;
  /** Time since the ticket was created, mm:ss (hours add to the minutes: 75:02). */
  age: string;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** mm:ss of a duration in milliseconds (never negative). */
export function minutesSeconds(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${twoDigits(Math.floor(seconds / 60))}:${twoDigits(seconds % 60)}`;
}

export function ticketTiming(ticket: KitchenTicket, nowMs: number): TicketTiming {
  const age = minutesSeconds(nowMs - at(ticket.created_at));
  const left = at(ticket.promised_at) - nowMs;
  if (left < 0) {
    const late = Math.max(1, Math.floor(-left / 60_000));
    return { timing: 'late', label: `Late ${late} min`, age };
  }
  if (left <= DUE_SOON_MINUTES * 60_000) {
    const minutes = Math.ceil(left / 60_000);
    return { timing: 'due-soon', label: minutes <= 0 ? 'Due now' : `Due in ${minutes} min`, age };
  }
  return { timing: 'on-time', label: 'On time', age };
}

/**
 * The channel as the pass calls it. Our own online orders say "Online": the ticket does not tell
 * whether the web site or the app placed them.
 */
const CHANNEL_BADGES: Record<SalesChannel, string> = {
  in_store_cash: 'Kiosk',
  in_store_card: 'Kiosk',
  online_pickup: 'Online',
  online_delivery: 'Online',
  uber_eats: 'Uber Eats',
  doordash: 'DoorDash',
  deliveroo: 'Deliveroo',
  menulog: 'Menulog',
};

export function channelBadge(channel: SalesChannel): string {
  return CHANNEL_BADGES[channel];
}

const ORDER_TYPES: Record<KitchenTicket['order_type'], string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
};

export function orderTypeLabel(type: KitchenTicket['order_type']): string {
  return ORDER_TYPES[type];
}

/** Tickets of `next` that `previous` did not hold, not done: what the kitchen is told about. */
export function arrivals(
  previous: readonly KitchenTicket[],
  next: readonly KitchenTicket[],
): KitchenTicket[] {
  const seen = new Set(previous.map((t) => t.id));
  return next.filter((t) => !seen.has(t.id) && isOpen(t));
}
