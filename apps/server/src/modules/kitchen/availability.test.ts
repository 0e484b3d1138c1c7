import { WEEKDAYS } from '@kitchaco/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, meals, orders } from '../../db/schema/index.js';
import { createTestApp, type TestApp, UNLIMITED_CHECKOUTS } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { clientCalls } from '../../test/calls.js';
import { createLocation, createMeal, createVendor } from '../../test/factories.js';

let t: TestApp;
let customer: { token: string; id: number };
let admin: { token: string; id: number };

// Melbourne is on daylight time (+11:00) in November; 2026-11-18 is a Wednesday.
const WED_NOON = '2026-11-18T01:00:00Z';
const WED_8PM = '2026-11-18T09:00:00Z';
const THU_11AM = '2026-11-19T00:00:00.000Z';
const everyDay = (open: string, close: string) =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, { open, close }]));

beforeAll(async () => {
  t = await createTestApp(UNLIMITED_CHECKOUTS);
  customer = await tokenFor(t.database.db, 'customer');
  admin = await tokenFor(t.database.db, 'super_admin');
});
afterAll(() => t.close());

/** A Melbourne location open 11:00-21:00 with two brands ("Lunch Co", "Dinner Co") of a meal each. */
async function kitchen(capacity: number | null = null) {
  const db = t.database.db;
  const location = await createLocation(db, {
    timeZone: 'Australia/Melbourne',
    openingHours: everyDay('11:00', '21:00'),
    slotCapacityItems: capacity,
  });
  const lunch = await createVendor(db, location.id, { title: 'Lunch Co' });
  const dinner = await createVendor(db, location.id, { title: 'Dinner Co' });
  const pho = (await createMeal(db, lunch.id, { name: 'Pho' })).meal;
  const curry = (await createMeal(db, dinner.id, { name: 'Curry' })).meal;
  return { locationId: location.id, lunch, dinner, pho, curry };
}
type Kitchen = Awaited<ReturnType<typeof kitchen>>;

const { adminData, quote, place: placeAs } = clientCalls(() => t.app);
const place = (checkout: object) => placeAs(customer.token, checkout);
const cart = (locationId: number, mealIds: number[], extra: object = {}) => ({
  kitchaco: locationId,
  order_type: 'pickup',
  lines: mealIds.map((meal_id) => ({ meal_id, quantity: 1, combo_ids: [] })),
  ...extra,
});
const ordersIn = async (locationId: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.locationId, locationId))).length;
const soldOut = (token: string, mealId: number, until: string | null) =>
  adminData(token, { query_type: 'set_meal_sold_out', meal_id: mealId, until });
/** Dinner Co open 17:00-20:00 only (within the location's 11:00-21:00). */
const dinnerHours = (k: Kitchen) =>
  adminData(admin.token, {
    query_type: 'save_opening_hours',
    kitchaco: k.locationId,
    vendor_id: k.dinner.id,
    opening_hours: everyDay('17:00', '20:00'),
  });

describe('hours, closures and sold-out items: access', () => {
  it('keeps kitchen and operator accounts to their own location, and hours to the back office', async () => {
    t.clock.set(WED_NOON);
    const k = await kitchen();
    const other = await kitchen();
    const ownKitchen = await tokenFor(t.database.db, 'kitchen', k.locationId);
    const otherKitchen = await tokenFor(t.database.db, 'kitchen', other.locationId);
    const otherOperator = await tokenFor(t.database.db, 'operator', other.locationId);

    const availability = await adminData(ownKitchen.token, { query_type: 'kitchen_availability' });
    expect(availability.statusCode).toBe(200);
    expect(availability.json()).toMatchObject({ kitchaco: k.locationId, time_zone: 'Australia/Melbourne' });
    expect(availability.json().brands.map((b: { title: string }) => b.title)).toEqual([
      'Dinner Co',
      'Lunch Co',
    ]);

    expect(
      (await adminData(otherKitchen.token, { query_type: 'kitchen_availability', kitchaco: k.locationId }))
        .statusCode,
    ).toBe(403);
    expect((await soldOut(otherKitchen.token, k.pho.id, 'today')).statusCode).toBe(404);
    expect((await soldOut(otherOperator.token, k.pho.id, null)).statusCode).toBe(404);
    // Saving hours and closures is the back office's.
    const save = { query_type: 'save_opening_hours', opening_hours: everyDay('10:00', '22:00') };
    expect((await adminData(ownKitchen.token, save)).statusCode).toBe(403);
    expect(
      (
        await adminData(ownKitchen.token, {
          query_type: 'add_closure',
          starts_at: '2026-12-25T00:00:00+11:00',
          ends_at: '2026-12-26T00:00:00+11:00',
          reason: 'Christmas Day',
        })
      ).statusCode,
    ).toBe(403);
    // Another location's brand or closure is not found.
    const otherBrand = await adminData(otherOperator.token, { ...save, vendor_id: k.dinner.id });
    expect(otherBrand.statusCode).toBe(404);
    const added = await adminData(admin.token, {
      query_type: 'add_closure',
      kitchaco: k.locationId,
      starts_at: '2026-12-25T00:00:00+11:00',
      ends_at: '2026-12-26T00:00:00+11:00',
      reason: 'Christmas Day',
    });
    expect(added.statusCode).toBe(200);
    const [closure] = added.json().closures;
    expect(closure).toMatchObject({
      vendor_id: null,
      starts_at: '2026-12-24T13:00:00.000Z',
      ends_at: '2026-12-25T13:00:00.000Z',
      reason: 'Christmas Day',
    });
    expect(
      (await adminData(otherOperator.token, { query_type: 'remove_closure', id: closure.id })).statusCode,
    ).toBe(404);
    const [meal] = await t.database.db.select().from(meals).where(eq(meals.id, k.pho.id));
    expect(meal!.soldOutUntil).toBeNull();
    const removed = await adminData(admin.token, { query_type: 'remove_closure', id: closure.id });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().closures).toEqual([]);
  });

  it('refuses a bad time naming the field, changing nothing', async () => {
    t.clock.set(WED_8PM);
    const k = await kitchen();
    const past = await soldOut(admin.token, k.pho.id, '2026-11-18T19:00:00+11:00');
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      success: false,
      field: 'until',
      error: expect.stringContaining('until'),
    });
    const far = await soldOut(admin.token, k.pho.id, '2026-11-26T20:00:00+11:00');
    expect(far.statusCode).toBe(400);
    expect(far.json()).toMatchObject({ field: 'until', error: 'until must be at most 7 days ahead.' });
    const word = await soldOut(admin.token, k.pho.id, 'tomorrow');
    expect(word.statusCode).toBe(400);
    expect(word.json().error).toContain('until');
    const [meal] = await t.database.db.select().from(meals).where(eq(meals.id, k.pho.id));
    expect(meal!.soldOutUntil).toBeNull();
  });
});

describe('sold out', () => {
  it('"today" at 8 PM lasts until the next day\'s 11:00 opening, shown on the public menu and refused at checkout', async () => {
    t.clock.set(WED_8PM);
    const k = await kitchen();
    const kitchenStaff = await tokenFor(t.database.db, 'kitchen', k.locationId);
    const set = await soldOut(kitchenStaff.token, k.pho.id, 'today');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      success: true,
      meal_id: k.pho.id,
      meal_name: 'Pho',
      sold_out_until: THU_11AM,
    });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'menu.sold_out'), eq(auditLog.entityId, String(k.pho.id))));
    expect(audits).toHaveLength(1);

    // Kept in the menu, greyed by the app.
    const menu = (await t.app.inject({ url: `/api/v1/vendors/${k.lunch.id}/menu/` })).json();
    expect(menu.meals).toEqual([expect.objectContaining({ id: k.pho.id, sold_out_until: THU_11AM })]);

    const before = await ordersIn(k.locationId);
    const refused = await place(cart(k.locationId, [k.pho.id]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      error: 'Sorry, Pho is sold out for today.',
      field: 'lines.0.meal_id',
    });
    expect(await ordersIn(k.locationId)).toBe(before);
    // Tomorrow at noon it is on sale again.
    expect(
      (await quote(cart(k.locationId, [k.pho.id], { order_later: '2026-11-19T12:00:00+11:00' }))).statusCode,
    ).toBe(200);

    const back = await soldOut(kitchenStaff.token, k.pho.id, null);
    expect(back.json().sold_out_until).toBeNull();
    expect((await place(cart(k.locationId, [k.pho.id]))).statusCode).toBe(200);
    expect(await ordersIn(k.locationId)).toBe(before + 1);
  });

  it('until a chosen time today names the time', async () => {
    t.clock.set(WED_NOON);
    const k = await kitchen();
    expect((await soldOut(admin.token, k.curry.id, '2026-11-18T18:30:00+11:00')).statusCode).toBe(200);
    const refused = await quote(cart(k.locationId, [k.curry.id]));
    expect(refused.json()).toMatchObject({
      error: 'Sorry, Curry is sold out until 6:30 PM.',
      field: 'lines.0.meal_id',
    });
  });
});

describe('opening hours and closures', () => {
  it("gives the vendor list each brand's schedule: its hours within the location's and the closures not ended", async () => {
    t.clock.set(WED_NOON);
    const k = await kitchen();
    expect((await dinnerHours(k)).statusCode).toBe(200);
    const closure = (vendorId: number | null, starts: string, ends: string, reason: string) =>
      adminData(admin.token, {
        query_type: 'add_closure',
        kitchaco: k.locationId,
        vendor_id: vendorId,
        starts_at: starts,
        ends_at: ends,
        reason,
      });
    expect(
      (await closure(null, '2026-12-25T00:00:00+11:00', '2026-12-26T00:00:00+11:00', 'Christmas Day'))
        .statusCode,
    ).toBe(200);
    expect(
      (await closure(k.dinner.id, '2026-11-20T00:00:00+11:00', '2026-11-21T00:00:00+11:00', 'Refit'))
        .statusCode,
    ).toBe(200);
    const vendors = (await t.app.inject({ url: `/api/v1/vendors/?kitchaco=${k.locationId}` })).json();
    const dinner = vendors.find((v: { id: number }) => v.id === k.dinner.id);
    const lunch = vendors.find((v: { id: number }) => v.id === k.lunch.id);
    expect(dinner.schedule).toEqual({
      time_zone: 'Australia/Melbourne',
      opening_hours: everyDay('17:00', '20:00'),
      closures: [
        { starts_at: '2026-11-19T13:00:00.000Z', ends_at: '2026-11-20T13:00:00.000Z', reason: 'Refit' },
        {
          starts_at: '2026-12-24T13:00:00.000Z',
          ends_at: '2026-12-25T13:00:00.000Z',
          reason: 'Christmas Day',
        },
      ],
    });
    expect(lunch.schedule).toEqual({
      time_zone: 'Australia/Melbourne',
      opening_hours: everyDay('11:00', '21:00'),
      closures: [
        {
          starts_at: '2026-12-24T13:00:00.000Z',
          ends_at: '2026-12-25T13:00:00.000Z',
          reason: 'Christmas Day',
        },
      ],
    });
    // The brand's closure, by its reason; the brand's closed hours, by name; the location's closure.
    const refit = await quote(
      cart(k.locationId, [k.pho.id, k.curry.id], { order_later: '2026-11-20T18:00:00+11:00' }),
    );
    expect(refit.statusCode).toBe(400);
    expect(refit.json()).toMatchObject({
      error:
        'order_later: Dinner Co is closed at that time (Refit); please choose a time within its opening hours',
      field: 'order_later',
    });
    const before = await ordersIn(k.locationId);
    const lunchtime = await place(
      cart(k.locationId, [k.curry.id], { order_later: '2026-11-19T12:00:00+11:00' }),
    );
    expect(lunchtime.statusCode).toBe(400);
    expect(lunchtime.json().error).toBe(
      'order_later: Dinner Co is closed at that time; please choose a time within its opening hours',
    );
    expect(await ordersIn(k.locationId)).toBe(before);
    // Lunch Co alone is open at lunchtime.
    expect(
      (await quote(cart(k.locationId, [k.pho.id], { order_later: '2026-11-19T12:00:00+11:00' }))).statusCode,
    ).toBe(200);
  });

  it('schedules an ASAP order while a brand of the cart is closed for its next opening', async () => {
    t.clock.set(WED_NOON);
    const k = await kitchen();
    await dinnerHours(k);
    expect((await quote(cart(k.locationId, [k.pho.id]))).json().order_later).toBeNull();
    // Dinner Co opens at 17:00 (06:00 UTC).
    expect((await quote(cart(k.locationId, [k.pho.id, k.curry.id]))).json().order_later).toBe(
      '2026-11-18T06:00:00.000Z',
    );
  });

  it('offers capacity slots only while every brand of the cart is open', async () => {
    t.clock.set(WED_NOON);
    const k = await kitchen(100);
    await dinnerHours(k);
    const at = { order_later: '2026-11-18T19:30:00+11:00' };
    // Lunch Co alone: the location closes at 21:00.
    expect((await quote(cart(k.locationId, [k.pho.id], at))).json().slots).toEqual([
      '2026-11-18T08:30:00.000Z',
      '2026-11-18T08:45:00.000Z',
      '2026-11-18T09:00:00.000Z',
      '2026-11-18T09:15:00.000Z',
    ]);
    // With Dinner Co (closes at 20:00): after the 8 PM slot, the next is the next day's 17:15.
    expect((await quote(cart(k.locationId, [k.pho.id, k.curry.id], at))).json().slots).toEqual([
      '2026-11-18T08:30:00.000Z',
      '2026-11-18T08:45:00.000Z',
      '2026-11-18T09:00:00.000Z',
      '2026-11-19T06:15:00.000Z',
    ]);
  });
});
