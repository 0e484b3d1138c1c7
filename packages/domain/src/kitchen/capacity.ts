import { zonedParts } from '../dates/business-time.js';
import { KITCHEN_DEFAULT_PREP_MINUTES } from './kitchen.schemas.js';

/**
 * Kitchen capacity (docs/kitchen.md, "Capacity"): a location may make at most `slot_capacity_items`
 * items per 15-minute slot. A slot is named by its end, the pickup time it serves: the slot of
 * 19:30 holds the orders ready between 19:15 (excluded) and 19:30.
 *
 * Slots are counted on the location's wall clock. Every time zone in use today is offset from UTC
 * by a whole number of quarter hours (Adelaide +10:30, Eucla +8:45, Kathmandu +5:45), so a quarter
 * hour of the wall clock starts exactly when a quarter hour of UTC does: the arithmetic below works
 * on the instant and is the same in every zone.
 */
export const CAPACITY_SLOT_MINUTES = 15;
const SLOT_MS = CAPACITY_SLOT_MINUTES * 60_000;
/** How many later slots a quote offers when the kitchen is full. */
export const CAPACITY_SLOTS_OFFERED = 4;
/** How far ahead a checkout looks for a slot with room (a day of slots). */
export const CAPACITY_SEARCH_SLOTS = 96;
/** The lengths of the "busy" switch the operator can choose. */
export const BUSY_MINUTES = [15, 30, 60] as const;

/** The slot (its end) a ready time falls in: the time rounded up to the quarter hour. */
export function slotOf(readyAt: Date): Date {
  return new Date(Math.ceil(readyAt.getTime() / SLOT_MS) * SLOT_MS);
}

/** The slot after `slot`. */
export function nextSlot(slot: Date, n = 1): Date {
  return new Date(slot.getTime() + n * SLOT_MS);
}

/**
 * The slot an order uses up: its chosen pickup time's if it has one, else the one its default
 * preparation (placed + KITCHEN_DEFAULT_PREP_MINUTES) ends in.
 */
export function orderSlot(placedAt: Date, scheduledFor: Date | null): Date {
  if (scheduledFor) return slotOf(scheduledFor);
  return slotOf(new Date(placedAt.getTime() + KITCHEN_DEFAULT_PREP_MINUTES * 60_000));
}

/** Whether `items` more fit in a slot already holding `load`, under `capacity` (null: unlimited). */
export function fits(load: number, items: number, capacity: number | null): boolean {
  return capacity === null || load + items <= capacity;
}

/**
 * The first slots from `first` on (at most `count`, among `search` slots) where `items` more fit,
 * given the load per slot (by the slot's epoch milliseconds) and a test of whether a slot may be
 * offered at all (opening hours).
 */
export function slotsWithRoom(
  first: Date,
  items: number,
  capacity: number | null,
  load: ReadonlyMap<number, number>,
  options: { count?: number; search?: number; open?: (slot: Date) => boolean } = {},
): Date[] {
  const { count = CAPACITY_SLOTS_OFFERED, search = CAPACITY_SEARCH_SLOTS, open = () => true } = options;
  const found: Date[] = [];
  for (let i = 0; i < search && found.length < count; i++) {
    const slot = nextSlot(first, i);
    if (open(slot) && fits(load.get(slot.getTime()) ?? 0, items, capacity)) found.push(slot);
  }
  return found;
}

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "7:45 PM" on the location's clock; "Thu 7:45 PM" when it is not on the same day as `now`. */
export function formatPickupTime(at: Date, timeZone: string, now?: Date): string {
  const p = zonedParts(at, timeZone);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const time = `${h12}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'AM' : 'PM'}`;
  if (!now) return time;
  const n = zonedParts(now, timeZone);
  if (n.year === p.year && n.month === p.month && n.day === p.day) return time;
  const weekday = WEEKDAY[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()];
  return `${weekday} ${time}`;
}
