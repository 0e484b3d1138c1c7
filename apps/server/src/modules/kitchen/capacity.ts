import {
  CAPACITY_SLOT_MINUTES,
  formatPickupTime,
  nextSlot,
  openAt,
  type Schedule,
  slotsWithRoom,
} from '@kitchaco/domain';
import type { DbOrTx } from '../../db/client.js';
import { unprocessable } from '../../http/errors.js';
import * as q from './kitchen.queries.js';

/**
 * Kitchen capacity (docs/kitchen.md, "Capacity"): the items promised per 15-minute slot of a
 * location, from orders of every channel that are not canceled. An order's slot is its chosen
 * time's, else placed + the default preparation, rounded up to the quarter hour (`orderSlot` in
 * the domain package; the SQL of `slotLoadRows` in kitchen.queries.ts is the same rule).
 */
const SLOT_SECONDS = CAPACITY_SLOT_MINUTES * 60;
/** Orders are scheduled at most 7 days ahead (and a closed location's orders for its next opening). */
const LOOK_BACK_DAYS = 8;

/** Items promised per slot (by the slot's epoch ms) for the slots from `first` to `last`. */
export async function slotLoad(
  db: DbOrTx,
  locationId: number,
  first: Date,
  last: Date,
): Promise<Map<number, number>> {
  const from = new Date(first.getTime() - SLOT_SECONDS * 1000).toISOString();
  const to = last.toISOString();
  const lookBack = new Date(first.getTime() - LOOK_BACK_DAYS * 86_400_000).toISOString();
  const rows = await q.slotLoadRows(db, locationId, { from, to, lookBack });
  return new Map(rows.map((r) => [Number(r.slot), Number(r.items)]));
}

/**
 * Serialises capacity checks of one location and slot across transactions and instances: taken in
 * the checkout's write transaction before counting, so two checkouts cannot both take the last
 * items of a slot.
 */
export async function lockSlot(tx: DbOrTx, locationId: number, slot: Date): Promise<void> {
  await q.lockCapacitySlot(tx, `capacity:${locationId}:${slot.getTime()}`);
}

export interface CapacityPlace {
  id: number;
  timeZone: string;
  slotCapacityItems: number | null;
  /** The location's schedule and those of the cart's brands (docs/kitchen.md, "Hours, closures…"). */
  schedules: Schedule[];
}

/** Whether a slot may be offered: the location and every brand of the cart are open just before it ends. */
export function slotOpen(place: CapacityPlace, slot: Date): boolean {
  return openAt(new Date(slot.getTime() - 60_000), ...place.schedules);
}

/** The slots with room for `items` from `first` on (the first few), from the current load. */
export async function roomFrom(
  db: DbOrTx,
  place: CapacityPlace,
  first: Date,
  items: number,
): Promise<Date[]> {
  const load = await slotLoad(db, place.id, first, nextSlot(first, 96));
  return slotsWithRoom(first, items, place.slotCapacityItems, load, {
    // The order's own slot is never refused for closing time (a time the checkout accepted).
    open: (s) => s.getTime() === first.getTime() || slotOpen(place, s),
  });
}

/** The refusal of a checkout whose slot is full, naming the earliest time with room. */
export function kitchenFull(place: CapacityPlace, earliest: Date | undefined, now: Date) {
  if (!earliest) {
    return unprocessable(
      'The kitchen is fully booked for the next day; please try again later.',
      'order_later',
    );
  }
  return unprocessable(
    `The kitchen is full until ${formatPickupTime(earliest, place.timeZone, now)}; choose a later pickup time.`,
    'order_later',
  );
}

/** The refusal of an online order while the location's busy switch is on. */
export function kitchenBusy(timeZone: string, until: Date, now: Date) {
  return unprocessable(
    `The kitchen is very busy and is not taking online orders until ${formatPickupTime(until, timeZone, now)}. Please try again then.`,
    'kitchaco',
  );
}
