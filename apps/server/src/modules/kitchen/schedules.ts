import {
  type BrandSchedule,
  brandHours,
  type Closure,
  formatPickupTime,
  localDate,
  type OpeningHours,
  openAt,
  type Schedule,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { invalid } from '../../http/errors.js';
import * as q from './availability.queries.js';

/**
 * Schedules (docs/kitchen.md, "Hours, closures and sold-out items"): a location's weekly hours and
 * closures, and each brand's within them. The data beyond the location's row is one cached value
 * per location (catalogue cache: every change of hours or closures announces), so the checkout
 * reads it from memory.
 */
export interface SchedulePlace {
  id: number;
  timeZone: string;
  openingHours: OpeningHours;
}

export function locationScheduleData(app: AppContext, locationId: number): Promise<q.ScheduleData> {
  return app.catalog.value(`schedule:${locationId}`, () =>
    q.scheduleData(app.db, locationId, app.clock.now()),
  );
}

const closuresFor = (data: q.ScheduleData, vendorId: number | null) =>
  data.closures.filter((c) => c.vendorId === null || c.vendorId === vendorId);

const asClosure = (c: q.ClosureRow): Closure => ({
  startsAt: new Date(c.startsAt),
  endsAt: new Date(c.endsAt),
  reason: c.reason,
});

/** An active location at an instant: open by its hours and closures, and its busy switch. */
export interface LocationOpenness {
  id: number;
  name: string;
  /** Open by the checkout's rule: within its weekly hours and in no closure of the whole location. */
  open: boolean;
  /** The busy switch is on: online ordering is paused (docs/kitchen.md, "Capacity"). */
  busy: boolean;
}

/**
 * Every active location and whether it is open at `at`, by the same schedule the checkout uses
 * (its own, without a brand's), for the metrics (`kitchaco_location_open`): two reads, whatever
 * the number of locations.
 */
export async function locationsOpenAt(db: DbOrTx, at: Date): Promise<LocationOpenness[]> {
  const [places, closures] = await Promise.all([q.activeLocationHours(db), q.locationClosuresAt(db, at)]);
  return places.map((place) => {
    const data: q.ScheduleData = {
      brands: [],
      closures: closures
        .filter((c) => c.locationId === place.id)
        .map((c) => ({
          id: c.id,
          vendorId: c.vendorId,
          startsAt: c.startsAt.toISOString(),
          endsAt: c.endsAt.toISOString(),
          reason: c.reason,
        })),
    };
    return {
      id: place.id,
      name: place.name,
      open: openAt(at, scheduleOf(place, data, null)),
      busy: place.busyUntil !== null && place.busyUntil.getTime() > at.getTime(),
    };
  });
}

/** The location's own schedule (vendorId null) or a brand's: its hours within the location's. */
export function scheduleOf(place: SchedulePlace, data: q.ScheduleData, vendorId: number | null): Schedule {
  const own = vendorId === null ? null : (data.brands.find((b) => b.id === vendorId)?.hours ?? null);
  return {
    timeZone: place.timeZone,
    hours: brandHours(place.openingHours, own),
    closures: closuresFor(data, vendorId).map(asClosure),
  };
}

/** A brand's schedule as the customer app gets it: closures not ended at `now`, soonest first. */
export function presentSchedule(
  place: SchedulePlace,
  data: q.ScheduleData,
  vendorId: number,
  now: Date,
): BrandSchedule {
  const schedule = scheduleOf(place, data, vendorId);
  return {
    time_zone: schedule.timeZone,
    opening_hours: schedule.hours,
    closures: closuresFor(data, vendorId)
      .filter((c) => Date.parse(c.endsAt) > now.getTime())
      .map((c) => ({ starts_at: c.startsAt, ends_at: c.endsAt, reason: c.reason })),
  };
}

/** A cart's brands with their schedules. */
export interface CartBrand {
  title: string;
  schedule: Schedule;
}

const closureAt = (schedule: Schedule, at: Date) =>
  schedule.closures.find((c) => c.startsAt.getTime() <= at.getTime() && at.getTime() < c.endsAt.getTime());

/**
 * Refuses an order for later at a time the location or a brand of the cart is closed: outside its
 * hours, or in a closure (named by its reason).
 */
export function checkOpenAt(location: Schedule, brands: CartBrand[], at: Date): void {
  const reason = (s: Schedule) => {
    const closure = closureAt(s, at);
    return closure?.reason ? ` (${closure.reason})` : '';
  };
  if (!openAt(at, location)) {
    throw invalid(
      `order_later: the kitchen is closed at that time${reason(location)}; please choose a time within opening hours`,
      'order_later',
    );
  }
  for (const brand of brands) {
    if (openAt(at, brand.schedule)) continue;
    throw invalid(
      `order_later: ${brand.title} is closed at that time${reason(brand.schedule)}; please choose a time within its opening hours`,
      'order_later',
    );
  }
}

/**
 * Refuses a line whose meal is sold out at the pickup time: "for today" when it is back on a later
 * day than the pickup's, else "until" the time it is back.
 */
export function checkOnSale(
  meal: { name: string; soldOutUntil: string | null },
  line: number,
  pickup: Date,
  timeZone: string,
  now: Date,
): void {
  if (!meal.soldOutUntil) return;
  const until = new Date(meal.soldOutUntil);
  if (until.getTime() <= pickup.getTime()) return;
  const when =
    localDate(until, timeZone) !== localDate(pickup, timeZone)
      ? 'for today'
      : `until ${formatPickupTime(until, timeZone, now)}`;
  throw invalid(`Sorry, ${meal.name} is sold out ${when}.`, `lines.${line}.meal_id`);
}
