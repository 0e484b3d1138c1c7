import {
  type AddClosureRequest,
  CLOSURE_MAX_DAYS_AHEAD,
  endOfTradingDay,
  type KitchenAvailabilityRequest,
  type KitchenAvailabilityResponse,
  type OpeningHours,
  type RemoveClosureRequest,
  type SaveOpeningHoursRequest,
  type SetMealSoldOutRequest,
  type SetMealSoldOutResponse,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../http/actor.js';
import { invalid, notFound } from '../../http/errors.js';
import { changeCatalog } from '../../lib/catalog-cache.js';
import { recordAudit } from '../audit/audit.record.js';
import * as q from './availability.queries.js';
import { locationFor, staffOf } from './kitchen.service.js';

/**
 * Hours, closures and sold-out items (docs/kitchen.md, "Hours, closures and sold-out items"). Every
 * write changes what customers see, so it runs through `changeCatalog` (cached menus, vendor lists,
 * pricing meals and schedules drop at once) and is audited in the same transaction.
 */
type Place = NonNullable<Awaited<ReturnType<typeof locationFor>>>;

/** How far ahead a sold-out item may be snoozed. */
const SOLD_OUT_MAX_DAYS = 7;
const DAY_MS = 86_400_000;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The location's own schedule from its row and closures (the brands' closures left out). */
function locationSchedule(
  location: Place,
  closures: { vendorId: number | null; startsAt: Date; endsAt: Date }[],
) {
  return {
    timeZone: location.timeZone,
    hours: location.openingHours,
    closures: closures.filter((c) => c.vendorId === null),
  };
}

async function presentAvailability(app: AppContext, location: Place): Promise<KitchenAvailabilityResponse> {
  const now = app.clock.now();
  const [brands, meals, closures] = await Promise.all([
    q.brandsOfLocation(app.db, location.id),
    q.enabledMealsOfLocation(app.db, location.id),
    q.closuresOf(app.db, location.id, now),
  ]);
  const onSale = (until: Date | null) => (until && until.getTime() > now.getTime() ? until : null);
  return {
    success: true,
    kitchaco: location.id,
    time_zone: location.timeZone,
    opening_hours: location.openingHours,
    brands: brands.map((b) => ({
      vendor_id: b.id,
      title: b.title,
      opening_hours: b.openingHours,
      meals: meals
        .filter((m) => m.vendorId === b.id)
        .map((m) => ({ id: m.id, meal_name: m.name, sold_out_until: iso(onSale(m.soldOutUntil)) })),
    })),
    closures: closures.map((c) => ({
      id: c.id,
      vendor_id: c.vendorId,
      starts_at: c.startsAt.toISOString(),
      ends_at: c.endsAt.toISOString(),
      reason: c.reason,
    })),
    sold_out_today_until: endOfTradingDay(now, locationSchedule(location, closures)).toISOString(),
    now: now.toISOString(),
  };
}

/** `kitchen_availability`: the location's hours, brands, meals and closures. */
export async function kitchenAvailability(
  app: AppContext,
  actor: Actor,
  input: KitchenAvailabilityRequest,
): Promise<KitchenAvailabilityResponse> {
  return presentAvailability(app, await locationFor(app, actor, input.kitchaco));
}

/**
 * `set_meal_sold_out`: operational, so without menu review. A kitchen or operator account only for
 * its own location's meals (any other is "not found").
 */
export async function setMealSoldOut(
  app: AppContext,
  actor: Actor,
  input: SetMealSoldOutRequest,
): Promise<SetMealSoldOutResponse> {
  const user = staffOf(actor);
  const meal = await q.mealWithLocation(app.db, input.meal_id);
  if (!meal || (!user.roles.has('super_admin') && meal.locationId !== user.locationId)) {
    throw notFound(`Meal ${input.meal_id} does not exist.`);
  }
  const location = await locationFor(app, actor, meal.locationId);
  const now = app.clock.now();
  let until: Date | null = null;
  if (input.until === 'today') {
    const closures = await q.closuresOf(app.db, location.id, now);
    until = endOfTradingDay(now, locationSchedule(location, closures));
  } else if (input.until !== null) {
    until = new Date(input.until);
    if (until.getTime() <= now.getTime()) throw invalid('until must be in the future.', 'until');
    if (until.getTime() > now.getTime() + SOLD_OUT_MAX_DAYS * DAY_MS) {
      throw invalid(`until must be at most ${SOLD_OUT_MAX_DAYS} days ahead.`, 'until');
    }
  }
  await changeCatalog(app, async (tx) => {
    await q.setSoldOutUntil(tx, meal.id, until);
    await recordAudit(tx, {
      entityId: meal.id,
      locationId: location.id,
      summary: `${meal.vendorTitle}: ${meal.name} ${until ? `sold out until ${until.toISOString()}` : 'back on sale'}`,
      before: { sold_out_until: iso(meal.soldOutUntil) },
      after: { sold_out_until: iso(until) },
    });
  });
  return { success: true, meal_id: meal.id, meal_name: meal.name, sold_out_until: iso(until) };
}

/** A brand of the location, or "not found" (another location's brand is not told apart). */
async function brandAt(app: AppContext, location: Place, vendorId: number) {
  const vendor = await q.vendorById(app.db, vendorId);
  if (!vendor || vendor.locationId !== location.id) throw notFound(`Brand ${vendorId} does not exist.`);
  return vendor;
}

/** `save_opening_hours`: the location's weekly hours, or a brand's (null: the location's). */
export async function saveOpeningHours(
  app: AppContext,
  actor: Actor,
  input: SaveOpeningHoursRequest,
): Promise<KitchenAvailabilityResponse> {
  const location = await locationFor(app, actor, input.kitchaco);
  const hours = input.opening_hours as OpeningHours | null;
  if (input.vendor_id === undefined) {
    if (!hours) throw invalid('opening_hours: a location needs its weekly hours.', 'opening_hours');
    await changeCatalog(app, async (tx) => {
      await q.setLocationHours(tx, location.id, hours);
      await recordAudit(tx, {
        entityId: location.id,
        locationId: location.id,
        summary: `${location.name}: opening hours changed`,
        before: { opening_hours: location.openingHours },
        after: { opening_hours: hours },
      });
    });
    return presentAvailability(app, { ...location, openingHours: hours });
  }
  const vendor = await brandAt(app, location, input.vendor_id);
  await changeCatalog(app, async (tx) => {
    await q.setVendorHours(tx, vendor.id, hours);
    await recordAudit(tx, {
      entityId: vendor.id,
      entity: 'vendor',
      locationId: location.id,
      summary: `${vendor.title}: opening hours ${hours ? 'changed' : "set to the location's"}`,
      before: { opening_hours: vendor.openingHours },
      after: { opening_hours: hours },
    });
  });
  return presentAvailability(app, location);
}

/** `add_closure`: closes the location or one of its brands for a while, with a reason. */
export async function addClosure(
  app: AppContext,
  actor: Actor,
  input: AddClosureRequest,
): Promise<KitchenAvailabilityResponse> {
  const location = await locationFor(app, actor, input.kitchaco);
  const user = staffOf(actor);
  const now = app.clock.now();
  const startsAt = new Date(input.starts_at);
  const endsAt = new Date(input.ends_at);
  if (endsAt.getTime() <= now.getTime()) throw invalid('ends_at must be in the future.', 'ends_at');
  if (startsAt.getTime() > now.getTime() + CLOSURE_MAX_DAYS_AHEAD * DAY_MS) {
    throw invalid(`starts_at must be at most ${CLOSURE_MAX_DAYS_AHEAD} days ahead.`, 'starts_at');
  }
  const vendor = input.vendor_id ? await brandAt(app, location, input.vendor_id) : null;
  await changeCatalog(app, async (tx) => {
    const added = await q.insertClosure(tx, {
      locationId: location.id,
      vendorId: vendor?.id ?? null,
      startsAt,
      endsAt,
      reason: input.reason,
      createdBy: user.id,
    });
    await recordAudit(tx, {
      entityId: added.id,
      locationId: location.id,
      summary: `${vendor?.title ?? location.name}: closed ${startsAt.toISOString()} to ${endsAt.toISOString()} (${input.reason})`,
      before: null,
      after: { vendor_id: added.vendorId, starts_at: startsAt, ends_at: endsAt, reason: added.reason },
    });
  });
  return presentAvailability(app, location);
}

/** `remove_closure`: a closure of a location the caller manages (any other is "not found"). */
export async function removeClosure(
  app: AppContext,
  actor: Actor,
  input: RemoveClosureRequest,
): Promise<KitchenAvailabilityResponse> {
  const user = staffOf(actor);
  const closure = await q.closureById(app.db, input.id);
  if (!closure || (!user.roles.has('super_admin') && closure.locationId !== user.locationId)) {
    throw notFound(`Closure ${input.id} does not exist.`);
  }
  const location = await locationFor(app, actor, closure.locationId);
  await changeCatalog(app, async (tx) => {
    if (!(await q.deleteClosure(tx, closure.id))) throw notFound(`Closure ${input.id} does not exist.`);
    await recordAudit(tx, {
      entityId: closure.id,
      locationId: location.id,
      summary: `${location.name}: closure removed (${closure.reason})`,
      before: {
        vendor_id: closure.vendorId,
        starts_at: closure.startsAt,
        ends_at: closure.endsAt,
        reason: closure.reason,
      },
      after: null,
    });
  });
  return presentAvailability(app, location);
}
